// The output of `chronicle replay` (record-format.md): rounds, meetings, scores and who acts next.
import type { GameEvent } from '../events';
import { toActOf } from '../view';
import type { CardId, HistoryId, Seat } from '../types';
import type { Replayed } from './record';

export interface MeetingOut {
  leader: Seat;
  plays: { seat: Seat; card: CardId; faceDown: boolean }[];
  halted: boolean;
  winner: Seat;
}

export interface RoundOut {
  history: HistoryId[];
  startSeat: Seat;
  meetings: MeetingOut[];
  allies?: (CardId | { masked: CardId })[][];
  excluded?: Seat[];
  evilMonopoly?: Seat | null;
  fameGained?: number[];
}

export interface ReplaySummary {
  ok: boolean;
  actionIndex?: number;
  code?: string;
  message?: string;
  rounds: RoundOut[];
  fame: number[];
  over: boolean;
  winners: Seat[];
  pending: { seat: Seat; kind: string } | null;
}

/** Rounds as the events told them; a round not yet scored has no score fields. */
export function roundsOf(events: readonly (readonly GameEvent[])[]): RoundOut[] {
  const rounds: RoundOut[] = [];
  for (const e of events.flat()) {
    const round = rounds.at(-1);
    if (e.type === 'roundStarted') rounds.push({ history: [...e.history], startSeat: e.startSeat, meetings: [] });
    else if (e.type === 'meetingEnded' && round) {
      const m = e.meeting;
      round.meetings.push({
        leader: m.leader,
        plays: m.plays.map((p) => ({ seat: p.seat, card: p.card, faceDown: p.faceDown })),
        halted: m.halted,
        winner: m.winner,
      });
    } else if (e.type === 'roundScored' && round) {
      const masked = new Set(e.score.masked);
      round.allies = e.score.allies.map((a) => a.map((c) => (masked.has(c) ? { masked: c } : c)));
      round.excluded = [...e.score.excluded];
      round.evilMonopoly = e.score.evilMonopoly;
      round.fameGained = e.score.seats.map((s) => s.fameGained);
    }
  }
  return rounds;
}

export function summarize(r: Replayed): ReplaySummary {
  const base = {
    rounds: roundsOf(r.events),
    fame: [...r.state.fame],
    over: r.state.over,
    winners: [...r.state.winners],
    pending: toActOf(r.state),
  };
  if (!r.failure) return { ok: true, ...base };
  const { actionIndex, error } = r.failure;
  return { ok: false, actionIndex, code: error.code, message: error.message, ...base };
}
