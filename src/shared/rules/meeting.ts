// The end of a meeting (rulings 5 and 6): the winner with King and Reversal, the Demon's
// destination, then the Dragon's burn or the winner taking the cards.
import { defOf } from './cards';
import type { GameEvent, MeetingReason } from './events';
import type { DraftState, GameState } from './state';
import type { Seat } from './types';

/** Everyone has played, or a Halt ended the meeting. */
export const meetingComplete = (s: GameState): boolean => s.meeting.halted || s.meeting.plays.length === s.players;

type Play = GameState['meeting']['plays'][number];

/** The cards that still count in the meeting (face up, not returned: ruling 3), read in one pass. */
interface Counted {
  king: Play | undefined;
  reversal: boolean;
  demon: Play | undefined;
  burn: boolean;
  /** The strongest and the weakest card of the lead suit, by seat (the first one on a tie). */
  highest: Seat | -1;
  lowest: Seat | -1;
}

function countedPlays(s: GameState): Counted {
  const out: Counted = { king: undefined, reversal: false, demon: undefined, burn: false, highest: -1, lowest: -1 };
  let high = -Infinity;
  let low = Infinity;
  const lead = s.meeting.leadSuit;
  for (const p of s.meeting.plays) {
    if (p.faceDown || p.returned) continue;
    const def = defOf(s, p.card);
    const kind = def.effect.kind;
    if (kind === 'winMeeting') out.king ??= p;
    else if (kind === 'reversal') out.reversal = true;
    else if (kind === 'demonChoice') out.demon ??= p;
    else if (kind === 'burn') out.burn = true;
    if (def.strength === null || def.suit !== lead) continue;
    if (def.strength > high) {
      high = def.strength;
      out.highest = p.seat;
    }
    if (def.strength < low) {
      low = def.strength;
      out.lowest = p.seat;
    }
  }
  return out;
}

/** Ruling 5: King wins; else highest strength (lowest under Reversal); else the lead player. */
function decideMeeting(s: GameState, c: Counted): { winner: Seat; reason: MeetingReason } {
  if (c.king) return { winner: c.king.seat, reason: 'king' };
  const best = c.reversal ? c.lowest : c.highest;
  if (best === -1) return { winner: s.meeting.leader, reason: 'leader' };
  return { winner: best, reason: c.reversal ? 'lowest' : 'highest' };
}

/**
 * The end of a complete meeting: the Demon in it whose destination is still to be chosen, if
 * any (the meeting waits for that choice); else the meeting is finished.
 */
export function endMeeting(d: DraftState, events: GameEvent[] | null): Play | undefined {
  const counted = countedPlays(d);
  if (counted.demon && d.meeting.demonTo === null) return counted.demon;
  finishMeeting(d, counted, events);
  return undefined;
}

/** Hand out the meeting's cards and record it; the winner leads next. */
function finishMeeting(d: DraftState, counted: Counted, events: GameEvent[] | null): void {
  const { winner, reason } = decideMeeting(d, counted);
  const { demon, burn } = counted;
  if (demon) d.allies[d.meeting.demonTo!]!.push(demon.card);
  const to = burn ? d.discard : d.allies[winner]!;
  for (const p of d.meeting.plays) if (!p.returned && p !== demon) to.push(p.card);

  d.lastMeeting = {
    leader: d.meeting.leader,
    plays: d.meeting.plays,
    halted: d.meeting.halted,
    winner,
    demonTo: demon ? d.meeting.demonTo : null,
    burned: burn,
  };
  d.meetingsPlayed++;
  d.meeting = { leader: winner, plays: [], leadSuit: null, halted: false, demonTo: null };
  events?.push({ type: 'meetingEnded', meeting: d.lastMeeting, reason });
}
