// The host side of discovery: each table advertised over mDNS/DNS-SD under a unique instance
// name, its TXT record updated when seats change, goodbyes when it goes (notes: mdns-stack.ts).
// Each table's names are probed before they are announced; a name another device answers for is
// given up for the next one and probed again (RFC 6762 §9, name-policy.ts), paced but never
// given up, so a device answering probes cannot keep the tables off the network for good. A name
// once won is kept: another device announcing it afterwards (conflict.ts) gets our records back,
// so neither can it take an advertised table's name over nor push the table off the network.
import { createHash, randomBytes } from 'node:crypto';
import { ADVERTISING_OFF, type AdvertisingStatus } from '../../shared/advertising';
import { ConflictWatch } from './conflict';
import type { AdvertisedTable, Discovery, DiscoveryLog } from './discovery';
import { ConflictPacer, DEFEND_INTERVAL_MS, hostChoice, instanceChoice, retryDelay } from './name-policy';
import { advertisedName, encodeTableTxt, truncateUtf8, utf8Length } from './txt';
import {
  type MdnsOptions,
  type MdnsPacket,
  type MdnsRecord,
  type MdnsSender,
  type MdnsStack,
  type PublishedService,
  SERVICE_DOMAIN,
  SERVICE_TYPE,
  StackKeeper,
  defaultLog,
  errorText,
  settle,
} from './mdns-stack';

export interface BonjourDiscoveryOptions extends MdnsOptions {
  /** Minimum time between two re-publications of one table (ms). Default 1000 (RFC 6762 §8.4). */
  readonly minUpdateIntervalMs?: number;
}

interface Advert {
  table: AdvertisedTable;
  txt: Record<string, string>;
  readonly shortId: string;
  /** The first choice of instance name; `instanceN` / `hostN` count the choices taken so far. */
  readonly firstInstance: string;
  instanceN: number;
  hostN: number;
  /** probing: checking its names; announced: published; waiting: a pause before trying again. */
  phase: 'probing' | 'announced' | 'waiting';
  /** Bumped at each probe: a probe's answer for an older attempt is ignored. */
  attempt: number;
  failures: number;
  service: PublishedService | null;
  /** Claims on the names of the last service published (current names only count). */
  watch: ConflictWatch | null;
  lastPublished: number;
  /** A TXT update waiting for the minimum interval. */
  timer: ReturnType<typeof setTimeout> | null;
  /** The next probe after a pause. */
  retry: ReturnType<typeof setTimeout> | null;
  /** Our records sent again for a claim of its names: when last, and the one waiting (at most one a second). */
  defendedAt: number;
  defence: ReturnType<typeof setTimeout> | null;
  /** The last device heard claiming its names (said once in the log, not at every claim). */
  claimedBy: string | null;
}

/** Our unique records carry the cache-flush bit when defended: caches drop the claimer's (RFC 6762 §10.2). */
const FLUSHED = new Set(['SRV', 'TXT', 'A', 'AAAA']);
const defenceOf = (records: readonly MdnsRecord[]): MdnsRecord[] => records.map((r) => (FLUSHED.has(r.type) ? { ...r, flush: true } : r));

const INSTANCE_NAME_BYTES = 40; // + " (" + 6-char id + ")" + " (NN)" stays under the 63-byte label limit

/** `Friday night (k3f9ab)`: the table name (dots replaced, DNS labels cannot hold them) + short id. */
export function instanceName(tableName: string, shortId: string): string {
  const base = truncateUtf8(advertisedName(tableName).replace(/\./g, '-'), INSTANCE_NAME_BYTES);
  const name = `${base} (${shortId})`;
  if (utf8Length(name) > 63) throw new Error('instance name over 63 bytes'); // cannot happen
  return name;
}

const instanceOf = (a: Advert): string => instanceChoice(a.firstInstance, a.instanceN);
const hostOf = (a: Advert): string => hostChoice(a.shortId, a.hostN);
const fqdn = (instance: string): string => `${instance}.${SERVICE_DOMAIN}`;

