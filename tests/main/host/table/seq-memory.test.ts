// A seat's intent numbers and their answers (table/moves.ts), the same for a live table and for one read back
// from its file: a repeat of an intent gets its first answer, also after a restart, whatever form
// the answer took (a Return answered by the place of a face-down card is recorded naming the card).
import { describe, expect, it } from 'vitest';
import { BotRng } from '../../../../src/shared/bots/prng';
import { type Action, type GameState, answersAsSeen, applyAction, currentDecider, legalActions, newGame, recordedIntent } from '../../../../src/shared/rules';
import { DEFAULT_OPTIONS } from '../../../../src/shared/rules/types';
import { TABLE_FILE_VERSION, type TableHeader, type TableLine } from '../../../../src/main/host/table-file/lines';
import { TableModel } from '../../../../src/main/host/table-file/table-model';
import { IntentMemory, intentKey } from '../../../../src/main/host/table/moves';
import { seatOf, seatTokenOf, tableIdOf } from '../../../../src/shared/ids';

const header = (seed: string): TableHeader => ({
  t: 'table',
  v: TABLE_FILE_VERSION,
  id: tableIdOf('seq-memory'),
  name: 'seq',
  players: 4,
  options: DEFAULT_OPTIONS,
  pin: null,
  seed,
  createdAt: 0,
  persistent: false,
});

/** A random game's lines up to a Return answered by place (as its seat saw it), with that answer. */
function gameWithReturnByPlace(): { seed: string; lines: TableLine[]; asked: Action; before: number; seq: number } | null {
  for (let game = 0; game < 400; game++) {
    const seed = `seq-memory-${game}`;
    const started = newGame({ players: 4, options: DEFAULT_OPTIONS, seed });
    if (!started.ok) throw new Error(started.error.message);
    let s: GameState = started.value.state;
    const rng = new BotRng(game);
    const lines: TableLine[] = [{ t: 'start' }];
    for (let seq = 1; !s.over && seq < 400; seq++) {
      const seat = currentDecider(s)!;
      const seen = answersAsSeen(s, seat, legalActions(s, seat));
      const byPlace = seen.find((a) => 'choose' in a && a.choose.place !== undefined);
      const asked = byPlace ?? rng.pick(seen);
      const recorded = recordedIntent(s, asked);
      if (!recorded.ok) throw new Error(recorded.error.message);
      lines.push({ t: 'act', a: recorded.value, seq });
      const before = s.version;
      const step = applyAction(s, recorded.value);
      if (!step.ok) throw new Error(step.error.message);
      s = step.value.state;
      if (byPlace) return { seed, lines, asked, before, seq };
    }
  }
  return null;
}

describe('the sequence memory of a table read back from its file', () => {
  it('answers a repeated Return answered by place as it did live, not "number reused"', () => {
    const found = gameWithReturnByPlace();
    expect(found, 'a random game reached a Return answered by place').not.toBeNull();
    const { seed, lines, asked, before, seq } = found!;
    expect('choose' in asked && asked.choose.place).not.toBeUndefined();
    const model = new TableModel(header(seed));
    for (const line of lines) model.applyLine(line);
    const memory = IntentMemory.of(model);
    expect(memory.lastSeq(asked.seat)).toBe(seq);
    const repeat = memory.check(asked.seat, seq, intentKey(before, asked));
    expect(repeat).toEqual({ ok: true, version: before + 1 });
    // Another intent under that number is still refused.
    expect(memory.check(asked.seat, seq, intentKey(before + 1, asked))).toMatchObject({ ok: false, code: 'SEQ_REUSED' });
  });
});

describe('the intent numbers of a seat', () => {
  it('are its player’s: a new player in the seat starts from none', () => {
    const model = new TableModel(header('seq-holder'));
    const memory = new IntentMemory(model);
    const key = 'the same intent';
    model.applyLine({ t: 'seat', seat: seatOf(1), name: 'Ann', token: seatTokenOf('ann') });
    expect(memory.check(seatOf(1), 5, key)).toBeNull(); // an intent sent in the lobby (refused by the game's checks)
    memory.remember(seatOf(1), 5, key, { ok: false, code: 'NOT_STARTED', message: '' });
    expect(memory.lastSeq(seatOf(1))).toBe(5);
    // Ann leaves before the start, Bob takes her seat: his numbers start again.
    model.applyLine({ t: 'free', seat: seatOf(1) });
    model.applyLine({ t: 'seat', seat: seatOf(1), name: 'Bob', token: seatTokenOf('bob') });
    expect(memory.lastSeq(seatOf(1))).toBe(0);
    expect(memory.check(seatOf(1), 1, key)).toBeNull();
    expect(memory.check(seatOf(1), 1, key)).toMatchObject({ code: 'SEQ_REUSED' });
    expect(memory.lastSeq(seatOf(1))).toBe(1);
  });
});
