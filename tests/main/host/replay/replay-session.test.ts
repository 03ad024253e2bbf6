// A record opened for viewing: every version from any seat or all hands open, the story per
// viewer, the decisions of a seat, the Master's analysis of one, and clear refusals.
import { describe, expect, it } from 'vitest';
import { MAX_QUEUED_ANALYSES, ReplaySession } from '../../../../src/main/host/replay/replay-session';
import type { DecisionAnalysis } from '../../../../src/shared/bots/analysis';
import { BotRng } from '../../../../src/shared/bots/prng';
import { randomAction } from '../../../../src/shared/bots/random-player';
import { type GameState, applyAction, currentDecider, newGame, recordOf, viewFor } from '../../../../src/shared/rules';
import type { Action } from '../../../../src/shared/rules/actions';
import { answersAsSeen, resolvePlace } from '../../../../src/shared/rules/place';
import { cardIdOf, seatOf } from '../../../../src/shared/ids';

function randomGame(seed: string) {
  const setup = { players: 4, seed };
  const start = newGame(setup);
  if (!start.ok) throw new Error(start.error.message);
  let s: GameState = start.value.state;
  const actions: Action[] = [];
  const rng = new BotRng(7);
  while (!s.over) {
    const a = resolvePlace(s, randomAction(viewFor(s, currentDecider(s)!), rng));
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(r.error.code);
    s = r.value.state;
    actions.push(a);
  }
  return { record: JSON.parse(JSON.stringify(recordOf(setup, s, actions))) as unknown, end: s, actions };
}

describe('a replay session', () => {
  it('shows every version from any seat, as a spectator or with all hands open, and the story per viewer', () => {
    const { record, end, actions } = randomGame('replay-session-1');
    const opened = ReplaySession.open(record);
    if (!opened.ok) throw new Error(opened.message);
    const r = opened.session;
    expect(r.failure).toBeNull();
    expect(r.last).toBe(actions.length);
    expect(r.step(r.last, seatOf(2)).view).toEqual(viewFor(end, seatOf(2)));
    expect(r.step(r.last, 'spectator').view.fame).toEqual(end.fame);
    const open = r.step(0, 'all');
    expect(open.hands?.every((h) => h.length === 9)).toBe(true);
    expect(r.step(0, seatOf(1)).hands).toBeNull();
    const log = r.log(seatOf(1));
    expect(log.map((b) => b.version)).toEqual(Array.from({ length: r.last + 1 }, (_, v) => v));
    const dealt = log[0]!.events.find((e) => e.type === 'dealt');
    expect(dealt?.type === 'dealt' && dealt.hand).toEqual(r.step(0, seatOf(1)).view.hand);
    expect(r.decisions(seatOf(0)).every((v) => actions[v]!.seat === 0)).toBe(true);
  });

  it("analyses a seat's decision: the Master's move and both moves' chances from that seat's knowledge", () => {
    const { record, actions } = randomGame('replay-session-2');
    const opened = ReplaySession.open(record);
    if (!opened.ok) throw new Error(opened.message);
    const r = opened.session;
    // A decision with a real choice: more than one legal action.
    const version = r.decisions(seatOf(1)).find((v) => r.step(v, seatOf(1)).view.legalActions.length > 2)!;
    const analysis = r.analyse(version)!;
    const legal = r.step(version, seatOf(1)).view.legalActions;
    expect(legal).toContainEqual(analysis.master);
    expect(analysis.played).toEqual(answersAsSeen(r.stateAt(version), seatOf(1), [actions[version]!])[0]);
    for (const p of [analysis.masterWin, analysis.playedWin]) (expect(p).toBeGreaterThanOrEqual(0), expect(p).toBeLessThanOrEqual(1));
    expect(analysis.worlds).toBeGreaterThan(10);
    const started = performance.now();
    r.analyse(version);
    console.log(`analysis of one decision: ${analysis.worlds} worlds, ${(performance.now() - started).toFixed(0)} ms`);
    expect(r.analyse(r.last)).toBeNull();
  });

  it('on the host: each decision is analysed once and kept; one asked while another runs waits its turn, and only a flood is refused', async () => {
    const { record } = randomGame('replay-session-4');
    const opened = ReplaySession.open(record);
    if (!opened.ok) throw new Error(opened.message);
    const r = opened.session;
    const asked: number[] = [];
    const finishing: (() => void)[] = [];
    const analyser = (_record: unknown, v: number) => {
      asked.push(v);
      const made: DecisionAnalysis = {
        master: { seat: seatOf(0), play: cardIdOf('x') },
        masterWin: 1,
        played: { seat: seatOf(0), play: cardIdOf('y') },
        playedWin: 0,
        worlds: v,
        kind: 'play',
      };
      return new Promise<DecisionAnalysis>((resolve) => finishing.push(() => resolve(made)));
    };
    const [a, b, c] = r.decisions(seatOf(1));
    const running = r.analyseWith(analyser, a!);
    const waiting = r.analyseWith(analyser, b!); // the first still thinks: this one waits behind it
    await Promise.resolve();
    expect(asked).toEqual([a]); // one at a time
    finishing.shift()!();
    const first = await running;
    expect(first).not.toBe('wait');
    expect(await r.analyseWith(analyser, a!)).toBe(first); // kept
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([a, b]); // the second started once the first was done
    finishing.shift()!();
    expect(await waiting).toMatchObject({ worlds: b });
    const later = r.analyseWith(analyser, c!);
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishing.shift()!();
    expect(await later).toMatchObject({ worlds: c });
    expect(await r.analyseWith(analyser, r.last)).toBeNull(); // nobody decides after the end
    expect(asked).toEqual([a, b, c]);
    // A flood: beyond the running one and MAX_QUEUED_ANALYSES waiting, the rest are refused.
    const decisions = r
      .decisions(seatOf(0))
      .concat(r.decisions(seatOf(2)))
      .filter((v) => ![a, b, c].includes(v));
    const flood = decisions.slice(0, MAX_QUEUED_ANALYSES + 3).map((v) => r.analyseWith(analyser, v));
    expect(await flood.at(-1)).toBe('wait');
    expect(await flood.at(-2)).toBe('wait');
  });

  it('refuses what is not a record, with the parser message, and stops at an illegal action', () => {
    const bad = ReplaySession.open({ format: 'nope' });
    expect(bad.ok).toBe(false);
    const { record } = randomGame('replay-session-3');
    const broken = { ...(record as object), actions: [...(record as { actions: unknown[] }).actions.slice(0, 3), { seat: 0, play: 'king' }] };
    const opened = ReplaySession.open(broken);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.session.failure?.actionIndex).toBe(3);
    expect(opened.session.last).toBe(3);
  });
});
