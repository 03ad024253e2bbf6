// The wire leak check. Written from the rules, independently of viewFor: at each version of the
// game, a viewer may not know which card is in another seat's hand (unless it was shown face up
// this round, or its own Insight showed it) nor what another seat played face down in the
// current meeting. Every message a client received is scanned for such card ids; messages
// that are not views may carry no card id at all, no seed and no other seat's token. Events
// ('game:events') are judged by what the viewer could know at the version they produced.
import { DEFAULT_CARD_SET } from '../../../src/shared/rules/card-set/default-set';
import type { GameState } from '../../../src/shared/rules/state';
import type { CardId } from '../../../src/shared/rules/types';
import type { PlayerView, Viewer } from '../../../src/shared/rules/view';
import type { EventBatch } from '../../../src/shared/protocol/event-log';
import type { VisibleEvent } from '../../../src/shared/rules/view';
import type { Received } from '../clients/player';
import { cardIdOf } from '../../../src/shared/ids';

const CARD_IDS = new Set(DEFAULT_CARD_SET.characters.map((c) => c.id));

/** For each version, the cards `viewer` may not see. */
export function hiddenByVersion(states: readonly GameState[], viewer: Viewer): Set<CardId>[] {
  const out: Set<CardId>[] = [];
  let round = -1;
  let shown = new Set<CardId>();
  for (const s of states) {
    if (s.round !== round) {
      round = s.round;
      shown = new Set();
    }
    shown.add(s.themeCard); // public: the seat holding it starts the round (startSeat)
    for (const p of s.meeting.plays) if (!p.faceDown) shown.add(p.card);
    // Except a face-down card a Return sent back to its owner's hand (ruling 14).
    for (const p of s.lastMeeting?.plays ?? []) if (!(p.faceDown && p.returned)) shown.add(p.card);
    for (const a of s.allies) for (const c of a) shown.add(c);
    for (const c of s.discard) shown.add(c);
    if (s.burned) shown.add(s.burned);

    const hidden = new Set<CardId>();
    s.hands.forEach((hand, seat) => {
      if (seat !== viewer) for (const c of hand) hidden.add(c);
    });
    for (const p of s.meeting.plays) if (p.faceDown && p.seat !== viewer) hidden.add(p.card);
    for (const c of shown) hidden.delete(c);
    if (viewer !== 'spectator') for (const c of s.insights[viewer]?.cards ?? []) hidden.delete(c);
    out[s.version] = hidden;
  }
  return out;
}

/** Every key and string value in a JSON-like value. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsIn(v, out);
    }
  }
  return out;
}

export interface Secrets {
  readonly seed: string;
  /** Tokens this viewer must never receive. */
  readonly foreignTokens: readonly string[];
}

/** Problems found in one client's inbox; empty when nothing leaked. */
export function leaksIn(inbox: readonly Received[], viewer: Viewer, states: readonly GameState[], secrets: Secrets): string[] {
  const hidden = hiddenByVersion(states, viewer);
  const problems: string[] = [];
  for (const { event, payload } of inbox) {
    const text = JSON.stringify(payload) ?? '';
    if (text.includes(secrets.seed)) problems.push(`${event}: contains the seed`);
    for (const t of secrets.foreignTokens) if (text.includes(t)) problems.push(`${event}: contains another seat's token`);
    const strings = stringsIn(payload);
    const view = event === 'game:view' ? (payload as PlayerView) : event === 'reply:game:sync' ? (payload as { view?: PlayerView }).view : undefined;
    if (event === 'game:events') {
      problems.push(...eventLeaks(payload as readonly EventBatch[], viewer, hidden));
      continue;
    }
    if (view) {
      const secret = hidden[view.version];
      if (!secret) {
        problems.push(`game:view: version ${view.version} is not in the record`);
        continue;
      }
      for (const s of strings) if (secret.has(cardIdOf(s))) problems.push(`game:view v${view.version}: shows hidden card ${s}`);
    } else {
      for (const s of strings) if (CARD_IDS.has(cardIdOf(s))) problems.push(`${event}: names card ${s}`);
    }
  }
  return problems;
}

/**
 * Problems in event batches sent to `viewer`. An event may name a card only if the viewer could
 * see it at the version the event produced. The events that end a round, before the next
 * round's deal in the same batch, are judged at the version before (the new deal reshuffles
 * every card), with the cards the winner of that last meeting took face up (ruling 3) known.
 * Whatever the version, a face-down play is named to nobody but its player while it is played.
 */
export function eventLeaks(
  batches: readonly EventBatch[],
  viewer: Viewer,
  hidden: readonly Set<CardId>[],
  /** The hidden cards an event names (default: card ids anywhere in it). */
  named: (e: VisibleEvent, secret: ReadonlySet<CardId>) => string[] = (e, secret) => stringsIn(e).filter((x) => secret.has(cardIdOf(x))),
): string[] {
  const problems: string[] = [];
  for (const batch of batches) {
    const after = hidden[batch.version];
    if (!after) {
      problems.push(`game:events: version ${batch.version} is not in the record`);
      continue;
    }
    const dealAt = batch.events.findIndex((e) => e.type === 'roundStarted');
    const endsRound = dealAt > 0;
    const before = endsRound ? new Set(hidden[batch.version - 1]) : after;
    if (endsRound) {
      for (const e of batch.events.slice(0, dealAt)) {
        if (e.type === 'meetingEnded') for (const p of e.meeting.plays) if (!p.returned && p.card) before.delete(p.card);
      }
    }
    batch.events.forEach((e: VisibleEvent, i) => {
      const secret = endsRound && i < dealAt ? before : after;
      for (const s of named(e, secret)) problems.push(`game:events v${batch.version} ${e.type}: names hidden card ${s}`);
      if (e.type === 'cardPlayed' && e.faceDown && e.seat !== viewer && e.card !== null) problems.push(`game:events v${batch.version}: names face-down play ${e.card}`);
    });
  }
  return problems;
}
