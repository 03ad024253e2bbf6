// Cards moving on the table: a played card comes from its seat into the meeting, a finished
// meeting's cards go to the winner's seat, an ability's card flies between seats (a steal, a
// gift, a discard, a card sent back). Durations are the pacing's (speed.svelte.ts); at instant
// speed and under prefers-reduced-motion nothing moves (the speed is instant there).
import type { TransitionConfig } from 'svelte/transition';
import type { Seat } from '../../../../shared/rules/types';
import type { VisibleEvent } from '../../../../shared/rules/view';
import { pacing } from './speed.svelte';

const seatBox = (seat: Seat): DOMRect | null => {
  const el = document.querySelector(`[data-testid="seat-panel"][data-seat="${seat}"]`);
  const r = el?.getBoundingClientRect();
  return r && r.width > 0 ? r : null;
};
const boxOf = (selector: string): DOMRect | null => {
  const r = document.querySelector(selector)?.getBoundingClientRect();
  return r && r.width > 0 ? r : null;
};
const centre = (r: DOMRect): { x: number; y: number } => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const ease = (t: number): number => 1 - (1 - t) ** 3;

/** From `box` (or nowhere) to where the node lies, or back: a translation with a shrink. */
function travel(node: Element, box: DOMRect | null, ms: number): TransitionConfig {
  if (!box || ms === 0) return { duration: 0 };
  const here = centre(node.getBoundingClientRect());
  const there = centre(box);
  const dx = there.x - here.x;
  const dy = there.y - here.y;
  return { duration: ms, easing: ease, css: (t, u) => `transform: translate(${dx * u}px, ${dy * u}px) scale(${0.6 + 0.4 * t}); opacity: ${0.3 + 0.7 * t}` };
}

/** In: a card played comes from its seat. */
export function fromSeat(node: Element, seat: Seat): TransitionConfig {
  const ms = pacing.moveMs;
  // Nothing moves at instant speed: measuring the seat would only force a layout at every play.
  return ms === 0 ? { duration: 0 } : travel(node, seatBox(seat), ms);
}

/** Out: a meeting's card goes to the seat that takes it (null: it leaves the table). */
export function toSeat(node: Element, seat: Seat | null): TransitionConfig {
  const ms = pacing.moveMs;
  if (ms === 0) return { duration: 0 };
  if (seat === null) return { duration: ms, css: (t) => `opacity: ${t}` };
  return travel(node, seatBox(seat), ms);
}

/** Where an ability moved a card: from and to a seat, the meeting or the discard pile. */
type Place = { seat: Seat } | 'meeting' | 'discard';
export function abilityMove(e: Extract<VisibleEvent, { type: 'abilityUsed' }>): { from: Place; to: Place } | null {
  const target = e.choice.target ?? e.faceDownOwner;
  switch (e.kind) {
    case 'steal':
      return target === undefined ? null : { from: { seat: target }, to: { seat: e.seat } };
    case 'gift':
      return target === undefined ? null : { from: { seat: e.seat }, to: { seat: target } };
    case 'discardAlly':
      return target === undefined ? null : { from: { seat: target }, to: 'discard' };
    case 'demonChoice':
      return target === undefined ? null : { from: 'meeting', to: { seat: target } };
    case 'return':
      return target === undefined ? null : { from: 'meeting', to: { seat: target } };
    default:
      return null;
  }
}

const placeBox = (p: Place): DOMRect | null => (p === 'meeting' ? boxOf('[data-testid="meeting"]') : p === 'discard' ? boxOf('[data-testid="discard"]') : seatBox(p.seat));

/**
 * A card's flight for an ability told now: a small card labelled with its name crosses the
 * table from one place to the other, then is gone. Returns false when nothing moves.
 */
export function flyCard(move: { from: Place; to: Place }, label: string): boolean {
  const ms = pacing.flightMs;
  const from = placeBox(move.from);
  const to = placeBox(move.to);
  if (ms === 0 || !from || !to || typeof document.body.animate !== 'function') return false;
  const ghost = document.createElement('div');
  ghost.className = 'flying-card';
  ghost.dataset.testid = 'flying-card';
  ghost.textContent = label;
  ghost.setAttribute('aria-hidden', 'true');
  document.body.append(ghost);
  const a = centre(from);
  const b = centre(to);
  const animation = ghost.animate(
    [
      { transform: `translate(${a.x}px, ${a.y}px) translate(-50%, -50%) scale(0.8)`, opacity: 0.2 },
      { transform: `translate(${(a.x + b.x) / 2}px, ${Math.min(a.y, b.y) - 30}px) translate(-50%, -50%) scale(1.1)`, opacity: 1, offset: 0.5 },
      { transform: `translate(${b.x}px, ${b.y}px) translate(-50%, -50%) scale(0.8)`, opacity: 0.2 },
    ],
    { duration: ms, easing: 'ease-in-out' },
  );
  animation.onfinish = () => ghost.remove();
  animation.oncancel = () => ghost.remove();
  return true;
}
