// The host side of discovery: each table advertised over mDNS/DNS-SD under a unique instance
// name, its TXT record updated when seats change, goodbyes when it goes (notes: mdns-stack.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { AdvertisedTable, Discovery, DiscoveryLog } from './discovery';
import { advertisedName, encodeTableTxt, truncateUtf8, utf8Length } from './txt';
import { type MdnsOptions, type PublishedService, SERVICE_TYPE, StackKeeper, defaultLog, errorText, settle } from './mdns-stack';

// ---- host side --------------------------------------------------------------------------------

export interface BonjourDiscoveryOptions extends MdnsOptions {
  /** Minimum time between two re-publications of one table (ms). Default 1000 (RFC 6762 §8.4). */
  readonly minUpdateIntervalMs?: number;
}

interface Advert {
  table: AdvertisedTable;
  txt: Record<string, string>;
  readonly instance: string;
  readonly hostName: string;
  service: PublishedService | null;
  lastPublished: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const INSTANCE_NAME_BYTES = 40; // + " (" + 6-char id + ")" stays well under the 63-byte label limit

/** `Friday night (k3f9ab)`: the table name (dots replaced, DNS labels cannot hold them) + short id. */
export function instanceName(tableName: string, shortId: string): string {
  const base = truncateUtf8(advertisedName(tableName).replace(/\./g, '-'), INSTANCE_NAME_BYTES);
  const name = `${base} (${shortId})`;
  if (utf8Length(name) > 63) throw new Error('instance name over 63 bytes'); // cannot happen
  return name;
}

function sameTxt(a: Record<string, string>, b: Record<string, string>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

class BonjourDiscovery implements Discovery {
  private readonly adverts = new Map<string, Advert>();
  private readonly salt = randomBytes(8).toString('hex');
  private readonly keeper: StackKeeper;
  private readonly minUpdateIntervalMs: number;
  private closed = false;

  constructor(options: BonjourDiscoveryOptions) {
    this.minUpdateIntervalMs = options.minUpdateIntervalMs ?? 1000;
    this.keeper = new StackKeeper(options, options.log ?? defaultLog, (_stack, reason) => {
      if (reason === 'start') return; // nothing advertised yet
      if (this.adverts.size > 0) this.log('info', `re-advertising ${this.adverts.size} table(s) (${reason})`);
      for (const advert of this.adverts.values()) {
        advert.service = null; // went with the old socket
        this.publish(advert, true);
      }
    });
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
        instance: instanceName(table.name, shortId),
        hostName: `chronicle-${shortId}.local`,
        service: null,
        lastPublished: 0,
        timer: null,
      };
      this.adverts.set(table.tableId, advert);
      this.publish(advert, true);
      return;
    }
    const changed = existing.table.port !== table.port || !sameTxt(existing.txt, txt);
    existing.table = table;
    existing.txt = txt;
    if (!changed || existing.timer) return; // a scheduled update will pick the latest data
    const wait = existing.lastPublished + this.minUpdateIntervalMs - Date.now();
    if (wait <= 0) this.republish(existing);
    else existing.timer = setTimeout(() => this.republish(existing), wait);
  }

  hostNames(): readonly string[] {
    return [...this.adverts.values()].map((advert) => advert.hostName);
  }

  withdraw(tableId: string): void {
    const advert = this.adverts.get(tableId);
    if (!advert) return;
    this.adverts.delete(tableId);
    if (advert.timer) clearTimeout(advert.timer);
    const service = advert.service;
    advert.service = null;
    this.stopService(service, advert.instance, () => this.log('info', `withdrew "${advert.instance}"`));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const advert of this.adverts.values()) if (advert.timer) clearTimeout(advert.timer);
    this.adverts.clear();
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

  private publish(advert: Advert, probe: boolean): void {
    const stack = this.keeper.stack;
    advert.lastPublished = Date.now();
    if (!stack) return; // no socket now: the next network change or recovery re-advertises
    try {
      const service = stack.publish({
        name: advert.instance,
        type: SERVICE_TYPE,
        protocol: 'tcp',
        port: advert.table.port,
        host: advert.hostName,
        txt: advert.txt,
        probe,
      });
      advert.service = service;
      service.once('up', () => {
        if (advert.service === service) this.log('info', `advertising "${advert.instance}" on port ${advert.table.port}`);
      });
    } catch (err) {
      advert.service = null;
      this.log('warn', `cannot advertise "${advert.instance}": ${errorText(err)}`);
    }
  }

  /** New TXT or port: goodbye for the old records, then announce the new ones (no probing, the name is ours). */
  private republish(advert: Advert): void {
    advert.timer = null;
    if (this.adverts.get(advert.table.tableId) !== advert) return;
    const old = advert.service;
    advert.service = null;
    advert.lastPublished = Date.now();
    this.stopService(old, advert.instance, () => {
      if (this.adverts.get(advert.table.tableId) === advert && advert.service === null) this.publish(advert, false);
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
}

/** Host side: advertises tables over mDNS. */
export function createBonjourDiscovery(options: BonjourDiscoveryOptions = {}): Discovery {
  return new BonjourDiscovery(options);
}
