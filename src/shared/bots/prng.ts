// A fast seeded generator for bots' own decisions (sfc32). Bots need speed and repeatability,
// not secrecy: they never shuffle the real deck.
import { shuffled } from '../rules/rng';

export class BotRng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** An integer in [0, n); the tiny modulo bias is irrelevant for move choice. */
  below(n: number): number {
    return this.next() % n;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('nothing to pick from');
    return items[this.below(items.length)]!;
  }

  /** A uniform float in [0, 1). */
  float(): number {
    return this.next() / 0x1_0000_0000;
  }

  /** A new array with the items in random order (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    return shuffled(items, (n) => this.below(n));
  }

  /** An independent generator for a sub-task, derived from this one's next output and a tag. */
  fork(tag: number): BotRng {
    return new BotRng(mix(this.next(), tag));
  }
}

/** A 32-bit hash of two integers (for deriving seeds). */
export function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x85ebca6b, 0xcc9e2d51) ^ Math.imul(b + 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae3d);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of a string (for seeds given as text). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
