// A setting of this browser kept in localStorage (per origin, so per host): read with its
// codec, which turns what is stored into the setting or says it is not one (a damaged or old
// entry is as good as none). Storage may be disabled (private mode) or full: then the
// fallback holds, and a saved choice holds for this page only.

export interface Codec<T> {
  /** The setting stored as `raw`, or undefined when `raw` is not one. */
  read(raw: string): T | undefined;
  write(value: T): string;
}

export interface StoredSetting<T> {
  /** The stored setting, else the fallback. */
  load(): T;
  save(value: T): void;
  clear(): void;
}

export function storedSetting<T>(key: string, codec: Codec<T>, fallback: () => T): StoredSetting<T> {
  return {
    load() {
      try {
        const raw = globalThis.localStorage?.getItem(key);
        const value = raw === null || raw === undefined ? undefined : codec.read(raw);
        return value === undefined ? fallback() : value;
      } catch {
        return fallback();
      }
    },
    save(value) {
      try {
        globalThis.localStorage?.setItem(key, codec.write(value));
      } catch {
        // kept for this page only
      }
    },
    clear() {
      try {
        globalThis.localStorage?.removeItem(key);
      } catch {
        // nothing to remove
      }
    },
  };
}

/** On or off, stored as `true` / `false`. */
export const FLAG: Codec<boolean> = { read: (raw) => raw === 'true', write: String };

/** Text as it is. */
export const TEXT: Codec<string> = { read: (raw) => raw, write: (value) => value };

/** One of `options`. */
export function oneOf<T extends string>(options: readonly T[]): Codec<T> {
  return { read: (raw) => options.find((o) => o === raw), write: (value) => value };
}

/** JSON, checked by `check` (undefined: not a setting). */
export function json<T>(check: (parsed: unknown) => T | undefined): Codec<T> {
  return {
    read(raw) {
      try {
        return check(JSON.parse(raw));
      } catch {
        return undefined;
      }
    },
    write: (value) => JSON.stringify(value),
  };
}
