// What the desktop app's host advertises: nothing while it plays offline. The host always
// reports its tables here; only while the app is open to the network do they reach mDNS. Closing
// the network closes the mDNS responder, which sends goodbye packets for every table.
import { ADVERTISING_OFF, type AdvertisingStatus } from '../shared/advertising';
import type { AdvertisedTable, Advertiser } from './host/tables/advertiser';

export class SwitchableAdvertiser implements Advertiser {
  private readonly tables = new Map<string, AdvertisedTable>();
  private readonly listeners = new Set<(status: AdvertisingStatus) => void>();
  private live: Advertiser | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly create: () => Advertiser) {}

  get isOn(): boolean {
    return this.live !== null;
  }

  advertise(table: AdvertisedTable): void {
    this.tables.set(table.tableId, table);
    this.live?.advertise(table);
  }

  withdraw(tableId: string): void {
    this.tables.delete(tableId);
    this.live?.withdraw(tableId);
  }

  /** Only names on the network now: none while offline. */
  hostNames(): readonly string[] {
    return this.live?.hostNames?.() ?? [];
  }

  /** Off while closed; the live advertiser's status while open (`off` too if it has none). */
  status(): AdvertisingStatus {
    return this.live?.status?.() ?? ADVERTISING_OFF;
  }

  onStatus(listener: (status: AdvertisingStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts advertising every table the host has reported so far, and the ones to come. */
  on(): void {
    if (this.live) return;
    const live = this.create();
    this.live = live;
    this.unsubscribe = live.onStatus?.(() => this.live === live && this.tell()) ?? null;
    for (const table of this.tables.values()) live.advertise(table);
    this.tell();
  }

  /** Stops advertising (goodbyes); the tables are remembered for the next `on()`. */
  async off(): Promise<void> {
    const live = this.live;
    this.live = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (live) this.tell();
    await live?.close();
  }

  close(): Promise<void> {
    return this.off();
  }

  private tell(): void {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }
}
