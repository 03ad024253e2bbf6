// A seat a bot plays (handed over while its player was away) takes no move from its player
// until they have it back: the guard refuses SEAT_HELD_BY_BOT before it looks at whose turn it
// is, and the same move passes once the seat is the player's again. Over a table model read
// from its lines, as a live table and a restarted one both hold it.
import { describe, expect, it } from 'vitest';
import { currentDecider, legalActions } from '../../../../src/shared/rules';
import { DEFAULT_OPTIONS } from '../../../../src/shared/rules/types';
import { TABLE_FILE_VERSION, type TableLine } from '../../../../src/main/host/table-file/lines';
import { TableModel } from '../../../../src/main/host/table-file/table-model';
import { moveCheck } from '../../../../src/main/host/table/move-checks';
import { botPlays } from '../../../../src/main/host/seats/bot-seats';
import { seatOf, seatsOf, tableIdOf } from '../../../../src/shared/ids';

const HASH = 'ab'.repeat(32);

function startedModel(): TableModel {
  const model = new TableModel({
    t: 'table',
    v: TABLE_FILE_VERSION,
    id: tableIdOf('held-by-bot'),
    name: 'Held',
    players: 3,
    options: DEFAULT_OPTIONS,
    pin: null,
    seed: 'held',
    createdAt: 0,
    persistent: false,
  });
  const lines: TableLine[] = seatsOf(3).map((seat) => ({ t: 'seat', seat, name: `P${seat}`, token: HASH }));
  for (const line of [...lines, { t: 'owner', seat: seatOf(0) } as const, { t: 'start' } as const]) model.applyLine(line);
  return model;
}

describe('a seat held by a bot', () => {
  it("refuses its player's move until the seat is theirs again", () => {
    const model = startedModel();
    const state = model.state!;
    const seat = currentDecider(state)!;
    const intent = { action: legalActions(state, seat)[0]!, seq: 1, version: state.version };
    expect(moveCheck(model, seat, intent)).toBe(state);

    model.applyLine({ t: 'control', seat, bot: true });
    expect(botPlays(model, seat)).toBe(true);
    expect(moveCheck(model, seat, intent)).toMatchObject({ ok: false, code: 'SEAT_HELD_BY_BOT' });

    model.applyLine({ t: 'control', seat, bot: false });
    expect(moveCheck(model, seat, intent)).toBe(state);
  });
});
