// What the host tells the LAN about its tables. The host only calls this interface, when a table
// opens, closes or changes what a browser would filter on; the mDNS implementation
// (src/main/discovery, `Discovery`) fits it as it is and is passed in by whoever starts the host.
import type { AdvertisingStatus } from '../../../shared/advertising';
import type { TablePhase } from '../../../shared/protocol/table-info';

export interface AdvertisedTable {
  readonly tableId: string;
  readonly name: string;
  readonly port: number;
  readonly protocol: number;
  /** Seats at the table (3–6). */
  readonly seats: number;
  readonly freeSeats: number;
  readonly phase: TablePhase;
  readonly hasPin: boolean;
  /** Path to open on the host's HTTP port to reach this table: `/t/<id>`. */
  readonly path: string;
}

export interface Advertiser {
  /** Publish a table, or update it when already published. */
  advertise(table: AdvertisedTable): void;
  withdraw(tableId: string): void;
  close(): Promise<void>;
  /** Whether the tables are on the network now (an mDNS advertiser says; others are always off). */
  status?(): AdvertisingStatus;
  /** Calls `listener` with each new status; returns the unsubscribe. */
  onStatus?(listener: (status: AdvertisingStatus) => void): () => void;
  /**
   * The `.local` host names the tables are advertised under now (mDNS targets; they may change,
   * e.g. after a name conflict). The host answers to these names and to no other `.local` one.
   */
  hostNames?(): readonly string[];
}

export const noAdvertiser: Advertiser = {
  advertise: () => {},
  withdraw: () => {},
  close: async () => {},
};
