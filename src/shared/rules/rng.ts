// Chance for the engine: ChaCha20 keystreams keyed by the game's seed, one stream per purpose
// and round.
//
// The host seeds live games with 256 bits from the operating system's cryptographic source,
// so the shuffles are as unpredictable as that source; tests and replays use any string.
// Each round draws from its own stream, so a record that fixes the deals of some rounds
// leaves the chance of every other round unchanged.
import { chacha20 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** What a stream is for; with the round number it selects the ChaCha20 nonce. */
export const Stream = { HistoryDeck: 1, History: 2, Deal: 3 } as const;
export type Stream = (typeof Stream)[keyof typeof Stream];

const BLOCK_BYTES = 64;
/** Keystream blocks of a stream's first refill: enough for most rounds (one word for a history card, 35 for a deal). */
const FIRST_BLOCKS: Record<Stream, number> = { [Stream.HistoryDeck]: 1, [Stream.History]: 1, [Stream.Deal]: 3 };
const LATER_BLOCKS = 4;
/** The keystream is ChaCha20 over zeros; this buffer is only ever read. */
const ZEROS = new Uint8Array(LATER_BLOCKS * BLOCK_BYTES);
const NO_WORDS = new Uint32Array(0);

/** The ChaCha20 key of a game, derived once from its seed. */
export const seedKey = (seed: string): Uint8Array => sha256(utf8ToBytes(seed));

export class Rng {
  private readonly nonce = new Uint8Array(12);
  private readonly firstBlocks: number;
  private words = NO_WORDS;
  private next = 0;
  /** Keystream blocks used so far (the ChaCha20 block counter). */
  private counter = 0;

  constructor(
    private readonly key: Uint8Array,
    stream: Stream,
    round = 0,
  ) {
    this.firstBlocks = FIRST_BLOCKS[stream];
    writeUint32LE(this.nonce, 0, stream);
    writeUint32LE(this.nonce, 4, round);
  }

  private word(): number {
    if (this.next === this.words.length) {
      // Cut into refills of any size, the keystream and so every draw stays the same.
      const blocks = this.counter === 0 ? this.firstBlocks : LATER_BLOCKS;
      const bytes = chacha20(this.key, this.nonce, ZEROS.subarray(0, blocks * BLOCK_BYTES), undefined, this.counter);
      this.counter += blocks;
      this.words = new Uint32Array(bytes.buffer, bytes.byteOffset, (blocks * BLOCK_BYTES) / 4);
      this.next = 0;
    }
    return this.words[this.next++]!;
  }

  /** A uniform integer in [0, n), without modulo bias. */
  below(n: number): number {
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    for (;;) {
      const w = this.word();
      if (w < limit) return w % n;
    }
  }

  /** A new array with the items in uniformly random order. */
  shuffle<T>(items: readonly T[]): T[] {
    return shuffled(items, (n) => this.below(n));
  }
}

function writeUint32LE(bytes: Uint8Array, at: number, value: number): void {
  for (let i = 0; i < 4; i++) bytes[at + i] = (value >>> (8 * i)) & 0xff;
}

/** A new array with the items in random order (Fisher–Yates), given integers in [0, n). */
export function shuffled<T>(items: readonly T[], below: (n: number) => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
