// Ruling 14 through a real host: a seat resolving its Return while the meeting holds another
// seat's face-down card may name that card only by its place. Guessing card ids must not work as
// an oracle: every guess is refused the same way, nothing changes, and only the place is taken.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TABLE_FILE_VERSION } from '../../../../src/main/host/table-file/lines';
import { hashToken, newToken } from '../../../../src/main/host/guards/tokens';
import { BotRng } from '../../../../src/shared/bots/prng';
import { randomAction } from '../../../../src/shared/bots/random-player';
import { type Action, DEFAULT_OPTIONS, type GameState, type Seat, applyAction, currentDecider, newGame, recordedIntent, viewFor } from '../../../../src/shared/rules';
import { ALL_CARDS } from '../../../kit/game/ids';
import { type TestHost, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { resumeSeats } from '../../../kit/clients/player';
import { tableFile } from '../../../kit/host/records';
import { settle } from '../../../kit/host/tables';
import { cardIdOf } from '../../../../src/shared/ids';

const TABLE = 'returnoracle';

/** A 4-player game played from the seats' own views up to a Return facing another seat's face-down card. */
function gameAtHiddenReturn(): { seed: string; actions: Action[]; state: GameState; seat: Seat; hidden: { seat: Seat; card: string } } {
  const rng = new BotRng(0x0dd);
  for (let game = 0; game < 100; game++) {
    const seed = `return-oracle-${game}`;
    const created = newGame({ players: 4, seed });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value.state;
    const actions: Action[] = [];
    while (!state.over) {
      const seat = currentDecider(state)!;
      const play = state.pending?.kind === 'return' ? state.meeting.plays.find((p) => p.faceDown && !p.returned && p.seat !== seat) : undefined;
      if (play) return { seed, actions, state, seat, hidden: { seat: play.seat, card: play.card } };
      const recorded = recordedIntent(state, randomAction(viewFor(state, seat), rng));
      if (!recorded.ok) throw new Error(recorded.error.message);
      const step = applyAction(state, recorded.value);
      if (!step.ok) throw new Error(step.error.message);
      actions.push(recorded.value);
      state = step.value.state;
    }
  }
  throw new Error('no Return met another seat’s face-down card in 100 games');
}

let host: TestHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

describe('a Return’s answer names only what its player sees (ruling 14)', () => {
  it('refuses every guessed id of another seat’s face-down card alike, changes nothing, and takes only its place', async () => {
    const { seed, actions, state, seat, hidden } = gameAtHiddenReturn();
    // The table file of that game, as the host writes it; the host resumes it on start.
    const dataDir = await tempDir();
    const tokens = [newToken(), newToken(), newToken(), newToken()];
    const header = { t: 'table', v: TABLE_FILE_VERSION, id: TABLE, name: 'Oracle', players: 4, options: DEFAULT_OPTIONS, pin: null, seed, createdAt: 1, persistent: false };
    const lines = [
      header,
      ...tokens.map((token, s) => ({ t: 'seat', seat: s, name: `P${s}`, token: hashToken(token) })),
      { t: 'owner', seat: 0 },
      { t: 'start' },
      ...actions.map((a) => ({ t: 'act', a, seq: null })),
    ];
    mkdirSync(join(dataDir, 'tables'), { recursive: true });
    writeFileSync(tableFile(dataDir, TABLE), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    host = await startHost({ dataDir });
    const players = await resumeSeats(() => host!.connect(), TABLE, tokens, 500);
    await waitFor(() => players.every((p) => p.view?.version === state.version), 'views at the Return');
    const me = players[seat]!;
    expect(me.view!.toAct).toEqual({ seat, kind: 'return' });
    expect(me.view!.legalActions).toContainEqual({ seat, choose: { place: hidden.seat } });
    expect(JSON.stringify(me.view)).not.toContain(`"${hidden.card}"`);

    // Every id the view does not offer, the hidden card's among them, and one of no card at all.
    const offered = new Set(me.view!.legalActions.map((a) => ('choose' in a ? a.choose.card : undefined)));
    const guesses = [...ALL_CARDS.filter((c) => !offered.has(cardIdOf(c))), 'no-such-card'];
    expect(guesses).toContain(hidden.card);
    const file = readFileSync(tableFile(dataDir, TABLE), 'utf8');
    const inboxes = players.map((p) => p.inbox.length);
    const replies = [];
    for (const card of guesses) replies.push({ card, reply: await me.act({ choose: { card } }, state.version) });
    const refusal = { ok: false, code: 'ILLEGAL_CHOICE', message: 'not an answer to the return decision' };
    for (const { card, reply } of replies) expect(reply, card).toEqual(refusal);
    // Naming the place together with a card, or a face-up card's place, is no answer either.
    expect(await me.act({ choose: { place: hidden.seat, card: hidden.card } }, state.version)).toEqual(refusal);
    await settle();
    expect(readFileSync(tableFile(dataDir, TABLE), 'utf8')).toBe(file);
    expect(players.map((p, s) => p.inbox.length - inboxes[s]! - (s === seat ? guesses.length + 1 : 0))).toEqual([0, 0, 0, 0]);
    expect(host.tables.get(TABLE)!.model.state!.version).toBe(state.version);

    // The place is taken; the record names the card, which goes back to its owner's hand unseen.
    expect(await me.act({ choose: { place: hidden.seat } }, state.version)).toEqual({ ok: true, version: state.version + 1 });
    const last = readFileSync(tableFile(dataDir, TABLE), 'utf8').trim().split('\n').at(-1)!;
    expect(JSON.parse(last)).toMatchObject({ t: 'act', a: { seat, choose: { card: hidden.card } } });
    await waitFor(() => players.every((p) => p.view!.version > state.version), 'views after the Return');
    expect(players[hidden.seat]!.view!.hand).toContain(hidden.card);
    expect(JSON.stringify(me.inbox.slice(inboxes[seat]))).not.toContain(`"${hidden.card}"`);
  });
});
