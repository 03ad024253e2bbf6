// The tables as advertised on the LAN: each table's advert is sent again only when what a
// browser would filter on changed, and withdrawn when the table ends or closes.
import { freeSeats, type TableInfo } from '../../../shared/protocol/table-info';
import { PROTOCOL_VERSION } from '../../../shared/protocol/version';
import type { Advertiser } from './advertiser';
import type { Log } from '../log';

export class TableAdverts {
  /** What was last advertised per table, to call the advertiser only on real changes. */
  private readonly advertised = new Map<string, string>();

  constructor(
    private readonly advertiser: Advertiser,
    private readonly log: Log,
    /** The HTTP port, for adverts. */
    private readonly port: () => number,
  ) {}

  show(info: TableInfo): void {
    if (info.phase === 'over') return this.withdraw(info.id);
    const ad = {
      tableId: info.id,
      name: info.name,
      port: this.port(),
      protocol: PROTOCOL_VERSION,
      seats: info.players,
      freeSeats: freeSeats(info),
      phase: info.phase,
      hasPin: info.hasPin,
      path: `/t/${info.id}`,
    };
    const key = JSON.stringify(ad);
    if (this.advertised.get(info.id) === key) return;
    this.advertised.set(info.id, key);
    try {
      this.advertiser.advertise(ad);
    } catch (e) {
      this.log.error(`table ${info.id}: advertising failed`, e);
    }
  }

  withdraw(id: string): void {
    if (!this.advertised.delete(id)) return;
    try {
      this.advertiser.withdraw(id);
    } catch (e) {
      this.log.error(`table ${id}: withdrawing the advert failed`, e);
    }
  }
}
