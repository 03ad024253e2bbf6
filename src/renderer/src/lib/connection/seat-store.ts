// Seat tokens kept in localStorage, one per table, so a reload or a Wi-Fi drop resumes the seat.
// localStorage is per origin, that is per host: a token never goes to another host.
import type { SeatToken } from '../../../../shared/ids';
import type { Seat } from '../../../../shared/rules/types';
import { type StoredSetting, json, storedSetting } from '../settings/stored-setting';

export interface HeldSeat {
  readonly seat: Seat;
  readonly token: SeatToken;
}

export interface SeatStore {
  get(tableId: string): HeldSeat | null;
  set(tableId: string, held: HeldSeat): void;
  delete(tableId: string): void;
}

const HELD = json((parsed): HeldSeat | undefined => {
  const held = parsed as Partial<HeldSeat> | null;
  return typeof held?.seat === 'number' && typeof held.token === 'string' ? { seat: held.seat, token: held.token } : undefined;
});

/** The seat held at a table (a damaged entry is as good as none). */
const heldAt = (tableId: string): StoredSetting<HeldSeat | null> => storedSetting<HeldSeat | null>(`chronicle.seat.${tableId}`, HELD, () => null);

export function localSeatStore(): SeatStore {
  // With storage disabled or full, seats last as long as the page.
  const memory = new Map<string, HeldSeat>();
  return {
    get: (tableId) => heldAt(tableId).load() ?? memory.get(tableId) ?? null,
    set(tableId, held) {
      memory.set(tableId, held);
      heldAt(tableId).save(held);
    },
    delete(tableId) {
      memory.delete(tableId);
      heldAt(tableId).clear();
    },
  };
}
