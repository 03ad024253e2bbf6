// Chance for the engine: a deterministic stream per (seed, purpose), from ChaCha20.
//
// The host seeds live games with 256 bits from the operating system's cryptographic source,
// so the shuffles are as unpredictable as that source; tests and replays use any string.
// Each round draws from its own stream (`seed` + round number), so a record that fixes the
// deals of some rounds leaves the chance of every other round unchanged.
import { chacha20 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

const BLOCK_WORDS = 64; // 256 bytes of keystream per refill
const NONCE = new Uint8Array(12);

export class Rng {
  private readonly key: Uint8Array;
  private words = new Uint32Array(0);
  private next = 0;
  private counter = 0;

  constructor(seed: string, purpose: string) {
    this.key = sha256(utf8ToBytes(`${purpose}\u0000${seed}`));
  }

  private word(): number {
    if (this.next === this.words.length) {
      const bytes = chacha20(this.key, NONCE, new Uint8Array(BLOCK_WORDS * 4), undefined, this.counter);
      this.counter += (BLOCK_WORDS * 4) / 64;
      this.words = new Uint32Array(bytes.buffer, bytes.byteOffset, BLOCK_WORDS);
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

  /** A new array with the items in uniformly random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const t = out[i]!;
      out[i] = out[j]!;
      out[j] = t;
    }
    return out;
  }
}
