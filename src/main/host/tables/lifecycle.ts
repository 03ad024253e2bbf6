// How long idle tables stay in memory and how many one device may hold: the registry's sweep
// and limits read these (sweeper.ts, directory.ts, table-limits.ts).

export interface Lifecycle {
  /** A lobby with nobody connected is removed after this long (the host's default table stays). */
  readonly lobbyIdleMs: number;
  /** A game with nobody connected is parked to disk after this long. */
  readonly parkAfterMs: number;
  /** How often idle tables are looked for. */
  readonly sweepMs: number;
  /** Tables one client address may have created and someone is at (lobbies and games) at a time. */
  readonly maxTablesPerAddress: number;
}

export const DEFAULT_LIFECYCLE: Lifecycle = {
  lobbyIdleMs: 3 * 60_000,
  parkAfterMs: 10 * 60_000,
  sweepMs: 10_000,
  // Well below the host's 64: a device seldom needs more than two tables, a host machine
  // setting up a game night a few; eleven devices would be needed to fill the host with games,
  // and lobbies give way to a newcomer anyway (table-limits.ts).
  maxTablesPerAddress: 6,
};
