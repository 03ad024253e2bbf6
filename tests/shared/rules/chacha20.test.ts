// The engine's own ChaCha20 block function gives exactly the keystream of @noble/ciphers'
// chacha20 (which the engine used before), and a seed's key is the SHA-256 of its UTF-8 bytes:
// every seed deals the same cards as it always did.
import { createHash } from 'node:crypto';
import { chacha20 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import { BLOCK_WORDS, chachaBlock, chachaInput } from '../../../src/shared/rules/chacha20';
import { Rng, Stream, seedKey } from '../../../src/shared/rules/rng';
import { BotRng } from '../../../src/shared/bots/prng';

/** Blocks `first` … `first + blocks - 1` of the keystream, as bytes. */
function ownKeystream(key: Uint8Array, nonce: [number, number, number], first: number, blocks: number): Uint8Array {
  const io = chachaInput(key, nonce);
  const out = new Uint8Array(blocks * 64);
  for (let b = 0; b < blocks; b++) {
    chachaBlock(io, first + b);
    for (let w = 0; w < BLOCK_WORDS; w++) {
      const word = io[BLOCK_WORDS + w]!;
      for (let i = 0; i < 4; i++) out[b * 64 + w * 4 + i] = (word >>> (8 * i)) & 0xff;
    }
  }
  return out;
}

const nonceBytes = (nonce: readonly number[]): Uint8Array => {
  const bytes = new Uint8Array(12);
  new DataView(bytes.buffer).setUint32(0, nonce[0]!, true);
  new DataView(bytes.buffer).setUint32(4, nonce[1]!, true);
  new DataView(bytes.buffer).setUint32(8, nonce[2]!, true);
  return bytes;
};

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('chachaBlock', () => {
  it("gives RFC 8439's keystream block (section 2.3.2)", () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i);
    const nonce = nonceBytes([0x09000000, 0x4a000000, 0]);
    const view = new DataView(nonce.buffer);
    const io = chachaInput(key, [view.getUint32(0, true), view.getUint32(4, true), view.getUint32(8, true)]);
    chachaBlock(io, 1);
    expect(Array.from(io.slice(BLOCK_WORDS), (w) => w.toString(16).padStart(8, '0'))).toEqual([
      'e4e7f110',
      '15593bd1',
      '1fdd0f50',
      'c47120a3',
      'c7f4d1c7',
      '0368c033',
      '9aaa2204',
      '4e6cd4c3',
      '466482d2',
      '09aa9f07',
      '05d7c214',
      'a2028bd9',
      'd19c12b5',
      'b94e16de',
      'e883d0cb',
      '4e3c50a2',
    ]);
  });

  it("gives @noble/ciphers' chacha20 keystream for random keys, nonces and counters", () => {
    const rng = new BotRng(20);
    for (let t = 0; t < 200; t++) {
      const key = Uint8Array.from({ length: 32 }, () => rng.below(256));
      const nonce: [number, number, number] = [rng.next(), rng.next(), t % 3 === 0 ? 0 : rng.next()];
      const first = t % 2 === 0 ? 0 : rng.below(1000);
      const blocks = 1 + rng.below(4);
      const theirs = chacha20(key, nonceBytes(nonce), new Uint8Array(blocks * 64), undefined, first);
      expect(hex(ownKeystream(key, nonce, first, blocks))).toBe(hex(theirs));
    }
  });
});

describe('Rng', () => {
  it("draws the words of @noble/ciphers' chacha20 keystream for (stream, round, 0), in order", () => {
    for (const [seed, stream, round] of [
      ['a', Stream.Deal, 0],
      ['b', Stream.History, 3],
      ['c', Stream.HistoryDeck, 0],
    ] as const) {
      const key = seedKey(seed);
      const bytes = chacha20(key, nonceBytes([stream, round, 0]), new Uint8Array(5 * 64));
      const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
      const rng = new Rng(key, stream, round);
      // below(2 ** 32 - 1) returns every word under its limit as it is: 5 blocks' worth.
      const drawn = Array.from({ length: words.length }, () => rng.below(0xffff_ffff));
      expect(drawn).toEqual(Array.from(words).filter((w) => w < 0xffff_ffff));
    }
  });
});

describe('seedKey', () => {
  it('is the SHA-256 of the seed as UTF-8, for ASCII seeds and others', () => {
    for (const seed of ['', 'bench-1', 'a'.repeat(300), 'Ádám és Éva', 'jeu-été-🂡', '\u007f\u0080']) {
      expect(hex(seedKey(seed))).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
    }
  });
});
