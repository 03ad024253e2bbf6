// Tells the lobby and the LAN about the host's tables: a table's public info goes to everyone
// looking at the list and everyone at it, through the lobby transport (never the socket library
// itself), and to mDNS as an advert (adverts.ts); a table that goes is withdrawn from both.
import type { TableInfo } from '../../../shared/protocol/table-info';
import type { LobbyTransport } from '../wire/transport';
import type { TableAdverts } from './adverts';

export class LobbyAnnouncer {
  constructor(
    private readonly lobby: LobbyTransport,
    private readonly adverts: TableAdverts,
    /** Called after any table changed (seats, connections, phase) or went. */
    private readonly onChange?: () => void,
  ) {}

  updated(info: TableInfo): void {
    this.lobby.updated(info);
    this.adverts.show(info);
    this.onChange?.();
  }

  closed(id: string): void {
    this.adverts.withdraw(id);
    this.lobby.closed(id);
    this.onChange?.();
  }

  /** A game parked on disk: still listed, no longer advertised. */
  parked(id: string): void {
    this.adverts.withdraw(id);
  }
}
