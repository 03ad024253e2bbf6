// The branded ids (src/shared/ids.ts). Mostly a test for the compiler: `npm run typecheck`
// checks this file, and every `@ts-expect-error` below is itself an error once the mistake on
// its next line compiles (an id that lost its brand). At run time the makers change nothing.
import { describe, expect, it } from 'vitest';
import { type CardId, type CardNumber, type Seat, type SeatToken, type TableId, cardIdOf, cardNumberOf, seatOf, seatTokenOf, seatsOf, tableIdOf } from '../../src/shared/ids';
import type { ResumeRequest } from '../../src/shared/protocol';
import { DEFAULT_CARD_SET, legalActions, newGame } from '../../src/shared/rules';
import { cardNumber, setFacts } from '../../src/shared/rules/set-facts';
import type { TableRegistry } from '../../src/main/host/tables/registry';

const started = newGame({ players: 3, seed: 'ids' });
if (!started.ok) throw new Error(started.error.message);
const state = started.value.state;
const facts = setFacts(DEFAULT_CARD_SET);
const seat = seatOf(1);
const card = cardIdOf('power-4');
const number = cardNumberOf(4);
const tableId = tableIdOf('table-0001');
const token = seatTokenOf('t'.repeat(43));

/** Compiled, never called: what each line would do is only for the compiler to refuse. */
function mixUps(registry: TableRegistry): void {
  // A seat where a card number is expected, and back.
  // @ts-expect-error a seat is no card number
  const fromSeat: CardNumber = seat;
  // @ts-expect-error a card number is no seat
  legalActions(state, number);
  // @ts-expect-error neither is the number of a card in the set, maybe -1
  legalActions(state, cardNumber(facts, card));
  // A table id where a seat token is expected, and back.
  // @ts-expect-error the arguments swapped
  void registry.rematches.playingAgain(token, tableId);
  const resume: ResumeRequest = {
    // @ts-expect-error a seat token is no table id
    tableId: token,
    // @ts-expect-error a table id is no seat token
    token: tableId,
  };
  // Plain numbers and strings become ids only through their makers (or a schema).
  // @ts-expect-error a number is not yet a seat
  const plainSeat: Seat = 1;
  // @ts-expect-error a string is not yet a card id
  const plainCard: CardId = 'power-4';
  // @ts-expect-error nor a table id
  const plainTable: TableId = 'table-0001';
  // @ts-expect-error nor a seat token
  const plainToken: SeatToken = 'x';
  // An id still reads as what it is made of.
  const asNumber: number = seat + number;
  const asText: string = `${card} ${tableId} ${token}`;
  void [fromSeat, resume, plainSeat, plainCard, plainTable, plainToken, asNumber, asText];
}
void mixUps;

describe('branded ids', () => {
  it('are the values they are made of: the makers change nothing at run time', () => {
    expect(seat).toBe(1);
    expect(card).toBe('power-4');
    expect(number).toBe(4);
    expect(tableId).toBe('table-0001');
    expect(token).toBe('t'.repeat(43));
    expect(JSON.stringify({ seat, card })).toBe('{"seat":1,"card":"power-4"}');
  });

  it('enumerate the seats in turn order', () => {
    expect(seatsOf(4)).toEqual([0, 1, 2, 3]);
  });

  it('come out of the engine as the same numbers and strings', () => {
    expect(legalActions(state, state.startSeat).length).toBeGreaterThan(0);
    expect(cardNumber(facts, card)).toBe(DEFAULT_CARD_SET.characters.findIndex((c) => c.id === 'power-4'));
  });
});
