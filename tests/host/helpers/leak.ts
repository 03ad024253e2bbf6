// The wire leak check. Written from the rules, independently of viewFor: at each version of the
// game, a viewer may not know which card is in another seat's hand (unless it was shown face up
// this round, or its own Insight showed it) nor what another seat played face down in the
// current meeting. Every message a client received is scanned for such card ids; messages
// that are not views may carry no card id at all, no seed and no other seat's token.
import { DEFAULT_CARD_SET } from '../../../src/shared/rules/card-set/default-set';
import type { GameState } from '../../../src/shared/rules/state';
import type { CardId } from '../../../src/shared/rules/types';
import type { PlayerView, Viewer } from '../../../src/shared/rules/view';
import type { Received } from './player';

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
    if (view) {
      const secret = hidden[view.version];
      if (!secret) {
        problems.push(`game:view: version ${view.version} is not in the record`);
        continue;
      }
      for (const s of strings) if (secret.has(s)) problems.push(`game:view v${view.version}: shows hidden card ${s}`);
    } else {
      for (const s of strings) if (CARD_IDS.has(s)) problems.push(`${event}: names card ${s}`);
    }
  }
  return problems;
}
