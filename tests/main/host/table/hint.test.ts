// Hints think outside the table's queue: while the Master works out a hint, the table goes on.
import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../../../src/shared/rules/actions';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { decider, startedGame } from '../../../kit/host/tables';

let host: TestHost | undefined;
afterEach(async () => host?.dispose());

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}

describe('a hint', () => {
  it('asked before a move does not delay that move, nor its reaching the other seats', async () => {
    const hintAsked = gate();
    const hintAnswer = gate();
    // The Master answers hints only when the test says so.
    host = await startHost({
      hint: (view) => {
        hintAsked.open();
        return hintAnswer.opened.then(() => view.legalActions[0]!);
      },
    });
    const t = await startedGame(host, 3);
    const table = host.tables.get(t.tableId)!;

    // The player to act asks for a hint, then plays without waiting for it.
    const me = decider(t.players);
    const others = t.players.filter((p) => p !== me);
    const version = table.model.state!.version;
    let hintDone = false;
    const hint = me.request<{ action: Action }>('game:hint').finally(() => (hintDone = true));
    await hintAsked.opened;
    try {
      expect(await me.act(me.view!.legalActions[0]!, me.view!.version)).toMatchObject({ ok: true });
      await waitFor(() => others.every((p) => (p.view?.version ?? -1) > version), 'the move to reach the other seats', 3000);
      expect(hintDone).toBe(false);
    } finally {
      hintAnswer.open();
    }
    expect(await hint).toMatchObject({ ok: true });
  });
});
