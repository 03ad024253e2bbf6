// The ChaCha20 block function (RFC 8439, section 2.3), written out so that drawing from a
// keystream allocates nothing. A round's deal needs one to three 64-byte blocks; a library's
// general stream cipher (which checks its inputs and allocates its buffers on every call) took
// several times longer to set them up than to compute them, at every round of every playout.
// tests/shared/rules/chacha20.test.ts checks it against @noble/ciphers' chacha20 and RFC 8439's
// test vector.

/** Words of one block: 4 constants, 8 key words, the block counter, 3 nonce words. */
export const BLOCK_WORDS = 16;
const COUNTER = 12;

/** "expand 32-byte k" as little-endian words. */
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

/** The input block of a 256-bit key (32 bytes) and a 96-bit nonce (3 little-endian words), counter 0. */
export function chachaInput(key: Uint8Array, nonce: readonly [number, number, number]): number[] {
  if (key.length !== 32) throw new Error('a ChaCha20 key is 32 bytes');
  // A plain array: a typed array this size costs more to allocate than a block costs to compute.
  const io: number[] = [SIGMA[0], SIGMA[1], SIGMA[2], SIGMA[3]];
  for (let i = 0; i < 8; i++) io.push((key[4 * i]! | (key[4 * i + 1]! << 8) | (key[4 * i + 2]! << 16) | (key[4 * i + 3]! << 24)) >>> 0);
  io.push(0, nonce[0] >>> 0, nonce[1] >>> 0, nonce[2] >>> 0);
  for (let i = 0; i < BLOCK_WORDS; i++) io.push(0);
  return io;
}

/**
 * Keystream block number `counter` of `io`'s input (its first 16 words, from `chachaInput`),
 * written into its last 16 words, as the little-endian words (unsigned) of the 64 keystream bytes.
 */
export function chachaBlock(io: number[], counter: number): void {
  io[COUNTER] = counter;
  let x0 = io[0]!,
    x1 = io[1]!,
    x2 = io[2]!,
    x3 = io[3]!;
  let x4 = io[4]!,
    x5 = io[5]!,
    x6 = io[6]!,
    x7 = io[7]!;
  let x8 = io[8]!,
    x9 = io[9]!,
    x10 = io[10]!,
    x11 = io[11]!;
  let x12 = counter,
    x13 = io[13]!,
    x14 = io[14]!,
    x15 = io[15]!;
  for (let round = 0; round < 10; round++) {
    // Column rounds.
    x0 = (x0 + x4) | 0;
    x12 = rotl(x12 ^ x0, 16);
    x8 = (x8 + x12) | 0;
    x4 = rotl(x4 ^ x8, 12);
    x0 = (x0 + x4) | 0;
    x12 = rotl(x12 ^ x0, 8);
    x8 = (x8 + x12) | 0;
    x4 = rotl(x4 ^ x8, 7);
    x1 = (x1 + x5) | 0;
    x13 = rotl(x13 ^ x1, 16);
    x9 = (x9 + x13) | 0;
    x5 = rotl(x5 ^ x9, 12);
    x1 = (x1 + x5) | 0;
    x13 = rotl(x13 ^ x1, 8);
    x9 = (x9 + x13) | 0;
    x5 = rotl(x5 ^ x9, 7);
    x2 = (x2 + x6) | 0;
    x14 = rotl(x14 ^ x2, 16);
    x10 = (x10 + x14) | 0;
    x6 = rotl(x6 ^ x10, 12);
    x2 = (x2 + x6) | 0;
    x14 = rotl(x14 ^ x2, 8);
    x10 = (x10 + x14) | 0;
    x6 = rotl(x6 ^ x10, 7);
    x3 = (x3 + x7) | 0;
    x15 = rotl(x15 ^ x3, 16);
    x11 = (x11 + x15) | 0;
    x7 = rotl(x7 ^ x11, 12);
    x3 = (x3 + x7) | 0;
    x15 = rotl(x15 ^ x3, 8);
    x11 = (x11 + x15) | 0;
    x7 = rotl(x7 ^ x11, 7);
    // Diagonal rounds.
    x0 = (x0 + x5) | 0;
    x15 = rotl(x15 ^ x0, 16);
    x10 = (x10 + x15) | 0;
    x5 = rotl(x5 ^ x10, 12);
    x0 = (x0 + x5) | 0;
    x15 = rotl(x15 ^ x0, 8);
    x10 = (x10 + x15) | 0;
    x5 = rotl(x5 ^ x10, 7);
    x1 = (x1 + x6) | 0;
    x12 = rotl(x12 ^ x1, 16);
    x11 = (x11 + x12) | 0;
    x6 = rotl(x6 ^ x11, 12);
    x1 = (x1 + x6) | 0;
    x12 = rotl(x12 ^ x1, 8);
    x11 = (x11 + x12) | 0;
    x6 = rotl(x6 ^ x11, 7);
    x2 = (x2 + x7) | 0;
    x13 = rotl(x13 ^ x2, 16);
    x8 = (x8 + x13) | 0;
    x7 = rotl(x7 ^ x8, 12);
    x2 = (x2 + x7) | 0;
    x13 = rotl(x13 ^ x2, 8);
    x8 = (x8 + x13) | 0;
    x7 = rotl(x7 ^ x8, 7);
    x3 = (x3 + x4) | 0;
    x14 = rotl(x14 ^ x3, 16);
    x9 = (x9 + x14) | 0;
    x4 = rotl(x4 ^ x9, 12);
    x3 = (x3 + x4) | 0;
    x14 = rotl(x14 ^ x3, 8);
    x9 = (x9 + x14) | 0;
    x4 = rotl(x4 ^ x9, 7);
  }
  const o = BLOCK_WORDS;
  io[o] = (x0 + io[0]!) >>> 0;
  io[o + 1] = (x1 + io[1]!) >>> 0;
  io[o + 2] = (x2 + io[2]!) >>> 0;
  io[o + 3] = (x3 + io[3]!) >>> 0;
  io[o + 4] = (x4 + io[4]!) >>> 0;
  io[o + 5] = (x5 + io[5]!) >>> 0;
  io[o + 6] = (x6 + io[6]!) >>> 0;
  io[o + 7] = (x7 + io[7]!) >>> 0;
  io[o + 8] = (x8 + io[8]!) >>> 0;
  io[o + 9] = (x9 + io[9]!) >>> 0;
  io[o + 10] = (x10 + io[10]!) >>> 0;
  io[o + 11] = (x11 + io[11]!) >>> 0;
  io[o + 12] = (x12 + counter) >>> 0;
  io[o + 13] = (x13 + io[13]!) >>> 0;
  io[o + 14] = (x14 + io[14]!) >>> 0;
  io[o + 15] = (x15 + io[15]!) >>> 0;
}

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));
