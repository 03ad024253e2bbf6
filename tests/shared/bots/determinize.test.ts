// What a seat remembers is true, and the worlds the Master samples are ones the seat cannot
// tell from the real one: same view, every card exactly once, known facts respected.
import { describe, expect, it } from 'vitest';
import { botCards } from '../../../src/shared/bots/cards';
import { buildState, sampleHidden, templateFor } from '../../../src/shared/bots/determinize';
import { Knowledge } from '../../../src/shared/bots/knowledge';
import { BotRng } from '../../../src/shared/bots/prng';
import { DEFAULT_CARD_SET, type GameState, applyAction, legalActions, viewFor } from '../../../src/shared/rules';
import { OPTION_SETS, randomGame } from '../../kit/game/playout';
import { seatOf } from '../../../src/shared/ids';

const cards = botCards(DEFAULT_CARD_SET);

/** Where every character card is in a state, for conservation checks. */
function census(s: GameState): string[] {
  const all = [...s.hands.flat(), ...s.allies.flat(), ...s.discard, ...s.meeting.plays.filter((p) => !p.returned).map((p) => p.card)];
  return all.sort();
}

describe('knowledge', () => {
  it('only ever notes true facts (pins, voids, discards) in random games of 3–6 players', () => {
    let facts = 0;
    const problems: string[] = [];
    for (let g = 0; g < 40; g++) {
      const players = 3 + (g % 4);
      const seats = Array.from({ length: players }, (_, i) => new Knowledge(seatOf(i), cards));
      for (const s of randomGame(players, `know-${g}`, OPTION_SETS[g % OPTION_SETS.length])) {
        if (s.over) break;
        seats.forEach((k, seat) => {
          const view = viewFor(s, seatOf(seat));
          k.observe(view);
          for (const [card, holder] of k.pinned) {
            const there = s.hands[holder]!.includes(card) || s.meeting.plays.some((p) => p.seat === holder && p.card === card && p.faceDown);
            if (!there) problems.push(`game ${g} seat ${seat} thinks ${card} is with ${holder}`);
            facts++;
          }
          for (const card of k.discarded) if (!s.discard.includes(card)) problems.push(`game ${g} seat ${seat} thinks ${card} was discarded`);
          k.voids.forEach((bits, other) => {
            for (const card of s.hands[other]!) {
              if (bits & (1 << cards.info(card).suit) && k.pinned.get(card) !== other) problems.push(`game ${g} seat ${seat}: ${other} holds ${card} of a void suit`);
            }
            facts += bits ? 1 : 0;
          });
          // Every card hidden from the seat is among its unseen cards.
          const unseen = new Set(k.unseen(view));
          s.hands.forEach((h, other) => other !== seat && h.forEach((c) => unseen.has(c) || problems.push(`game ${g} seat ${seat} located ${c}`)));
        });
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(facts).toBeGreaterThan(1000);
  });
});

describe('determinize', () => {
  it('builds states whose view for the seat is exactly the seat’s view, with every card once', () => {
    const rng = new BotRng(7);
    let checked = 0;
    const problems: string[] = [];
    for (let g = 0; g < 24; g++) {
      const players = 3 + (g % 4);
      const options = OPTION_SETS[g % OPTION_SETS.length];
      const seats = Array.from({ length: players }, (_, i) => new Knowledge(seatOf(i), cards));
      let step = 0;
      for (const s of randomGame(players, `det-${g}`, options)) {
        if (s.over) break;
        for (let seat = 0; seat < players; seat++) seats[seat]!.observe(viewFor(s, seatOf(seat)));
        if (step++ % 3 !== 0) continue;
        for (let seat = 0; seat < players; seat++) {
          const view = viewFor(s, seatOf(seat));
          const k = seats[seat]!;
          const hidden = sampleHidden(view, cards, k, rng);
          const world = buildState(view, hidden, templateFor(view, DEFAULT_CARD_SET), cards, rng, k.meetingsSeen);
          const where = `game ${g} step ${step} seat ${seat}`;
          if (JSON.stringify(viewFor(world, seatOf(seat))) !== JSON.stringify(view)) expect(viewFor(world, seatOf(seat)), where).toEqual(view);
          if (census(world).join() !== census(s).join()) problems.push(`${where}: cards not conserved`);
          // Known facts hold in the sample.
          for (const [card, holder] of k.pinned) {
            const there = world.hands[holder]!.includes(card) || world.meeting.plays.some((p) => p.seat === holder && p.card === card);
            if (!there) problems.push(`${where}: pinned ${card} not with ${holder}`);
          }
          world.hands.forEach((h, other) => {
            if (other === seat) return;
            for (const c of h) if (k.voids[other]! & (1 << cards.info(c).suit) && k.pinned.get(c) !== other) problems.push(`${where}: void broken by ${c}`);
          });
          for (const p of world.meeting.plays) {
            if (!p.faceDown) continue;
            const suit = DEFAULT_CARD_SET.characterById.get(p.card)!.suit;
            if (suit === 'wild' || suit === s.meeting.leadSuit) problems.push(`${where}: ${p.card} cannot be face down`);
          }
          // The sampled world plays on like a real one.
          const decider = view.toAct!.seat;
          for (const a of legalActions(world, decider).slice(0, 3)) if (!applyAction(world, a).ok) problems.push(`${where}: ${JSON.stringify(a)} refused`);
          checked++;
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('deals the seat’s own Insight snapshot back into the hand it saw', () => {
    const rng = new BotRng(3);
    let seen = 0;
    for (let g = 0; g < 60 && seen < 20; g++) {
      const k = new Knowledge(seatOf(0), cards);
      for (const s of randomGame(4, `ins-${g}`)) {
        if (s.over) break;
        const view = viewFor(s, seatOf(0));
        k.observe(view);
        if (!view.insight || view.legalActions.length === 0) continue;
        const target = view.insight.target;
        const still = view.insight.cards.filter((c) => s.hands[target]!.includes(c));
        const hidden = sampleHidden(view, cards, k, rng);
        // In the hand, or the target's face-down card in this meeting (the seat cannot tell which).
        const faceDown = view.meeting.plays.findIndex((p) => p.seat === target && p.card === null);
        for (const c of still) expect([...hidden.hands[target]!, hidden.faceDown.get(faceDown)]).toContain(c);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
