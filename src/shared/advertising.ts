// Whether a host's tables can be found on the network (mDNS), as the advertiser reports it to
// the desktop app's window (over the preload bridge) and to `chronicle host`'s output. The
// window checks what it receives (`parseAdvertisingStatus`): a shape it does not know is not
// shown. Hand-written rather than zod: the check runs in the renderer, whose bundle has no zod.

export const ADVERTISING_STATES = ['off', 'probing', 'advertised', 'renamed', 'retrying'] as const;

/**
 * - `off`: nothing advertised (closed to the network, or mDNS turned off);
 * - `probing`: checking that the tables' names are free before announcing them (about a second);
 * - `advertised`: every table announced under its own name;
 * - `renamed`: every table announced, some under a new name because another device answered
 *   for the first one (RFC 6762 §9);
 * - `retrying`: mDNS failed (no usable socket, or a send failed), or names keep being taken:
 *   trying again after a pause.
 */
export type AdvertisingState = (typeof ADVERTISING_STATES)[number];

export interface AdvertisingStatus {
  readonly state: AdvertisingState;
  /** Names announced instead of taken ones: instances (`Friday night (k3f9ab) (2)`) and hosts (`chronicle-k3f9ab-2.local`). */
  readonly renamed: readonly string[];
  /** The `.local` names the tables are announced under now (SRV targets). */
  readonly hostNames: readonly string[];
}

export const ADVERTISING_OFF: AdvertisingStatus = { state: 'off', renamed: [], hostNames: [] };

const MAX_NAMES = 256;
const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 255;
const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.length <= MAX_NAMES && v.every(isName);

/** The status when `value` has exactly its shape (no other keys), else null. */
export function parseAdvertisingStatus(value: unknown): AdvertisingStatus | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (Object.keys(v).sort().join() !== 'hostNames,renamed,state') return null;
  if (!ADVERTISING_STATES.includes(v['state'] as AdvertisingState) || !isNames(v['renamed']) || !isNames(v['hostNames'])) return null;
  return { state: v['state'] as AdvertisingState, renamed: [...v['renamed']], hostNames: [...v['hostNames']] };
}
