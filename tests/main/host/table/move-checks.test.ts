// The move checks (move-checks.ts): another seat's action, an illegal card, an out-of-turn move, a stale
// version, a duplicate. Each gets its own code and changes nothing: not the record on disk,
// not the version, and no other client hears of it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CARD_SET } from '../../../../src/shared/rules/card-set/default-set';
import type { Action, PlayAction } from '../../../../src/shared/rules/actions';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { readLines } from '../../../kit/host/records';
import { type SeatedTable, decider, settle, snapshot, startedGame } from '../../../kit/host/tables';
import { seatOf } from '../../../../src/shared/ids';

let host: TestHost;
let t: SeatedTable;
beforeEach(async () => {
  host = await startHost();
  t = await startedGame(host, 4);
});
afterEach(async () => host.dispose());

/** Asserts that the refused intent left everything as it was, except the sender's own inbox. */
async function unchanged(before: ReturnType<typeof snapshot>, sender: Player) {
  await settle();
  const after = snapshot(host, t);
  expect(after.file).toBe(before.file);
  t.players.forEach((p, i) => {
    if (p !== sender) expect(p.inbox.length, `seat ${p.seat} heard something`).toBe(before.inboxes[i]);
  });
}

const aPlay = (p: Player): PlayAction => {
  const play = p.view!.legalActions.find((a): a is PlayAction => 'play' in a);
  if (play) return play;
  return { seat: seatOf(p.seat), play: p.view!.hand![0]! };
};

describe('the move checks refuse', () => {
  it("another seat's action, naming that seat", async () => {
    const actor = decider(t.players);
    const other = t.players.find((p) => p !== actor)!;
    const before = snapshot(host, t);
    const [action] = actor.view!.legalActions as Action[];
    const r = await other.request('game:act', { action, seq: 1, version: actor.view!.version });
    expect(r).toMatchObject({ ok: false, code: 'NOT_YOUR_SEAT' });
    await unchanged(before, other);
  });

  it('an out-of-turn move', async () => {
    const actor = decider(t.players);
    const other = t.players.find((p) => p !== actor)!;
    const before = snapshot(host, t);
    const r = await other.act({ play: other.view!.hand![0]! });
    expect(r).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
    await unchanged(before, other);
  });

  it('a card not in hand, and a card that does not exist', async () => {
    const actor = decider(t.players);
    const notMine = DEFAULT_CARD_SET.characters.map((c) => c.id).find((id) => !actor.view!.hand!.includes(id))!;
    const before = snapshot(host, t);
    expect(await actor.act({ play: notMine })).toMatchObject({ ok: false, code: 'CARD_NOT_IN_HAND' });
    expect(await actor.act({ play: 'ace-of-spades' })).toMatchObject({ ok: false, code: 'MALFORMED_ACTION' });
    expect(await actor.act({ choose: { target: 1 } })).toMatchObject({ ok: false, code: 'NO_DECISION_PENDING' });
    await unchanged(before, actor);
  });

  it('a card the rules forbid now (the theme card must open the round)', async () => {
    const actor = decider(t.players);
    const legal = new Set(actor.view!.legalActions.map((a) => JSON.stringify(a)));
    const illegal = actor.view!.hand!.find(
      (card) => !legal.has(JSON.stringify({ seat: actor.seat, play: card })) && !legal.has(JSON.stringify({ seat: actor.seat, play: card, faceDown: true })),
    );
    if (!illegal) return; // every card of this hand may open: nothing illegal to try
    const before = snapshot(host, t);
    const r = await actor.act({ play: illegal });
    expect(r.ok).toBe(false);
    expect(['THEME_CARD_MUST_OPEN', 'MUST_FOLLOW_SUIT', 'MUST_PLAY_FACE_DOWN', 'CANNOT_PLAY_FACE_DOWN']).toContain(!r.ok && r.code);
    await unchanged(before, actor);
  });

  it('a stale version, and the sender ends up holding the current view', async () => {
    const actor = decider(t.players);
    expect((await actor.act(aPlay(actor))).ok).toBe(true);
    await waitFor(() => t.players.every((p) => p.view!.version === 1), 'the next views');
    const next = decider(t.players);
    const before = snapshot(host, t);
    const r = await next.act(aPlay(next), 0);
    expect(r).toMatchObject({ ok: false, code: 'STALE' });
    await unchanged(before, next);
    expect(next.view!.version).toBe(1);
    expect(next.versions).toEqual([0, 1]); // views never go back or repeat on a connection
  });

  it('a seat it does not hold: no table, or only watching', async () => {
    const stranger = new Player(await host.connect());
    expect(await stranger.act({ play: 'king' })).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await stranger.request('table:spectate', { tableId: t.tableId })).toMatchObject({ ok: true });
    expect(await stranger.act({ play: 'king' }, 0)).toMatchObject({ ok: false, code: 'NOT_SEATED' });
  });
});

describe('duplicates', () => {
  it('the same intent sent four times at once is applied once, and every copy gets the first answer', async () => {
    const actor = decider(t.players);
    const intent = { action: aPlay(actor), seq: 5, version: actor.view!.version };
    delete (intent.action as { seat?: number }).seat;
    const replies = await Promise.all([1, 2, 3, 4].map(() => actor.request('game:act', intent)));
    actor.seq = intent.seq; // the client's counter moves past the number it used, as a real client's does
    expect(replies).toEqual(Array(4).fill({ ok: true, version: 1 }));
    const acts = readLines(host.dataDir, t.tableId).filter((l) => (l as { t: string }).t === 'act');
    expect(acts).toHaveLength(1);
    await settle();
    for (const p of t.players) expect(p.versions).toEqual([0, 1]);
    // Later, after the game moved on, a repeat still gets the original answer.
    // (The first card may have asked its own player a question, e.g. the Magician's Insight:
    // take whatever the decider's view offers, not necessarily a play.)
    const next = decider(t.players);
    expect((await next.act(next.view!.legalActions[0]!)).ok).toBe(true);
    expect(await actor.request('game:act', intent)).toEqual({ ok: true, version: 1 });
    expect(readLines(host.dataDir, t.tableId).filter((l) => (l as { t: string }).t === 'act')).toHaveLength(2);
    // Another intent under a used number is not mistaken for a repeat.
    expect(await actor.request('game:act', { ...intent, version: 2 })).toMatchObject({ ok: false, code: 'SEQ_REUSED' });
  });

  it('a refused intent repeated gets the same refusal; an old number no longer kept is refused', async () => {
    const actor = decider(t.players);
    const other = t.players.find((p) => p !== actor)!;
    const intent = { action: { play: other.view!.hand![0]! }, seq: 1, version: 0 };
    const first = await other.request('game:act', intent);
    expect(first).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
    expect(await other.request('game:act', intent)).toEqual(first);
    for (let seq = 2; seq <= 40; seq++) await other.request('game:act', { ...intent, seq });
    expect(await other.request('game:act', intent)).toMatchObject({ ok: false, code: 'SEQ_REUSED' });
  });
});
