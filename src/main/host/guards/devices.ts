// Devices behind one address. A router's NAT, a guest network or the host's own machine puts
// a whole family behind one client address, so the bounds meant for one device (its tables,
// its wrong PINs, its knocks, its budgets) are kept per device, each with a more generous
// bound per address behind it. A device names itself with a random id it keeps (the page's
// local storage: `auth.device` when it connects); the host keeps only a digest of it.
//
// An id costs nothing to make up, so an address may bring in only so many new ones: a burst
// (a family's phones, a host restarted) then a few an hour. A device past that, or with no id
// (an older page), is the address's shared device: as one device, it is bounded as before.
// A flood that makes up ids therefore gets at most ADMIT.burst devices at once, then a few an
// hour, and the bound per address stops it even then (table-limits.ts, attempts.ts).
import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import { type RateLimit, TokenBucket } from './rate-limit';
import { DEVICE_ID } from '../../../shared/protocol/device-id';

/** New device ids one address may bring: 16 at once, then 4 an hour. */
export const ADMIT: RateLimit = { burst: 16, perSecond: 4 / 3600 };

/** Device ids remembered (the quietest forgotten first: they are let in again from the address's allowance). */
const MAX_KNOWN = 8192;

/** The address's shared device: what a client with no id (or one past the address's allowance) is. */
export const sharedDevice = (address: string): string => `a:${address}`;

/** A device's key: `d:` and a digest of its id (the id itself stays on the device). */
const deviceKey = (id: string): string => `d:${createHash('sha256').update(id, 'utf8').digest('base64url').slice(0, 22)}`;

export class DeviceIds {
  /** Devices seen lately, by address and key, in order of last use. */
  private readonly known = new Set<string>();
  private readonly admit = new Map<string, TokenBucket>();

  constructor(
    private readonly clock: Clock,
    private readonly policy: RateLimit = ADMIT,
  ) {}

  /** The key the bounds per device use for a client at `address` that named itself `claimed`. */
  keyOf(address: string, claimed: unknown): string {
    if (typeof claimed !== 'string' || !DEVICE_ID.test(claimed)) return sharedDevice(address);
    const key = deviceKey(claimed);
    const seen = `${address} ${key}`;
    if (this.known.delete(seen) || this.admitted(address)) {
      this.known.add(seen);
      if (this.known.size > MAX_KNOWN) this.known.delete(this.known.values().next().value!);
      return key;
    }
    return sharedDevice(address);
  }

  private admitted(address: string): boolean {
    let bucket = this.admit.get(address);
    if (bucket) this.admit.delete(address);
    else bucket = new TokenBucket(this.policy, this.clock);
    this.admit.set(address, bucket);
    if (this.admit.size > MAX_KNOWN) this.admit.delete(this.admit.keys().next().value!);
    return bucket.take();
  }
}
