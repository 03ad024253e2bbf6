// Seat tokens kept in localStorage, one per table, so a reload or a Wi-Fi drop resumes the seat.
// localStorage is per origin, that is per host: a token never goes to another host.
import type { Seat } from '../../../../shared/rules/types';

export interface HeldSeat {
  readonly seat: Seat;
  readonly token: string;
}

const PREFIX = 'chronicle.seat.';

export interface SeatStore {
  get(tableId: string): HeldSeat | null;
  set(tableId: string, held: HeldSeat): void;
  delete(tableId: string): void;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled: seats then last as long as the page
  }
}

export function localSeatStore(): SeatStore {
  const memory = new Map<string, HeldSeat>();
  return {
    get(tableId) {
      const raw = storage()?.getItem(PREFIX + tableId);
      if (raw) {
        try {
          const parsed = JSON.parse(raw) as Partial<HeldSeat>;
          if (typeof parsed.seat === 'number' && typeof parsed.token === 'string') return { seat: parsed.seat, token: parsed.token };
        } catch {
          // a damaged entry is as good as none
        }
      }
      return memory.get(tableId) ?? null;
    },
    set(tableId, held) {
      memory.set(tableId, held);
      try {
        storage()?.setItem(PREFIX + tableId, JSON.stringify(held));
      } catch {
        // quota or disabled storage: the in-memory copy still holds the seat
      }
    },
    delete(tableId) {
      memory.delete(tableId);
      try {
        storage()?.removeItem(PREFIX + tableId);
      } catch {
        // nothing to remove
      }
    },
  };
}
