// Chance for the engine: ChaCha20 keystreams keyed by the game's seed, one stream per purpose
// and round.
//
// The host seeds live games with 256 bits from the operating system's cryptographic source,
// so the shuffles are as unpredictable as that source; tests and replays use any string.
// Each round draws from its own stream, so a record that fixes the deals of some rounds
// leaves the chance of every other round unchanged.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { BLOCK_WORDS, chachaBlock, chachaInput } from './chacha20';

/** What a stream is for; with the round number it forms the ChaCha20 nonce (stream, round, 0). */
export const Stream = { HistoryDeck: 1, History: 2, Deal: 3 } as const;
export type Stream = (typeof Stream)[keyof typeof Stream];

/** The ChaCha20 key of a game, derived once from its seed (SHA-256 of its UTF-8 bytes). */
export const seedKey = (seed: string): Uint8Array => sha256(asciiBytes(seed) ?? utf8ToBytes(seed));

/** The bytes of an ASCII text (its UTF-8 bytes), null for any other text; cheaper than a TextEncoder call for a short seed. */
function asciiBytes(text: string): Uint8Array | null {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return null;
    bytes[i] = code;
  }
  return bytes;
}

export class Rng {
  /** The block's input, then the current keystream block (chacha20.ts). */
  private readonly io: number[];
  /** The next unread word of the current block; BLOCK_WORDS when it is used up. */
  private next = BLOCK_WORDS;
  /** Keystream blocks computed so far (the ChaCha20 block counter). */
  private counter = 0;

  constructor(key: Uint8Array, stream: Stream, round = 0) {
    this.io = chachaInput(key, [stream, round, 0]);
  }

  private word(): number {
    if (this.next === BLOCK_WORDS) {
      chachaBlock(this.io, this.counter++);
      this.next = 0;
    }
    return this.io[BLOCK_WORDS + this.next++]!;
  }

  /** A uniform integer in [0, n), without modulo bias. */
  below(n: number): number {
    // 2 ** 32 % n in 32-bit integer arithmetic ((2 ** 32 - n) % n): a float modulo costs far more.
    const limit = 0x1_0000_0000 - ((-n >>> 0) % n);
    for (;;) {
      const w = this.word() >>> 0;
      if (w < limit) return (w % n) >>> 0;
    }
  }

  /** A new array with the items in uniformly random order. */
  shuffle<T>(items: readonly T[]): T[] {
    return shuffled(items, (n) => this.below(n));
  }
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
