// The display name this device last used, kept for the next join.
const KEY = 'chronicle.name';

export function loadPlayerName(): string {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function savePlayerName(name: string): void {
  try {
    globalThis.localStorage?.setItem(KEY, name);
  } catch {
    // not kept: the name is asked again next time
  }
}
