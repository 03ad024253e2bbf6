// What the desktop app's host advertises: nothing while it plays offline. The host always
// reports its tables here; only while the app is open to the network do they reach mDNS. Closing
// the network closes the mDNS responder, which sends goodbye packets for every table.
import type { AdvertisedTable, Advertiser } from './host/advertiser';

export class SwitchableAdvertiser implements Advertiser {
  private readonly tables = new Map<string, AdvertisedTable>();
  private live: Advertiser | null = null;

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

  /** Starts advertising every table the host has reported so far, and the ones to come. */
  on(): void {
    if (this.live) return;
    this.live = this.create();
    for (const table of this.tables.values()) this.live.advertise(table);
  }

  /** Stops advertising (goodbyes); the tables are remembered for the next `on()`. */
  async off(): Promise<void> {
    const live = this.live;
    this.live = null;
    await live?.close();
  }

  close(): Promise<void> {
    return this.off();
  }
}
