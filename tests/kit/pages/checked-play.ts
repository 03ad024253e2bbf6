// One seat played through the UI to the game's end, as its player would: on a touch phone a card
// is a tap (its sheet opens) and a tap on the sheet's Play; on a laptop a card is its number key
// and an answer and its Confirm are clicks. At every decision, before anything scrolls, the
// prompt is checked as it stands (PROMPT_UNREACHABLE); a control that stays covered is pressed by
// the page itself so the game goes on. Each failing look is listed with its screenshot, so one
// game counts them all: the caller asserts on the list. At the end, the same for the result.
import { type Page, expect } from '@playwright/test';
import { PROMPT_KIND, PROMPT_UNREACHABLE } from './prompt-fit';
import { type TouchLook, type TouchMove, nextTouchMove } from './touch-turns';
import { LAST_SUMMARY_HIDDEN, RESULT_HIDDEN } from './game-over-fit';
import { HAND_NOT_FULL, HAND_OUT_OF_VIEW } from './hand-fit';
import { SPOT_OF, type Spot } from './touch-taps';

export interface CheckedPlay {
  /** Touch (a phone) or mouse and keyboard (a laptop, a TV). */
  readonly touch: boolean;
  /** Names the screenshots and the failures (e.g. "Bob 390x844"). */
  readonly label: string;
  /** Where a failing look's screenshot goes, by its number. */
  readonly shotPath: (n: number) => string;
  /** Before each move: false stops here, the move not made (a phone about to drop, a player about to leave). */
  readonly beforeMove?: (move: TouchMove, turns: number) => boolean;
  /** On touch, a card's play on its sheet (at x, y) made by this instead of a plain tap (to time it). */
  readonly sheetPlay?: (x: number, y: number) => Promise<void>;
  /** Where the prompt and the hand both fit (a laptop, a TV): at every decision, each hand card in view too (HAND_OUT_OF_VIEW). */
  readonly handInView?: boolean;
  /** Where there is room for both at full size (a laptop, a TV): at every decision, each hand card drawn with its ability line (HAND_NOT_FULL). */
  readonly handFull?: boolean;
  /** Called at each move before it is made (a screenshot of the first prompt, say). */
  readonly onLook?: (move: TouchMove, turns: number) => Promise<void>;
  /**
   * Other sizes the window takes at every decision, each looked at as the played size is (the
   * prompt, and the hand where asked), then back: one game checks several sizes of one kind of
   * device (phones by touch, say) for the price of one.
   */
  readonly alsoAt?: readonly SizeLook[];
  /** Milliseconds with no move and no new view before the page counts as stalled (20 s). */
  readonly timeoutMs?: number;
}

/** A window size looked at during a game played at another, with the hand checks that apply there. */
export interface SizeLook {
  readonly width: number;
  readonly height: number;
  readonly handInView?: boolean;
  readonly handFull?: boolean;
}

/** In-page: a promise of two frames on (the layout, and any part measured as it settles, settled). */
export const TWO_FRAMES = `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null))))`;

export interface Played {
  /** Whether the game-over screen showed (false: beforeMove stopped it). */
  readonly over: boolean;
  /** Cards this seat played. */
  readonly turns: number;
  /** Decisions looked at (each answer and each Confirm, before it was pressed). */
  readonly decisions: number;
  /** Looks at a phone on its side where the hand had stepped aside for a prompt too tall beside it. */
  readonly asides: number;
  /** What a player could not see or reach, each with its screenshot. */
  readonly failures: string[];
}

/** In-page: whether anything is moving, and a promise of the moment it has all stopped. */
const ANIMATING = `document.getAnimations().length > 0`;
const ANIMATIONS_DONE = `Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))).then(() => null)`;

/** In-page: the first control of a decision or a summary, pressed by the page itself (where a player could not reach it). */
const PRESS_IN_PAGE = `(document.querySelector('[data-testid="choice-confirm"]') ?? document.querySelector('[data-testid="choice-option"]') ?? document.querySelector('[data-testid="summary-continue"]'))?.click()`;