function sameTxt(a: Record<string, string>, b: Record<string, string>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

class BonjourDiscovery implements Discovery {
  private readonly adverts = new Map<string, Advert>();
  private readonly salt = randomBytes(8).toString('hex');
  private readonly keeper: StackKeeper;
  private readonly minUpdateIntervalMs: number;
  private readonly pacer = new ConflictPacer();
  private readonly listeners = new Set<(status: AdvertisingStatus) => void>();
  private lastStatus = '';
  private closed = false;

  constructor(options: BonjourDiscoveryOptions) {
    this.minUpdateIntervalMs = options.minUpdateIntervalMs ?? 1000;
    this.keeper = new StackKeeper(
      options,
      options.log ?? defaultLog,
      (stack, reason) => {
        stack.on('response', (packet, sender) => this.onResponse(stack, packet, sender));
        if (reason === 'start') return; // nothing advertised yet
        if (this.adverts.size > 0) this.log('info', `re-advertising ${this.adverts.size} table(s) (${reason})`);
        for (const advert of this.adverts.values()) {
          advert.service = null; // went with the old socket
          this.claim(advert);
        }
      },
      // Later, not now: the keeper may report a failed start from inside its constructor.
      () => queueMicrotask(() => this.changed()),
    );
  }

  private get log(): DiscoveryLog {
    return this.keeper.log;
  }

  advertise(table: AdvertisedTable): void {
    if (typeof table.tableId !== 'string' || table.tableId === '') throw new RangeError('tableId must be a non-empty string');
    if (!Number.isInteger(table.port) || table.port < 1 || table.port > 65535) throw new RangeError('port must be 1..65535');
    const txt = encodeTableTxt(table);
    if (this.closed) {
      this.log('warn', `advertise after close ignored (${table.tableId})`);
      return;
    }
    const existing = this.adverts.get(table.tableId);
    if (!existing) {
      const shortId = createHash('sha256').update(`${this.salt}:${table.tableId}`).digest('hex').slice(0, 6);
      const advert: Advert = {
        table,
        txt,
        shortId,
        firstInstance: instanceName(table.name, shortId),
        instanceN: 1,
        hostN: 1,
        phase: 'probing',
        attempt: 0,
        failures: 0,
        service: null,
        watch: null,
        lastPublished: 0,
        timer: null,
        retry: null,
        defendedAt: 0,
        defence: null,
        claimedBy: null,
      };
      this.adverts.set(table.tableId, advert);
      this.claim(advert);
      return;
    }
    const changed = existing.table.port !== table.port || !sameTxt(existing.txt, txt);
    existing.table = table;
    existing.txt = txt;
    // Not announced yet: the announcement will carry the latest data.
    if (!changed || existing.timer || !existing.service) return;
    const wait = existing.lastPublished + this.minUpdateIntervalMs - Date.now();
    if (wait <= 0) this.republish(existing);
    else existing.timer = setTimeout(() => this.republish(existing), wait);
  }

  hostNames(): readonly string[] {
    // Every table's current name, announced or being probed again (a new socket): a name given up
    // to another device is no longer among them.
    return [...this.adverts.values()].map(hostOf);
  }

  withdraw(tableId: string): void {
    const advert = this.adverts.get(tableId);
    if (!advert) return;
    this.adverts.delete(tableId);
    this.clearTimers(advert);
    const service = advert.service;
    advert.service = null;
    // Withdrawn while probing: nothing was announced, and the probe's answer is ignored.
    this.stopService(service, instanceOf(advert), () => this.log('info', `withdrew "${instanceOf(advert)}"`));
    this.changed();
  }

  status(): AdvertisingStatus {
    if (this.closed) return ADVERTISING_OFF;
    const adverts = [...this.adverts.values()];
    const announced = adverts.filter((a) => a.phase === 'announced');
    const renamed = announced.flatMap((a) => [...(a.instanceN > 1 ? [instanceOf(a)] : []), ...(a.hostN > 1 ? [hostOf(a)] : [])]);
    const state =
      this.keeper.failing || adverts.some((a) => a.phase === 'waiting')
        ? 'retrying'
        : adverts.some((a) => a.phase === 'probing')
          ? 'probing'
          : renamed.length > 0
            ? 'renamed'
            : 'advertised';
    return { state, renamed, hostNames: announced.map(hostOf) };
  }

  onStatus(listener: (status: AdvertisingStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const advert of this.adverts.values()) this.clearTimers(advert);
    this.adverts.clear();
    this.changed();
    this.listeners.clear();
    await this.keeper.close(async (stack) => {
      // Goodbyes (TTL 0) for everything still published, then close the socket (watson/bonjour #55).
      await settle(2000, (done) =>
        stack.unpublishAll((err) => {
          if (err) this.log('warn', `goodbye failed: ${errorText(err)}`);
          done();
        }),
      );
      await settle(1000, (done) => stack.destroy(done));
    });
  }

  /** Probes the advert's current names, then announces them, or renames what was taken and probes again. */
  private claim(advert: Advert): void {
    if (advert.retry) clearTimeout(advert.retry);
    advert.retry = null;
    const stack = this.keeper.stack;
    const attempt = ++advert.attempt;
    if (!stack || this.keeper.failing) {
      advert.phase = 'waiting'; // the keeper re-advertises everything on its next socket
      this.changed();
      return;
    }
    advert.phase = 'probing';
    this.changed();
    const names = [fqdn(instanceOf(advert)), hostOf(advert)];
    try {
      stack.probe(names, (taken, sendError) => {
        if (this.adverts.get(advert.table.tableId) !== advert || advert.attempt !== attempt || this.keeper.stack !== stack) return;
        if (taken.length > 0) this.rename(advert, taken);
        else if (sendError !== undefined)
          this.failed(advert, 'cannot probe', sendError); // not known to be free
        else this.announce(advert, stack);
      });
    } catch (err) {
      this.failed(advert, 'cannot probe', err);
    }
  }

  /**
   * A device claims a name of an announced table with other data (RFC 6762 §9). The name was
   * probed and won, so it is kept (name-policy.ts): our records go out again, cache-flush bit
   * set, so caches that took the claimer's records replace them with ours; at most once a second
   * per table, however fast the claims come (RFC 6762 §6).
   */
  private onResponse(stack: MdnsStack, packet: MdnsPacket, sender?: MdnsSender): void {
    if (this.keeper.stack !== stack) return;
    for (const advert of this.adverts.values()) {
      const service = advert.service;
      if (!service || !advert.watch || advert.defence) continue;
      const claimed = advert.watch.claimed(packet, sender);
      if (claimed.length === 0) continue;
      const by = sender?.address ?? 'unknown';
      if (advert.claimedBy !== by) this.log('warn', `name claimed by another device (${by}), keeping it: ${claimed.join(', ')}`);
      advert.claimedBy = by;
      const wait = Math.max(0, advert.defendedAt + DEFEND_INTERVAL_MS - Date.now());
      advert.defence = setTimeout(() => {
        advert.defence = null;
        if (advert.service !== service || this.keeper.stack !== stack) return;
        advert.defendedAt = Date.now();
        try {
          stack.respond(defenceOf(service.records), (err) => {
            if (err) this.log('warn', `cannot defend "${instanceOf(advert)}": ${errorText(err)}`);
          });
        } catch (err) {
          this.log('warn', `cannot defend "${instanceOf(advert)}": ${errorText(err)}`);
        }
      }, wait);
      advert.defence.unref?.();
    }
  }

  /** RFC 6762 §9: give up the taken names for the next ones, then probe those. */
  private rename(advert: Advert, taken: readonly string[]): void {
    const [instance, host] = [instanceOf(advert), hostOf(advert)];
    if (taken.includes(fqdn(instance))) advert.instanceN++;
    if (taken.includes(host)) advert.hostN++;
    const moves = [...(instance !== instanceOf(advert) ? [`"${instance}" → "${instanceOf(advert)}"`] : []), ...(host !== hostOf(advert) ? [`${host} → ${hostOf(advert)}`] : [])];
    this.log('warn', `name taken on the network, renaming: ${moves.join(', ')}`);
    const wait = this.pacer.conflict(Date.now());
    if (wait === 0) return this.claim(advert);
    this.pause(advert, wait);
  }

  private announce(advert: Advert, stack: MdnsStack): void {
    advert.lastPublished = Date.now();
    const instance = instanceOf(advert);
    try {
      const service = stack.publish({
        name: instance,
        type: SERVICE_TYPE,
        protocol: 'tcp',
        port: advert.table.port,
        host: hostOf(advert),
        txt: advert.txt,
        probe: false, // probed just now (claim)
      });
      advert.service = service;
      advert.watch = new ConflictWatch(service.records);
      advert.failures = 0;
      service.once('up', () => {
        if (advert.service !== service || this.adverts.get(advert.table.tableId) !== advert) return;
        if (advert.phase !== 'announced') this.log('info', `advertising "${instance}" on port ${advert.table.port}`);
        advert.phase = 'announced';
        this.changed();
      });
    } catch (err) {
      advert.service = null;
      this.failed(advert, `cannot advertise "${instance}"`, err);
    }
  }

  /** An error: try again after a pause that grows while it keeps failing. */
  private failed(advert: Advert, what: string, err: unknown): void {
    advert.failures++;
    const wait = retryDelay(advert.failures);
    this.log('warn', `${what}: ${errorText(err)} (trying again in ${Math.round(wait / 1000)} s)`);
    this.pause(advert, wait);
  }

  private pause(advert: Advert, ms: number): void {
    advert.phase = 'waiting';
    if (advert.retry) clearTimeout(advert.retry); // a claim while waiting: one retry only
    advert.retry = setTimeout(() => this.claim(advert), ms);
    advert.retry.unref?.();
    this.changed();
  }

  /** New TXT or port: goodbye for the old records, then announce the new ones (no probing, the names are ours). */
  private republish(advert: Advert): void {
    advert.timer = null;
    if (this.adverts.get(advert.table.tableId) !== advert || !advert.service) return;
    const old = advert.service;
    const attempt = advert.attempt; // a new probe meanwhile (new socket) announces by itself
    advert.service = null;
    advert.lastPublished = Date.now();
    this.stopService(old, instanceOf(advert), () => {
      const stack = this.keeper.stack;
      if (this.adverts.get(advert.table.tableId) !== advert || advert.service !== null || advert.attempt !== attempt) return;
      if (stack) this.announce(advert, stack);
    });
  }

  private stopService(service: PublishedService | null, instance: string, then: () => void): void {
    if (!service) {
      then();
      return;
    }
    try {
      service.stop((err) => {
        if (err) this.log('warn', `goodbye for "${instance}" failed: ${errorText(err)}`);
        then();
      });
    } catch (err) {
      this.log('warn', `cannot stop "${instance}": ${errorText(err)}`);
      then();
    }
  }

  private clearTimers(advert: Advert): void {
    if (advert.timer) clearTimeout(advert.timer);
    if (advert.retry) clearTimeout(advert.retry);
    if (advert.defence) clearTimeout(advert.defence);
    advert.timer = advert.retry = advert.defence = null;
  }

  /** Tells the listeners when the status changed. */
  private changed(): void {
    const status = this.status();
    const text = JSON.stringify(status);
    if (text === this.lastStatus) return;
    this.lastStatus = text;
    for (const listener of this.listeners) {
      try {
        listener(status);
      } catch (err) {
        this.log('warn', `status listener failed: ${errorText(err)}`);
      }
    }
  }
}

/** Host side: advertises tables over mDNS. */
export function createBonjourDiscovery(options: BonjourDiscoveryOptions = {}): Discovery {
  return new BonjourDiscovery(options);
}
