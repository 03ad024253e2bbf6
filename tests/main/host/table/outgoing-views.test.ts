// The views of one version as the table hands them to its transport: each held seat's own view
// and the events its connection has not had yet, the spectators' view with that version's
// events, in every state of random games at every table size; nobody else's view, and none for a
// seat nobody holds or whose connection has the version already.
import { describe, expect, it } from 'vitest';
import { outgoing } from '../../../../src/main/host/table/view-sender';
import { BotRng } from '../../../../src/shared/bots/prng';
import { type GameEventBatch, batchesFor } from '../../../../src/shared/protocol/event-log';
import { viewFor } from '../../../../src/shared/rules/view';
import { playout } from '../../../kit/game/playout';
import { seatOf } from '../../../../src/shared/ids';

describe('the views of a version, to send', () => {
  it('are each viewer’s own view and events, in every state of random games', () => {
    let states = 0;
    for (const players of [3, 4, 5, 6]) {
      const log: GameEventBatch[] = [];
      for (const { state, events } of playout({ players, seed: `outgoing-${players}` }, new BotRng(players))) {
        log.push({ version: state.version, events });
        const v = state.version;
        // Seat 0 is one version behind, seat 1 two (or none yet), seat 2 unheld; the rest hold the version before.
        const seats = Array.from({ length: players }, (_, seat) => (seat === 2 ? null : seat === 1 ? Math.max(-1, v - 2) : v - 1));
        const out = outgoing(state, { seats, spectators: true }, log);
        out.seats.forEach((m, seat) => {
          const after = seats[seat]!;
          if (after === null) return expect(m).toBeNull();
          expect(m).toEqual({ version: v, view: viewFor(state, seatOf(seat)), batches: batchesFor(log, seatOf(seat), after, v) });
        });
        expect(out.spectators).toEqual({ version: v, view: viewFor(state, 'spectator'), batches: batchesFor(log, 'spectator', v - 1, v) });
        states++;
      }
    }
    expect(states).toBeGreaterThan(200);
  });

  it('leave out seats whose connection has the version, and the spectators when nobody watches', () => {
    const [start] = playout({ players: 5, seed: 'outgoing-some' }, new BotRng(1));
    const log = [{ version: start!.state.version, events: start!.events }];
    const out = outgoing(start!.state, { seats: [-1, null, 0, -1, null], spectators: false }, log);
    expect(out.seats.map((m) => m?.view.viewer ?? null)).toEqual([0, null, null, 3, null]);
    expect(out.spectators).toBeNull();
  });
});
