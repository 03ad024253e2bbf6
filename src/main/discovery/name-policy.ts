// What the advertiser does when a name is taken or mDNS fails, as pure functions of the counts
// and the clock (unit-tested on their own).
//  - RFC 6762 §9: a name another device answers for while it is probed is given up for a new
//    one, and the new one is probed again, never giving up: instance
//    `Friday night (k3f9ab)` becomes `Friday night (k3f9ab) (2)`, `(3)`, ...; host
//    `chronicle-k3f9ab.local` becomes `chronicle-k3f9ab-2.local`, ...
//  - RFC 6762 §8.1: after 15 conflicts within 10 s, wait 5 s before each further probe (a device
//    answering every probe must not make the host flood the link), for as long as the conflicts
//    keep coming (until 10 s pass without one), not only while 15 are in the last 10 s. A
//    device answering every probe keeps a new table off the network only while it runs.
//  - A name once won (probed, nobody answered, announced) is kept: another device announcing it
//    afterwards gets our records back (with the cache-flush bit, RFC 6762 §10.2), at most once a
//    second per table (RFC 6762 §6), instead of a rename. The names carry a random id, so a later
//    claim is a device claiming names, not an honest twin: renaming for it would hand every
//    name the host ever takes to a device that claims them all, and the tables would never stay
//    on the network.
//  - Errors (no usable socket, a publish that throws): try again after 1, 2, 4 ... 60 s.
import { truncateUtf8, utf8Length } from './txt';

const LABEL_BYTES = 63;

/** The `n`th choice of an instance name (1: the first, `base` itself), within one DNS label. */
export function instanceChoice(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = ` (${n})`;
  const name = `${truncateUtf8(base, LABEL_BYTES - utf8Length(suffix))}${suffix}`;
  return name;
}

/** The `n`th choice of a host name for the SRV target: `chronicle-<id>.local`, `chronicle-<id>-2.local`... */
export function hostChoice(shortId: string, n: number): string {
  return n <= 1 ? `chronicle-${shortId}.local` : `chronicle-${shortId}-${n}.local`;
}

export const CONFLICT_WINDOW_MS = 10_000;
export const CONFLICTS_BEFORE_PAUSE = 15;
export const CONFLICT_PAUSE_MS = 5_000;

/** Counts name conflicts host-wide and says how long to wait before the next probe. */
export class ConflictPacer {
  private times: number[] = [];
  /** 15 conflicts came within 10 s, and the conflicts have not stopped since. */
  private pacing = false;

  /** Records a conflict at `now`; returns the wait before probing the new name (ms). */
  conflict(now: number): number {
    const last = this.times.at(-1);
    if (last !== undefined && now - last >= CONFLICT_WINDOW_MS) this.pacing = false; // quiet for 10 s: start over
    this.times = this.times.filter((t) => now - t < CONFLICT_WINDOW_MS);
    this.times.push(now);
    if (this.times.length >= CONFLICTS_BEFORE_PAUSE) this.pacing = true;
    return this.pacing ? CONFLICT_PAUSE_MS : 0;
  }
}

/** RFC 6762 §6: a record is multicast at most once a second; the answer to a claim too. */
export const DEFEND_INTERVAL_MS = 1_000;

export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

/** Wait before attempt `failures + 1` after `failures` failures in a row (1 s doubling, at most 60 s). */
export function retryDelay(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 16));
}
