// How long idle tables stay in memory and how many one device may hold: the registry's sweep
// and limits read these (sweeper.ts, directory.ts, table-limits.ts).

export interface Lifecycle {
  /** A lobby with nobody connected is removed after this long (the host's default table stays). */
  readonly lobbyIdleMs: number;
  /** A game with nobody connected is parked to disk after this long. */
  readonly parkAfterMs: number;
  /** An unfinished game nobody has been at for this long is retired: its file moves to `abandoned/`. */
  readonly abandonAfterMs: number;
  /** Games parked on disk at most; past it, the device that parked the most retires its oldest. */
  readonly maxParked: number;
  /** How often idle tables are looked for. */
  readonly sweepMs: number;
  /** Tables one device may have created and someone is at (lobbies and games) at a time. */
  readonly maxTablesPerDevice: number;
  /** Unfinished tables (lobbies, games in play or parked lately) one device may have created, whoever is at them. */
  readonly maxUnfinishedPerDevice: number;
  /** The same for all the devices behind one client address together (table-limits.ts). */
  readonly maxUnfinishedPerAddress: number;
  /** A parked game counts to the device that created it for this long after everyone left. */
  readonly parkedCountsMs: number;
  /** Retired files in `abandoned/` are deleted after this long there... */
  readonly abandonedKeepMs: number;
  /** ...and past this many, the oldest first. */
  readonly maxAbandoned: number;
  /** Finished games the archive keeps at most (finished-archive.ts says which go). */
  readonly maxFinished: number;
}

export const DEFAULT_LIFECYCLE: Lifecycle = {
  lobbyIdleMs: 3 * 60_000,
  parkAfterMs: 10 * 60_000,
  // A game paused for a few weeks can still be resumed; one left for longer is kept only as a file.
  abandonAfterMs: 30 * 24 * 3_600_000,
  // A few game nights' worth: each parked game is listed in the lobby and loaded at every start.
  maxParked: 100,
  sweepMs: 10_000,
  // Well below the host's 64: a device seldom needs more than two tables, a host machine
  // setting up a game night a few; eleven devices would be needed to fill the host with games,
  // and lobbies give way to a newcomer anyway (table-limits.ts).
  maxTablesPerDevice: 6,
  // A family device with a few paused games and a lobby or two; a device that starts game after
  // game and walks away stops here, and so does what it can put into everyone's lobby.
  maxUnfinishedPerDevice: 8,
  // A household's devices behind one router: four devices' full share (each device keeps at
  // least MIN_SHARE whatever the others hold); a flood making up device ids stops here.
  maxUnfinishedPerAddress: 32,
  // A game everyone left a day ago waits for them on disk (until abandonAfterMs) without taking
  // its device's place: a device that walked away from games is not refused new ones for a month.
  parkedCountsMs: 24 * 3_600_000,
  // A retired game is one nobody came back to for a month, or a flood's: kept two weeks more for
  // whoever wants to look at it, and never more than a few hundred kilobytes' worth of files.
  abandonedKeepMs: 14 * 24 * 3_600_000,
  maxAbandoned: 100,
  // Years of game nights; a device whose walked-away games bots finish cannot fill the disk.
  maxFinished: 500,
};
