// Hints think outside the table's queue: while the Master works out a hint, the table goes on.
import { afterEach, describe, expect, it } from 'vitest';
import type { BotPolicy } from '../../../../src/main/host/seats/bot-seats';
import type { Resumed } from '../../../../src/shared/protocol';
import { BotRng } from '../../../../src/shared/bots/prng';
import { randomAction } from '../../../../src/shared/bots/random-player';
import type { Action } from '../../../../src/shared/rules/actions';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { startedGame } from '../../../kit/host/tables';

let host: TestHost | undefined;
afterEach(async () => host?.dispose());

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}

describe('a hint', () => {
  it('asked during a bot’s turn does not delay the table’s next action', async () => {
    const rng = new BotRng(3);
    const botThinks = gate<() => void>();
    const hintAsked = gate();
    const hintAnswer = gate();
    // The bot in seat 1 waits until the test lets it move; the Master answers hints when told.
    const botPolicy: BotPolicy = async (view, seat) => {
      if (seat.seat === 1) {
        const move = gate();
        botThinks.open(move.open);
        await move.opened;
      }
      return randomAction(view, rng);
    };
    host = await startHost({
      graceMs: 0,
      botPolicy,
      hint: (view) => {
        hintAsked.open();
        return hintAnswer.opened.then(() => view.legalActions[0]!);
      },
    });
    const t = await startedGame(host, 3);
    const [owner, gone, other] = t.players as [Player, Player, Player];
    const table = host.tables.get(t.tableId)!;

    // Seat 1's player drops; the owner hands the seat to a bot; the player comes back to watch it play.
    gone.socket.disconnect();
    await waitFor(() => table.info().seats[1]!.connected === false, 'seat 1 to be seen gone');
    expect(await owner.request('seat:giveToBot', { seat: 1 })).toEqual({ ok: true });
    const back = new Player(await host.connect(), 9);
    expect(await back.request<Resumed>('table:resume', { tableId: t.tableId, token: gone.token })).toMatchObject({ ok: true, seat: 1 });
    owner.startAutoplay();
    other.startAutoplay();

    // The bot is thinking for seat 1 when its player asks for a hint.
    const letBotMove = await botThinks.opened;
    const version = table.model.state!.version;
    let hintDone = false;
    const hint = back.request<{ action: Action }>('game:hint').finally(() => (hintDone = true));
    await hintAsked.opened;

    // The bot's move goes through, and reaches the player, while the hint is still being worked out.
    letBotMove();
    try {
      await waitFor(() => (back.view?.version ?? -1) > version, 'the bot’s move to reach seat 1', 3000);
      expect(table.model.state!.version).toBeGreaterThan(version);
      expect(hintDone).toBe(false);
    } finally {
      hintAnswer.open();
    }
    expect(await hint).toMatchObject({ ok: true });
    owner.stopAutoplay();
    other.stopAutoplay();
  });
});