export async function playChecked(
  page: Page,
  { touch, label, shotPath, beforeMove, sheetPlay, handInView = false, handFull = false, alsoAt = [], onLook, timeoutMs = 20_000 }: CheckedPlay,
): Promise<Played> {
  const failures: string[] = [];
  const fail = async (what: string): Promise<void> => {
    const shot = shotPath(failures.length);
    await page.screenshot({ path: shot });
    failures.push(`${label}: ${what} (${shot})`);
  };
  let turns = 0;
  let decisions = 0;
  let asides = 0;
  let covered = 0;
  let again = 0;
  let after: string | null = null;
  let pressed: { move: string | null; version: string | null } = { move: null, version: null };
  /** The prompt as it stands (its problems found already), and the hand where asked, each failing look listed. */
  const lookAtDecision = async (problems: string[], hand: { handInView?: boolean; handFull?: boolean }, where: string): Promise<void> => {
    // On a phone on its side the hand may step aside for a prompt too tall to share the height
    // with it (one tap shows it): counted, not a failure. On a laptop or a TV it never may.
    const handHidden = hand.handInView
      ? await page.evaluate<string[] | 'aside'>(hand.handFull ? HAND_OUT_OF_VIEW : `document.querySelector('[data-testid="hand-aside"]') ? 'aside' : ${HAND_OUT_OF_VIEW}`)
      : [];
    if (handHidden === 'aside') {
      asides += 1;
      return lookAtDecision(problems, { handFull: hand.handFull }, where);
    }
    const handSmall = hand.handFull ? await page.evaluate<string[]>(HAND_NOT_FULL) : [];
    if (problems.length + handHidden.length + handSmall.length === 0) return;
    const { kind, options } = await page.evaluate<{ kind: string | null; options: number }>(PROMPT_KIND);
    if (problems.length > 0) await fail(`the ${kind} prompt (${options} options) ${where}: ${problems.join('; ')}`);
    if (handHidden.length > 0)
      await fail(`the hand during the ${kind} prompt ${where}: ${handHidden.slice(0, 3).join('; ')}${handHidden.length > 3 ? ` and ${handHidden.length - 3} more` : ''}`);
    if (handSmall.length > 0)
      await fail(`the hand during the ${kind} prompt ${where}: ${handSmall.slice(0, 2).join('; ')}${handSmall.length > 2 ? ` and ${handSmall.length - 2} more` : ''}`);
  };
  for (let step = 0; step < 3000; step++) {
    const look: TouchLook<null> = await nextTouchMove<null>(page, { after, atPrompt: PROMPT_UNREACHABLE, timeoutMs });
    if ('over' in look) return { over: true, turns, decisions, asides, failures };
    if ('timeout' in look) throw new Error(`${label}: no move and no new view for ${timeoutMs / 1000} s after version ${after}; the turn banner says "${look.shows}"`);
    if ('covered' in look) {
      // Covered for a second at a time; three times running, the player is stuck: listed, and
      // pressed by the page so the game (and the count) goes on.
      if (++covered === 3) {
        await fail(`the ${look.covered.slice(0, 200)}`);
        await page.evaluate(PRESS_IN_PAGE);
        covered = 0;
      }
      after = null;
      continue;
    }
    covered = 0;
    again = look.move === pressed.move && look.version === pressed.version ? again + 1 : 0;
    expect(again, `${label}: presses on ${look.move} in view ${look.version} that did nothing`).toBeLessThan(3);
    if (beforeMove && !beforeMove(look.move, turns)) return { over: false, turns, decisions, asides, failures };
    await onLook?.(look.move, turns);
    let spot = { x: look.x, y: look.y };
    if (look.move === 'answer' || look.move === 'confirm') {
      decisions += 1;
      let problems = look.atPrompt as string[];
      // A card crossing the table at the normal pace (a meeting's cards going to their winner)
      // may reach past the table's edge or over the prompt for a moment: looked at again once it has landed.
      if (problems.length > 0 && (await page.evaluate<boolean>(ANIMATING))) {
        await page.evaluate(ANIMATIONS_DONE);
        problems = await page.evaluate<string[]>(PROMPT_UNREACHABLE);
      }
      await lookAtDecision(problems, { handInView, handFull }, `in view ${look.version}`);
      if (alsoAt.length > 0) {
        const played = page.viewportSize();
        for (const size of alsoAt) {
          await page.setViewportSize(size);
          await page.evaluate(TWO_FRAMES);
          await lookAtDecision(await page.evaluate<string[]>(PROMPT_UNREACHABLE), size, `in view ${look.version} at ${size.width}x${size.height}`);
        }
        if (played) await page.setViewportSize(played);
        await page.evaluate(TWO_FRAMES);
        // Where to press, looked up again at the played size; anything else there now is looked at afresh.
        const back = await nextTouchMove<null>(page, { after: null, timeoutMs });
        if (!('move' in back) || back.move !== look.move) {
          after = null;
          continue;
        }
        spot = { x: back.x, y: back.y };
      }
    }
    // What sends: a play (on touch the sheet's Play, by keyboard the card's number) and a Confirm.
    let sends: boolean = look.move === 'confirm' || look.move === 'sheet-play';
    if (look.move === 'sheet-play') turns += 1;
    if (!touch && look.move === 'play') {
      // The first playable card is numbered 1 (its hotkey).
      await page.keyboard.press('1');
      turns += 1;
      sends = true;
    } else if (touch && look.move === 'sheet-play' && sheetPlay) await sheetPlay(spot.x, spot.y);
    else if (touch) await page.touchscreen.tap(spot.x, spot.y);
    else await page.mouse.click(spot.x, spot.y);
    pressed = { move: look.move, version: look.version };
    after = sends ? look.version : null;
  }
  throw new Error(`${label}: the game did not end in 3000 moves`);
}

