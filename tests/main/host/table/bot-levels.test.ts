// Bots at their chosen level in the host's bot seats, and hints from the Master: with a policy
// that records what it is asked, then with the real worker pool playing a whole game.
import { afterEach, describe, expect, it } from 'vitest';
import { createBotPool, type BotPool } from '../../../../src/main/bots/pool';
import { poolPolicy } from '../../../../src/main/bots/pool-policy';
import type { BotPolicy, BotSeat } from '../../../../src/main/host/seats/bot-seats';
import type { Seated, TableInfo } from '../../../../src/shared/protocol';
import { randomAction } from '../../../../src/shared/bots/random-player';
import { BotRng } from '../../../../src/shared/bots/prng';
import type { PlayerView } from '../../../../src/shared/rules/view';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { replayedState } from '../../../kit/host/records';

let host: TestHost | undefined;
let pool: BotPool | undefined;
afterEach(async () => {
  await host?.dispose();
  await pool?.close();
  host = undefined;
  pool = undefined;
});

/** A policy that plays randomly and notes the level it was asked to play at. */
function recordingPolicy(asked: BotSeat[]): BotPolicy {
  const rng = new BotRng(9);
  return (view, seat) => {
    asked.push(seat);
    return randomAction(view, rng);
  };
}

async function tableWithBots(h: TestHost, levels: readonly ('novice' | 'adept' | 'master' | undefined)[], options: object = {}) {
  const owner = new Player(await h.connect(), 5);
  const created = await owner.request<Seated>('table:create', { name: 'Bots', players: levels.length + 1, playerName: 'Ann', ...options });
  if (!created.ok) throw new Error(created.code);
  owner.seated(created);
  for (const [i, level] of levels.entries()) {
    const r = await owner.request('table:addBot', level ? { seat: i + 1, level } : { seat: i + 1 });
    expect(r.ok).toBe(true);
  }
  return owner;
}

describe('bot seats', () => {
  it('play at the level chosen per seat, shown in the lobby and kept in the table file', async () => {
    const asked: BotSeat[] = [];
    host = await startHost({ botPolicy: recordingPolicy(asked) });
    const owner = await tableWithBots(host, ['novice', 'master', undefined]);
    const list = await owner.request<{ tables: TableInfo[] }>('table:list');
    const seats = list.ok ? list.tables[0]!.seats : [];
    expect(seats.map((s) => s.botLevel)).toEqual([null, 'novice', 'master', 'adept']);
    expect((await owner.request('table:addBot', { seat: 1, level: 'grandmaster' })).ok).toBe(false);
    // Until the start, a bot's level can change: the seat keeps its bot at the new level.
    expect((await owner.request('table:addBot', { seat: 3, level: 'novice' })).ok).toBe(true);
    const changed = await owner.request<{ tables: TableInfo[] }>('table:list');
    expect(changed.ok ? changed.tables[0]!.seats.map((s) => s.botLevel) : []).toEqual([null, 'novice', 'master', 'novice']);
    expect((await owner.request('table:addBot', { seat: 3, level: 'adept' })).ok).toBe(true);

    expect((await owner.request('table:start')).ok).toBe(true);
    owner.startAutoplay();
    await waitFor(() => new Set(asked.map((a) => a.seat)).size === 3, 'every bot to move', 10_000);
    owner.stopAutoplay();
    for (const a of asked) expect(a.level).toBe(({ 1: 'novice', 2: 'master', 3: 'adept' } as Record<number, string>)[a.seat]);

    // A restarted host knows the levels from the table file.
    const dataDir = host.dataDir;
    await host.close();
    const again = await startHost({ dataDir, botPolicy: recordingPolicy([]) });
    const relisted = again.tables.all()[0]!.info();
    expect(relisted.seats.map((s) => s.botLevel)).toEqual([null, 'novice', 'master', 'adept']);
    await again.dispose();
    host = undefined;
  }, 30_000);
});

describe('hints', () => {
  it('answer with the hint provider from the asking seat’s own view, only on its turn', async () => {
    const seen: PlayerView[] = [];
    host = await startHost({
      botPolicy: recordingPolicy([]),
      hint: async (view) => {
        seen.push(view);
        return view.legalActions[0]!;
      },
    });
    const owner = await tableWithBots(host, ['adept', 'adept']);
    expect((await owner.request('game:hint')).ok).toBe(false); // not started
    await owner.request('table:start');
    await waitFor(() => owner.view?.toAct?.seat === 0, 'our turn', 10_000);
    const r = await owner.request<{ action: unknown }>('game:hint');
    expect(r.ok && r.action).toEqual(owner.view!.legalActions[0]);
    expect(seen.at(-1)!.viewer).toBe(0);
    expect(seen.at(-1)!.hand).toEqual(owner.view!.hand);
  }, 30_000);

  it('are refused where the table does not allow them or the host has no Master', async () => {
    host = await startHost({ botPolicy: recordingPolicy([]), hint: async (v) => v.legalActions[0]! });
    const off = await tableWithBots(host, ['adept', 'adept'], { hints: false });
    await off.request('table:start');
    await waitFor(() => off.view?.toAct?.seat === 0, 'our turn', 10_000);
    expect(await off.request('game:hint')).toMatchObject({ ok: false, code: 'HINTS_OFF' });
    await host.dispose();

    host = await startHost({ botPolicy: recordingPolicy([]) });
    const none = await tableWithBots(host, ['adept', 'adept']);
    await none.request('table:start');
    await waitFor(() => none.view?.toAct?.seat === 0, 'our turn', 10_000);
    expect(await none.request('game:hint')).toMatchObject({ ok: false, code: 'HINTS_UNAVAILABLE' });
  }, 30_000);
});

describe('the worker pool in the host', () => {
  it('plays a whole game with a Novice, an Adept and a Master beside a player, and gives hints', async () => {
    pool = createBotPool({ size: 1 });
    const p = pool;
    host = await startHost({ botPolicy: poolPolicy(p), hint: (view) => p.hint(view, { budget: { playouts: 20 } }) });
    const owner = await tableWithBots(host, ['novice', 'adept', 'master']);
    await owner.request('table:start');
    await waitFor(() => owner.view?.toAct?.seat === 0, 'our turn', 20_000);
    // The pool's one worker may still be starting (loading the bots) when the hint is asked: on
    // a busy 2-core machine that took longer than a move's 5 s.
    const hint = await owner.request<{ action: { play?: string; choose?: unknown } }>('game:hint', undefined, 20_000);
    expect(hint.ok).toBe(true);
    if (hint.ok) expect(owner.view!.legalActions).toContainEqual(hint.action);
    owner.startAutoplay();
    await waitFor(() => owner.view?.over === true, 'the end of the game', 90_000);
    expect(p.stats.decisions).toBeGreaterThan(0);
    expect(replayedState(host.dataDir, owner.tableId).over).toBe(true);
  }, 120_000);
});
