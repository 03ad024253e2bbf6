// The game table's one keyboard map: a key press is looked up by its key (letters in lower
// case) and the bindings whose moment it is are tried in order until one answers. One window handler for the whole
// table, so no two parts of the screen answer the same key.
import { isTypingTarget } from './keys';

export interface KeyBinding {
  /** The keys it answers, as `KeyboardEvent.key` (letters in lower case). */
  readonly keys: readonly string[];
  /** Whether it answers now; always when absent. */
  readonly when?: () => boolean;
  /** Answers the key; false: it did not after all (the browser keeps it). */
  readonly run: (key: string) => boolean | void;
}

export class KeyMap {
  readonly #bindings = new Map<string, KeyBinding[]>();

  constructor(bindings: readonly KeyBinding[]) {
    for (const binding of bindings) {
      for (const key of binding.keys) this.#bindings.set(key, [...(this.#bindings.get(key) ?? []), binding]);
    }
  }

  /** For `<svelte:window onkeydown>`: keys typed into a field or with a modifier are not the game's. */
  onkeydown = (event: KeyboardEvent): void => {
    if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    for (const binding of this.#bindings.get(key) ?? []) {
      if (!(binding.when?.() ?? true) || binding.run(key) === false) continue;
      event.preventDefault();
      return;
    }
  };
}

/** Keys 1–9: the numbered options of the hand or of a prompt. */
export const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The hotkey of each numbered card, in the order shown: the first nine playable ones. */
export function hotkeys<T>(items: readonly T[], numbered: (item: T) => boolean): Map<T, string | undefined> {
  return new Map(items.filter(numbered).map((item, i) => [item, i < 9 ? String(i + 1) : undefined]));
}
