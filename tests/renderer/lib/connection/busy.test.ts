// A move is sent once, however often it is asked for while its answer is on its way (a double
// click, a double tap): the session is busy until the host answers, and free again after,
// refused or not.
import { describe, expect, it } from 'vitest';
import type { ClientEvent, ServerToClientEvents } from '../../../../src/shared/protocol/events';
import { connect } from '../../../../src/renderer/src/lib/connection/connect';
import type { ClientSocket, SocketLifecycle } from '../../../../src/renderer/src/lib/connection/socket';
import { tableInfo } from '../../../kit/dom/fake-client.svelte';
import { startGame } from '../../../kit/game/playout';
import { viewFor } from '../../../../src/shared/rules/view';
import { cardIdOf, seatOf } from '../../../../src/shared/ids';

/** A host whose answers to moves wait until the test lets them go. */
class SlowHost implements ClientSocket {
  readonly sent: { event: ClientEvent; payload: unknown }[] = [];
  private readonly lifecycles: ((what: SocketLifecycle, detail: string) => void)[] = [];
  private readonly waiting: (() => void)[] = [];
  readonly table = tableInfo(3, 'playing');

  on<E extends keyof ServerToClientEvents>(_event: E, _listener: ServerToClientEvents[E]): void {}
  onLifecycle(listener: (what: SocketLifecycle, detail: string) => void): void {
    this.lifecycles.push(listener);
  }
  connectNow(): void {
    for (const listener of this.lifecycles) listener('connect', '');
  }
  request(event: ClientEvent, payload: unknown): Promise<never> {
    this.sent.push({ event, payload });
    const answers: Partial<Record<ClientEvent, unknown>> = {
      'table:list': { ok: true, tables: [this.table] },
      'table:join': { ok: true, tableId: this.table.id, seat: 0, token: 'a'.repeat(43), table: this.table },
      'game:sync': { ok: true, view: viewFor(startGame(3), seatOf(0)) },
    };
    if (event === 'game:act') return new Promise((resolve) => this.waiting.push(() => resolve({ ok: false, code: 'STORAGE_FAILED', message: 'disk full' } as never)));
    return Promise.resolve(answers[event] as never);
  }
  /** The host answers every move asked so far. */
  answer(): void {
    for (const go of this.waiting.splice(0)) go();
  }
  reconnect(): void {}
  close(): void {}
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('a move asked for twice before its answer', () => {
  it('is sent once, and the next one can go once the host has answered', async () => {
    localStorage.clear();
    const host = new SlowHost();
    const c = connect(host);
    host.connectNow();
    await flush();
    expect(await c.session.join(host.table.id, 'Ada')).toBe(true);
    await flush();
    const action = c.session.view!.legalActions.find((a) => 'play' in a) as { play: string };
    const moves = () => host.sent.filter((s) => s.event === 'game:act');

    const first = c.session.act({ play: cardIdOf(action.play) });
    const second = c.session.act({ play: cardIdOf(action.play) }); // the double click
    expect(c.session.busy).toBe(true);
    await flush();
    expect(moves()).toHaveLength(1);
    host.answer();
    expect(await second).toBe(false);
    expect(await first).toBe(false); // refused (the disk was full): the player may try again
    expect(c.session.busy).toBe(false);

    const again = c.session.act({ play: cardIdOf(action.play) });
    host.answer();
    await again;
    expect(moves().map((m) => (m.payload as { seq: number }).seq)).toEqual([1, 2]);
  });
});
