// The end of a meeting (rulings 5 and 6): the winner with King and Reversal, the Demon's
// destination, then the Dragon's burn or the winner taking the cards.
import { defOf } from './cards';
import type { GameEvent, MeetingReason } from './events';
import type { DraftState, GameState, MeetingPlay } from './state';
import type { Seat } from './types';

/** Everyone has played, or a Halt ended the meeting. */
export const meetingComplete = (s: GameState): boolean =>
  s.meeting.halted || s.meeting.plays.length === s.players;

/** Cards that still count in the meeting: face up and not returned (ruling 3). */
const faceUpPlays = (s: GameState): readonly MeetingPlay[] => s.meeting.plays.filter((p) => !p.faceDown && !p.returned);

const hasEffect = (s: GameState, kind: string): MeetingPlay | undefined =>
  faceUpPlays(s).find((p) => defOf(s, p.card).effect.kind === kind);

/** Ruling 5: King wins; else highest strength (lowest under Reversal); else the lead player. */
export function decideMeeting(s: GameState): { winner: Seat; reason: MeetingReason } {
  const king = hasEffect(s, 'winMeeting');
  if (king) return { winner: king.seat, reason: 'king' };
  const lowestWins = hasEffect(s, 'reversal') !== undefined;
  let best: { seat: Seat; strength: number } | null = null;
  for (const p of faceUpPlays(s)) {
    const def = defOf(s, p.card);
    if (def.strength === null || def.suit !== s.meeting.leadSuit) continue;
    if (!best || (lowestWins ? def.strength < best.strength : def.strength > best.strength)) {
      best = { seat: p.seat, strength: def.strength };
    }
  }
  if (!best) return { winner: s.meeting.leader, reason: 'leader' };
  return { winner: best.seat, reason: lowestWins ? 'lowest' : 'highest' };
}

/** The Demon in the meeting whose destination is still to be chosen, if any. */
export function demonToPlace(s: GameState): MeetingPlay | undefined {
  return s.meeting.demonTo === null ? hasEffect(s, 'demonChoice') : undefined;
}

/** Hand out the meeting's cards and record it; the winner leads next. */
export function finishMeeting(d: DraftState, events: GameEvent[]): void {
  const { winner, reason } = decideMeeting(d);
  const demon = hasEffect(d, 'demonChoice');
  const burn = hasEffect(d, 'burn') !== undefined;
  const taken = d.meeting.plays.filter((p) => !p.returned && p !== demon).map((p) => p.card);
  if (demon) d.allies[d.meeting.demonTo!]!.push(demon.card);
  if (burn) d.discard.push(...taken);
  else d.allies[winner]!.push(...taken);

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
  events.push({ type: 'meetingEnded', meeting: d.lastMeeting, reason });
}
