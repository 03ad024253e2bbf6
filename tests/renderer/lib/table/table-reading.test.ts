// One reading of a table for the game screen, the board and the replay viewer: the seats' names
// with one fallback, the story's words and lines, and the theme line from the view.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOK } from '../../../../src/shared/card-book';
import type { EventBatch } from '../../../../src/shared/protocol/event-log';
import { viewFor } from '../../../../src/shared/rules/view';
import { i18n } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import { type KnownSeat, TableReading } from '../../../../src/renderer/src/lib/table/table-reading.svelte';
import { startGame } from '../../../kit/game/playout';
import { cardIdOf, seatOf } from '../../../../src/shared/ids';

const state = startGame(4);
const log: EventBatch[] = [{ version: 1, events: [{ type: 'cardPlayed', seat: seatOf(1), card: cardIdOf('power-9'), faceDown: false }] }];
const reading = (seats: readonly (KnownSeat | undefined)[] | null, me: number | null = null) =>
  new TableReading({
    view: () => viewFor(state, me === null ? 'spectator' : seatOf(me)),
    players: () => 4,
    seats: () => seats,
    me: () => (me === null ? null : seatOf(me)),
    book: () => DEFAULT_BOOK,
    log: () => log,
  });

describe('TableReading', () => {
  it('names each seat by its player, a nameless bot "Bot n", a seat the page knows nothing of "Seat n"', async () => {
    await i18n.set('en');
    expect(reading([{ name: 'Ann', kind: 'human' }, { name: null, kind: 'bot' }, { name: null, kind: 'free' }, undefined]).names).toEqual(['Ann', 'Bot 2', 'Seat 3', 'Seat 4']);
    expect(reading(null).names).toEqual(['Seat 1', 'Seat 2', 'Seat 3', 'Seat 4']);
  });

  it('tells the log in the reader\'s words, "you" for the reader', async () => {
    await i18n.set('en');
    const seats = [
      { name: 'Ann', kind: 'human' as const },
      { name: 'Bob', kind: 'human' as const },
    ];
    expect(reading(seats).storyLines.map((l) => l.text)).toEqual(['Bob played General.']);
    expect(reading(seats, 1).storyContext.me).toBe(1);
    expect(reading(seats, 1).storyLines.map((l) => l.text)).toEqual(['You played General.']);
  });

  it('reads the theme line from the view, which has it from the engine', () => {
    expect(reading(null).themeCardOpens).toBe(viewFor(state, 'spectator').themeCardMustOpen);
    expect(reading(null).themeCardOpens).toBe(state.options.themeCardOpens);
  });
});
