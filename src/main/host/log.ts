// Logging is injected so tests can run a host with a quiet log.

export interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Never log tokens, seeds or hands: messages name tables, seats and codes only. */
export const consoleLog: Log = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m, e) => console.error(m, e instanceof Error ? (e.stack ?? e.message) : (e ?? '')),
};

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };
