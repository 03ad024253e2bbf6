// A replay analysis ("could I have won?") on a real host thinks in the bot pool: a table's
// move asked for while it thinks is answered at once. The negative control, in the same run,
// is a host whose analyser thinks on the main thread: there the move waits for the analysis.
import { afterEach, describe, expect, it } from 'vitest';
import { type BotPool, createBotPool } from '../../../../src/main/bots/pool';
import { type Analyser, ReplaySession } from '../../../../src/main/host/replay/replay-session';
import { analyseRecord } from '../../../../src/shared/bots/record-analysis';
import { BotRng } from '../../../../src/shared/bots/prng';
import type { ReplayOpened } from '../../../../src/shared/protocol';
import type { GameRecord } from '../../../../src/shared/rules/record/record';
import { randomRecord } from '../../../kit/game/playout';
import { type TestHost, startHost } from '../../../kit/host/host';
import { decider, startedGame } from '../../../kit/host/tables';
import { seatOf } from '../../../../src/shared/ids';

/** An analysis thinks about half a second of one core, in a worker that may still be starting: on a loaded machine, several times that. */
const ANALYSIS_WAIT_MS = 30_000;

let pool: BotPool | null = null;
let host: TestHost | null = null;
afterEach(async () => {
  await host?.dispose();
  await pool?.close();
  host = pool = null;
});

/** Which answer came first: the analysis asked for, or the move sent just after it on the same connection. */
async function firstAnswered(analyse: Analyser, record: GameRecord, version: number): Promise<{ first: string; analysed: boolean }> {
  host = await startHost({ analyse });
  const { players } = await startedGame(host, 4);
  const player = decider(players);
  const opened = await player.request<ReplayOpened>('replay:open', { record });
  if (!opened.ok) throw new Error(opened.code);
  const answered: string[] = [];
  // One connection, so the host reads the analysis request before the move.
  const analysis = player.request<{ analysis: object | null }>('replay:analyse', { version }, ANALYSIS_WAIT_MS).then((r) => (answered.push('analysis'), r));
  const move = player.act(player.view!.legalActions[0]!).then((r) => (answered.push('move'), r));
  const [a, m] = await Promise.all([analysis, move]);
  expect(m.ok, 'the move is accepted').toBe(true);
  await host.dispose();
  host = null;
  return { first: answered[0]!, analysed: a.ok && a.analysis !== null };
}

describe('replay analysis on a host', () => {
  it("runs in the bot pool: a table's move is answered while it thinks, unlike an analysis on the main thread", async () => {
    pool = createBotPool({ size: 1 });
    const record = randomRecord({ players: 4, seed: 'host-analysis' }, new BotRng(5));
    const opened = ReplaySession.open(record);
    if (!opened.ok) throw new Error(opened.message);
    const r = opened.session;
    // An early decision with a choice: the longest analysis.
    const version = r.decisions(seatOf(1)).find((v) => r.step(v, seatOf(1)).view.legalActions.length > 2)!;

    const onMainThread: Analyser = (rec, v) => Promise.resolve(analyseRecord(rec, v));
    const control = await firstAnswered(onMainThread, record, version);
    const p = pool;
    const inPool = await firstAnswered((rec, v) => p.analyse(rec, v), record, version);
    console.log(`answered first: ${inPool.first} with the pool, ${control.first} on the main thread`);
    expect(control.analysed && inPool.analysed).toBe(true);
    expect(control.first, 'the control: an analysis on the main thread holds the move back').toBe('analysis');
    expect(inPool.first, 'with the pool the move does not wait for the analysis').toBe('move');
  }, 60_000);

  it('refuses an analysis where the host runs no analyser; a second one asked while the first thinks waits its turn and is answered', async () => {
    pool = createBotPool({ size: 1 });
    const record = randomRecord({ players: 3, seed: 'host-analysis-2' }, new BotRng(6));
    const opened = ReplaySession.open(record);
    if (!opened.ok) throw new Error(opened.message);
    const [first, second] = opened.session.decisions(seatOf(0));
    host = await startHost();
    const { players } = await startedGame(host, 3);
    const viewer = players[0]!;
    expect((await viewer.request('replay:open', { record })).ok).toBe(true);
    const none = await viewer.request('replay:analyse', { version: first });
    expect(none.ok === false && none.code).toBe('HINTS_UNAVAILABLE');
    await host.dispose();

    const p = pool;
    host = await startHost({ analyse: (rec, v) => p.analyse(rec, v) });
    const { players: again } = await startedGame(host, 3);
    const other = again[0]!;
    expect((await other.request('replay:open', { record })).ok).toBe(true);
    const [a, b] = await Promise.all([
      other.request('replay:analyse', { version: first }, ANALYSIS_WAIT_MS),
      other.request('replay:analyse', { version: second }, ANALYSIS_WAIT_MS),
    ]);
    if (!a.ok || !b.ok) throw new Error(`refused: ${JSON.stringify([a, b])}`);
    for (const r of [a, b] as unknown as { analysis: { kind: string; masterWin: number } }[]) {
      expect(r.analysis.masterWin).toBeGreaterThanOrEqual(0);
      expect(r.analysis.kind).toBe('play');
    }
  }, 60_000);
});
