// The JSON texts of several values that share most of their parts, as the views of one version
// for each seat do: the public zones are the very same objects in every seat's view. What the
// values hold in common (the same primitive or the same object at the same place) is
// serialised once; each text is still exactly `JSON.stringify` of its own value, byte for
// byte, so nothing a viewer may not see can come from another viewer's value.

/** An object JSON.stringify writes key by key (not an array, not one with its own toJSON). */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** The same keys in the same order: then each text can be written key by key from shared parts. */
function sameKeys(objects: readonly Record<string, unknown>[]): string[] | null {
  const keys = Object.keys(objects[0]!);
  for (const o of objects) {
    const k = Object.keys(o);
    if (k.length !== keys.length || k.some((key, i) => key !== keys[i])) return null;
  }
  return keys;
}

/**
 * `JSON.stringify` of each value (undefined where it gives undefined), writing each part the
 * values share once. Plain objects with the same keys in the same order are written key by
 * key; anything else that differs is written for each value on its own.
 */
export function sharedJson(values: readonly unknown[]): (string | undefined)[] {
  const first = values[0];
  if (values.every((v) => Object.is(v, first))) {
    const text = JSON.stringify(first) as string | undefined;
    return values.map(() => text);
  }
  const keys = values.every(isPlainObject) ? sameKeys(values) : null;
  if (!keys) return values.map((v) => JSON.stringify(v) as string | undefined);
  const objects = values as readonly Record<string, unknown>[];
  const members: string[][] = objects.map(() => []);
  for (const key of keys) {
    const parts = sharedJson(objects.map((o) => o[key]));
    const name = JSON.stringify(key);
    parts.forEach((part, i) => {
      // JSON.stringify leaves out a key whose value it cannot write (undefined, a function).
      if (part !== undefined) members[i]!.push(`${name}:${part}`);
    });
  }
  // Joined, not added up: one flat string each, ready to be written to the network as it is.
  return members.map((m) => ['{', m.join(','), '}'].join(''));
}
