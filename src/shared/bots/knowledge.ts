// What one seat can remember from the views it receives, as a person at the table could note it
// down: which suits a player showed they lack (a face-down play), cards known to be in a hand
// (its Insight snapshot, a card sent back by a Return, an ally taken back by a Recall), and the
// cards seen going to the discard pile (only its top is visible at any time).
//
// Every fact is derived from PlayerViews only. Observing the same view twice changes nothing,
// and a bot that misses views still reasons correctly from the current one (it only knows less).
import type { PlayerView } from '../rules/view';
import type { CardId, Seat } from '../rules/types';
import { type BotCards, WILD, suitIndex } from './cards';
import { seatOf } from '../ids';

export class Knowledge {
  private round = -1;
  private lastVersion = -1;
  /** Per seat, a bit per suit index the seat has shown it lacks this round. */
  readonly voids: number[] = [];
  /** Cards known to be in a seat's hand (while not seen anywhere since). */
  readonly pinned = new Map<CardId, Seat>();
  /** Cards known to lie in the discard pile. */
  readonly discarded = new Set<CardId>();
  /** Meetings seen to end this round (at least). */
  meetingsSeen = 0;
  private prevAllies: (readonly CardId[])[] | null = null;
  private lastMeetingKey = '';
  private insightKey = '';
  private prevDiscardCount = 0;

  constructor(
    readonly seat: Seat,
    readonly cards: BotCards,
  ) {}

  observe(view: PlayerView): void {
    if (view.round !== this.round || view.version < this.lastVersion) this.reset(view);
    const oneStep = view.version === this.lastVersion + 1;
    if (view.version === this.lastVersion) return;

    const knownBefore = this.discarded.size;
    if (view.burned) this.discarded.add(view.burned);
    if (view.discardTop) this.discarded.add(view.discardTop);
    this.noteMeeting(view.meeting.plays, view.meeting.leadSuit === null ? -1 : suitIndex(view.meeting.leadSuit));
    const last = view.lastMeeting;
    if (last) {
      const key = `${last.leader}:${last.plays.map((p) => `${p.seat}${p.card}${p.returned ? 'r' : ''}`).join(',')}`;
      if (key !== this.lastMeetingKey) {
        this.lastMeetingKey = key;
        this.meetingsSeen++;
        this.noteLastMeeting(last);
      }
    }

    // An ally that vanished without being seen anywhere went back to its owner's hand (Recall)
    // or to the discard pile under another card (Discard, then a Dragon's burn in the same
    // step): the pile's growth tells which. Certain only when exactly one action passed.
    if (this.prevAllies && oneStep) {
      const located = this.locatedSet(view);
      const unexplained = view.discardCount - this.prevDiscardCount - (this.discarded.size - knownBefore);
      this.prevAllies.forEach((allies, n) => {
        const seat = seatOf(n);
        for (const card of allies) {
          if (located.has(card)) continue;
          if (unexplained > 0) this.discarded.add(card);
          else if (seat !== this.seat) this.pinned.set(card, seat);
        }
      });
    }

    // An Insight snapshot pins its cards once; they travel on from there like any card.
    const insight = view.insight;
    if (insight) {
      const key = `${insight.target}:${insight.cards.join(',')}`;
      if (key !== this.insightKey) {
        this.insightKey = key;
        for (const card of insight.cards) this.pinned.set(card, insight.target);
      }
    }

    // Forget pins of cards seen since (played, taken, discarded).
    const located = this.locatedSet(view);
    for (const card of [...this.pinned.keys()]) if (located.has(card)) this.pinned.delete(card);

    this.prevAllies = view.allies.map((a) => a.slice());
    this.prevDiscardCount = view.discardCount;
    this.lastVersion = view.version;
  }

  private noteLastMeeting(last: NonNullable<PlayerView['lastMeeting']>): void {
    let lead = -1;
    const plays = last.plays.map((p) => {
      const card = p.card ?? null; // defensive: the engine may redact these one day
      if (lead === -1 && !p.faceDown && card) {
        const s = this.cards.info(card).suit;
        if (s !== WILD) lead = s;
      }
      return { seat: p.seat, card, faceDown: p.faceDown, returned: p.returned, lead };
    });
    for (const p of plays) {
      if (p.faceDown && p.seat !== this.seat && p.lead >= 0) this.voids[p.seat]! |= 1 << p.lead;
      if (p.returned && p.card) this.pinned.set(p.card, p.seat);
    }
    if (last.burned) {
      const demonTo = last.demonTo;
      for (const p of plays) {
        if (!p.card || p.returned) continue;
        if (demonTo !== null && this.cards.info(p.card).kind === 'demonChoice') continue;
        this.discarded.add(p.card);
      }
    }
  }

  /** Cards whose place the seat cannot see: in other hands, face down in the meeting, or discarded unseen. */
  unseen(view: PlayerView): CardId[] {
    const located = this.locatedSet(view);
    const out: CardId[] = [];
    for (const c of this.cards.all) if (!located.has(c.id)) out.push(c.id);
    return out;
  }

  private reset(view: PlayerView): void {
    this.round = view.round;
    this.lastVersion = -1;
    this.voids.length = 0;
    for (let s = 0; s < view.players; s++) this.voids.push(0);
    this.pinned.clear();
    this.discarded.clear();
    this.meetingsSeen = 0;
    this.prevAllies = null;
    this.lastMeetingKey = '';
    this.insightKey = '';
    // The start player shows the theme card: it is in their hand until played (known only when
    // the round is watched from its start).
    if (view.startSeat !== this.seat && view.lastMeeting === null) this.pinned.set(view.themeCard, view.startSeat);
  }

  private noteMeeting(plays: PlayerView['meeting']['plays'], lead: number): void {
    for (const p of plays) {
      if (p.faceDown && p.seat !== this.seat && lead >= 0) this.voids[p.seat]! |= 1 << lead;
      if (p.returned && p.card) this.pinned.set(p.card, p.seat);
    }
  }

  /** Cards whose place the seat knows: its hand, allies, cards in the meeting, known discards. */
  private locatedSet(view: PlayerView): Set<CardId> {
    const out = new Set<CardId>(this.discarded);
    if (view.burned) out.add(view.burned);
    if (view.discardTop) out.add(view.discardTop);
    for (const c of view.hand ?? []) out.add(c);
    for (const a of view.allies) for (const c of a) out.add(c);
    for (const p of view.meeting.plays) if (p.card && !p.returned) out.add(p.card);
    return out;
  }
}
