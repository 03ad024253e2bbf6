// The guided first round: a three-seat table against two Novice bots who take their time, and
// the steps of the guide (coach marks) that explain what is happening and what to do. Which
// table is the guided one is kept for this tab (sessionStorage), so a reload keeps the guide.
import type { PlayerView } from '../../../../shared/rules/view';
import type { GameSession } from '../connection/types';
import { seatOf } from '../../../../shared/ids';

const KEY = 'chronicle.tutorialTable';
/** Bots wait this long before each move, so a newcomer can follow every card. */
export const TUTORIAL_BOT_DELAY_MS = 900;

function load(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(KEY) ?? null;
  } catch {
    return null; // storage may be disabled (private mode)
  }
}

class Tutorial {
  /** The table the guide runs at, if any. */
  tableId = $state<string | null>(load());
  /** Steps the player has read (for this page). */
  read = $state<readonly StepId[]>([]);

  set(tableId: string | null): void {
    this.tableId = tableId;
    this.read = [];
    try {
      if (tableId === null) globalThis.sessionStorage?.removeItem(KEY);
      else globalThis.sessionStorage?.setItem(KEY, tableId);
    } catch {
      // kept for this page only
    }
  }

  markRead(step: StepId): void {
    if (!this.read.includes(step)) this.read = [...this.read, step];
  }
}

export const tutorial = new Tutorial();

/** Creates the guided table (the player at seat 0, two Novice bots) and starts the game. */
export async function startTutorial(session: GameSession, tableName: string, playerName: string): Promise<boolean> {
  const created = await session.createTable({ name: tableName, players: 3, playerName, botDelayMs: TUTORIAL_BOT_DELAY_MS, hints: true });
  const id = session.table?.id;
  if (!created || !id) return false;
  tutorial.set(id);
  for (const seat of [seatOf(1), seatOf(2)]) if (!(await session.addBot(seat, 'novice'))) return false;
  return session.start();
}

/**
 * The steps, in order. Each is shown once its moment has come and stays until read; the
 * first unread step whose moment has come is the one shown.
 */
export const STEPS = ['welcome', 'history', 'hand', 'play', 'meeting', 'decision', 'allies', 'roundEnd'] as const;
export type StepId = (typeof STEPS)[number];

/** The part of the table a step points at (the table outlines it). */
export const STEP_TARGET: Readonly<Record<StepId, 'top' | 'mine' | 'centre' | 'others' | 'none'>> = {
  welcome: 'none',
  history: 'top',
  hand: 'mine',
  play: 'mine',
  meeting: 'centre',
  decision: 'centre',
  allies: 'others',
  roundEnd: 'none',
};

export interface Moment {
  readonly view: PlayerView;
  readonly me: number;
  /** Your decision's prompt is shown. */
  readonly deciding: boolean;
}

/** Whether a step's moment has come. */
export function due(step: StepId, { view, me, deciding }: Moment): boolean {
  const firstRound = view.round === 0 && !view.over;
  switch (step) {
    case 'welcome':
    case 'history':
    case 'hand':
      return firstRound;
    case 'play':
      return firstRound && view.toAct?.seat === me && view.toAct.kind === 'play';
    case 'meeting':
      return firstRound && view.meeting.plays.length > 0;
    case 'decision':
      return firstRound && deciding;
    case 'allies':
      return firstRound && view.allies.some((a) => a.length > 0);
    case 'roundEnd':
      return view.round > 0 || view.over;
  }
}

/** The step to show now, or null. */
export function currentStep(read: readonly StepId[], moment: Moment): StepId | null {
  return STEPS.find((step) => !read.includes(step) && due(step, moment)) ?? null;
}
