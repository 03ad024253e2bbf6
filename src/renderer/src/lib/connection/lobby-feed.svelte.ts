// The lobby's feed from one host: every table there, kept up to date by the host's pushes,
// and the host's LAN addresses for join links. Loaded again on every (re)connection.
import type { TableInfo } from '../../../../shared/protocol/table-info';
import type { HostCalls } from './host-calls.svelte';
import type { LobbyFeed } from './types';

export class SocketLobbyFeed implements LobbyFeed {
  tables = $state.raw<readonly TableInfo[]>([]);
  hostUrls = $state.raw<readonly string[]>([]);

  readonly #calls: HostCalls;

  constructor(calls: HostCalls) {
    this.#calls = calls;
    const socket = calls.socket;
    socket.onLifecycle((what) => {
      if (what === 'connect') void this.#load();
    });
    socket.on('table:updated', (info) => this.#update(info));
    socket.on('table:closed', (tableId) => this.#remove(tableId));
  }

  async #load(): Promise<void> {
    const listed = await this.#calls.call('table:list', {});
    if (listed) this.tables = listed.tables;
    void this.#loadHostUrls();
  }

  /** The host's LAN addresses, for join links; an older host without them leaves the list empty. */
  async #loadHostUrls(): Promise<void> {
    try {
      const reply = await this.#calls.socket.request('host:addresses', {}, this.#calls.timeoutMs);
      if (reply.ok) this.hostUrls = reply.urls;
    } catch {
      // no answer: the page's own address is all there is to share
    }
  }

  #update(info: TableInfo): void {
    const i = this.tables.findIndex((t) => t.id === info.id);
    this.tables = i < 0 ? [...this.tables, info] : this.tables.map((t) => (t.id === info.id ? info : t));
  }

  #remove(tableId: string): void {
    this.tables = this.tables.filter((t) => t.id !== tableId);
  }
}
