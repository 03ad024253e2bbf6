// A table's public info, as the lobby, the LAN and everyone at it see it: seats and who is at
// them, whether an absent player's seat may go to a bot yet, the evening so far.
import type { SeatInfo, TableInfo } from '../../../shared/protocol/table-info';
import type { Seat } from '../../../shared/rules/types';
import { type Presence, graceLeft, handoverCheck } from '../seats/absence';
import { eveningOf } from './evening';
import type { TableModel } from '../table-file/table-model';
import { seatOf } from '../../../shared/ids';
import { botPlays } from '../seats/bot-seats';

export interface InfoSources {
  readonly presence: (seat: Seat) => Presence;
  readonly spectators: number;
  readonly now: number;
  /** The table's wait for a dropped player (auto-bot.ts `tableGraceMs`). */
  readonly graceMs: number;
}

export function tableInfo(model: TableModel, { presence, spectators, now, graceMs }: InfoSources): TableInfo {
  const { header, seats, owner } = model;
  const seatInfo = seats.map((s, n): SeatInfo => ({
    seat: seatOf(n),
    kind: s.kind,
    name: s.kind === 'human' ? s.name : null,
    connected: s.kind === 'bot' || presence(seatOf(n)).connected,
    botPlaying: s.kind === 'human' && s.botControlled,
    handoverAllowed: s.kind === 'human' && !s.botControlled && handoverCheck(presence(seatOf(n)), now, graceMs) === 'ok',
    // A finished game has nothing left for a bot to take: no countdown on its end screen.
    handoverInMs: s.kind === 'human' && !s.botControlled && model.phase !== 'over' ? graceLeft(presence(seatOf(n)), now, graceMs) : null,
    botLevel: botPlays(model, seatOf(n)) ? s.botLevel : null,
  }));
  const standings = eveningOf(model);
  return {
    id: header.id,
    name: header.name,
    players: header.players,
    options: header.options,
    hasPin: header.pin !== null,
    hints: header.hints !== false,
    ...(header.from === undefined ? {} : { from: header.from }),
    ...(standings ? { standings } : {}),
    phase: model.phase,
    owner,
    seats: seatInfo,
    spectators,
    graceMs,
    autoBotAfterS: model.autoBotAfterS,
  };
}
