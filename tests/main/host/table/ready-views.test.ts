// The views of one version serialised with their shared parts once: every text is exactly what
// JSON.stringify writes for that viewer's own view and events, byte for byte, in every state of
// random games at every table size (so no viewer's text can hold another viewer's secret).
import { describe, expect, it } from 'vitest';
import { readyViews } from '../../../../src/main/host/table/ready-views';
import { sharedJson } from '../../../../src/main/host/wire/shared-json';
import { BotRng } from '../../../../src/shared/bots/prng';
import { type GameEventBatch, batchesFor } from '../../../../src/shared/protocol/event-log';
import { type Viewer, viewFor } from '../../../../src/shared/rules/view';
import { playout } from '../../../kit/game/playout';
import { seatOf, seatsOf } from '../../../../src/shared/ids';

describe('sharedJson', () => {
  it('writes each value as JSON.stringify does, whatever the values share', () => {
    const common = { cards: ['a', 'b'], nested: { n: 1 } };
    const date = new Date(0);
    const cases: unknown[][] = [
      [],
      [1, 1, 1],
      [common, common],
      [
        { x: 1, shared: common, own: [1] },
        { x: 2, shared: common, own: [2] },
      ],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ], // another key order: written on their own
      [{ a: 1 }, { a: 1, b: 2 }],
      [
        { a: undefined, b: 1 },
        { a: 2, b: 1 },
        { a: () => 3, b: 1 },
      ],
      [{ when: date }, { when: date }, { when: new Date(1) }],
      [{ d: { toJSON: () => 'x' } }, { d: { toJSON: () => 'y' } }],
      [{ s: 'quote " \u2028 é' }, { s: 'other' }],
      [{ inner: { deep: common, own: 1 } }, { inner: { deep: common, own: 2 } }],
      [null, { a: 1 }, [1, 2], 'text', undefined],
      [{}, {}],
      [{ a: undefined }, { a: undefined }],
    ];
    for (const values of cases) expect(sharedJson(values)).toEqual(values.map((v) => JSON.stringify(v)));
  });
});

describe('the views of a version, ready to send', () => {
  it('are each viewer’s own view and events, byte for byte, in every state of random games', () => {
    let states = 0;
    for (const players of [3, 4, 5, 6]) {
      for (const seed of ['ready-a']) {
        const log: GameEventBatch[] = [];
        for (const step of playout({ players, seed: `${seed}-${players}` }, new BotRng(players))) {
          const { state, events } = step;
          log.push({ version: state.version, events });
          const viewers: Viewer[] = [...seatsOf(players), 'spectator'];
          const ready = readyViews(state, viewers, step.action ? events : undefined);
          ready.forEach((r, i) => {
            const viewer = viewers[i]!;
            expect(r.viewer).toBe(viewer);
            expect(r.version).toBe(state.version);
            expect(r.json.text).toBe(JSON.stringify(viewFor(state, viewer)));
            if (step.action) expect(r.latest?.text).toBe(JSON.stringify(batchesFor(log, viewer, state.version - 1, state.version)));
            else expect(r.latest).toBeUndefined();
          });
          states++;
        }
      }
    }
    expect(states).toBeGreaterThan(200);
  });

  it('leave out nobody, and serve a table with only some viewers connected', () => {
    const [start] = playout({ players: 5, seed: 'ready-some' }, new BotRng(1));
    const ready = readyViews(start!.state, [seatOf(3), 'spectator', seatOf(0)]);
    expect(ready.map((r) => r.viewer)).toEqual([3, 'spectator', 0]);
    expect(ready.map((r) => r.json.text)).toEqual([3, 'spectator', 0].map((v) => JSON.stringify(viewFor(start!.state, v as Viewer))));
    expect(readyViews(start!.state, [])).toEqual([]);
  });
});
