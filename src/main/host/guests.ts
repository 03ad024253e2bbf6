// Who is playing at this host's tables from another machine: what the desktop app needs to keep
// the computer awake through a game night and to ask before closing on its guests. A guest is a
// connection seated at a table not yet over (lobby or game) from an address other than this
// machine's loopback; spectators and the host's own windows do not count.
import type { HostServer } from './transport/socket-types';
import type { TableRegistry } from './tables/registry';

export interface Guests {
  /** Seated players connected from elsewhere. */
  readonly players: number;
  /** The tables they sit at. */
  readonly tables: number;
}

export const NO_GUESTS: Guests = { players: 0, tables: 0 };

/** True for this machine's loopback (127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6). */
export function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:(?=\d+\.)/i, '');
  return a === '::1' || /^127\./.test(a);
}

export function countGuests(io: HostServer, registry: TableRegistry, isGuest: (address: string) => boolean): Guests {
  let players = 0;
  const tables = new Set<string>();
  for (const socket of io.of('/').sockets.values()) {
    const binding = socket.data.binding;
    if (!binding || binding.seat === 'spectator' || !isGuest(socket.handshake.address)) continue;
    const phase = registry.get(binding.tableId)?.model.phase;
    if (phase !== 'lobby' && phase !== 'playing') continue;
    players += 1;
    tables.add(binding.tableId);
  }
  return { players, tables: tables.size };
}

/**
 * Calls `listener` with the guests whenever their number changes. `poke` is called on every
 * change at any table; the count is taken once the change has settled (a seat is bound after
 * the table announces it) and only a different count is passed on.
 */
export function guestWatcher(count: () => Guests): { poke(): void; subscribe(listener: (g: Guests) => void): () => void; current(): Guests } {
  const listeners = new Set<(g: Guests) => void>();
  let last = NO_GUESTS;
  let pending = false;
  const settle = () => {
    pending = false;
    const now = count();
    if (now.players === last.players && now.tables === last.tables) return;
    last = now;
    for (const listener of listeners) listener(now);
  };
  return {
    poke() {
      if (pending || listeners.size === 0) return;
      pending = true;
      setImmediate(settle);
    },
    subscribe(listener) {
      listeners.add(listener);
      last = count();
      return () => listeners.delete(listener);
    },
    current: count,
  };
}