/**
 * At the game's end: the result at a glance before anything is pressed (RESULT_HIDDEN), then the
 * last round's summary opened from it and closed again where the player's finger or pointer
 * lands (when a control is covered, listed and pressed by the page), the winner in sight beside
 * it (LAST_SUMMARY_HIDDEN). What a player could not see or reach, listed with its screenshot.
 */
export async function checkedGameOver(page: Page, { touch, label, shotPath }: Pick<CheckedPlay, 'touch' | 'label' | 'shotPath'>): Promise<string[]> {
  const failures: string[] = [];
  const fail = async (what: string): Promise<void> => {
    const shot = shotPath(failures.length);
    await page.screenshot({ path: shot });
    failures.push(`${label}: ${what} (${shot})`);
  };
  await expect(page.getByTestId('game-over')).toBeVisible();
  await expect(page.getByTestId('round-summary'), 'no summary over the result').toHaveCount(0);
  const hidden = await page.evaluate<string[]>(RESULT_HIDDEN);
  if (hidden.length > 0) await fail(`game over: ${hidden.join('; ')}`);
  /** Presses a control where the finger or pointer lands; a covered one is listed and pressed by the page. */
  const press = async (testid: string, what: string): Promise<void> => {
    const spot = await page.evaluate<Spot>(SPOT_OF(`[data-testid="${testid}"]`));
    if ('x' in spot) await (touch ? page.touchscreen.tap(spot.x, spot.y) : page.mouse.click(spot.x, spot.y));
    else {
      await fail(`${what}: ${'covered' in spot ? spot.covered.slice(0, 200) : spot.missing}`);
      await page.evaluate(`document.querySelector('[data-testid="${testid}"]')?.click()`);
    }
  };
  await press('last-round', "the last round's button");
  await expect(page.getByTestId('round-summary')).toBeVisible();
  const beside = await page.evaluate<string[]>(LAST_SUMMARY_HIDDEN);
  if (beside.length > 0) await fail(`the last round's summary: ${beside.join('; ')}`);
  await press('summary-continue', "the last round's Close");
  await expect(page.getByTestId('round-summary')).toHaveCount(0);
  return failures;
}
