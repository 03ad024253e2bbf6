// The game record (record-format.md): setup, deals and actions. The state is a fold over it.
import { z } from 'zod';
import type { Action } from '../actions';
import { DEFAULT_CARD_SET } from '../card-set/default-set';
import { loadCardSet } from '../card-set/load';
import type { CardSet, CardSetFile } from '../card-set/types';
import { type Applied, type GameSetup, applyAction, newGame } from '../engine';
import type { RuleError } from '../errors';
import type { GameEvent } from '../events';
import { type Result, err, ok } from '../result';
import type { GameState, RoundDeal } from '../state';
import type { GameOptions } from '../types';
import { actionSchema, cardIdSchema, optionsSchema, playersSchema } from '../schemas';

export const RECORD_FORMAT = 'chronicle-record';
export const RECORD_VERSION = 1;

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly players: number;
  readonly options: Partial<GameOptions>;
  /** `"default"`, or a whole card-set file for a table that loaded its own. */
  readonly cardSet: string | CardSetFile;
  readonly seed: string;
  readonly rounds: readonly RoundDeal[];
  readonly actions: readonly Action[];
  /** The players' names by seat (null for a bot), when the record was saved from a table: the replay names them. The rules never read them. */
  readonly names?: readonly (string | null)[];
}

const cardId = cardIdSchema;
const recordSchema = z.strictObject({
  format: z.literal(RECORD_FORMAT),
  version: z.int(),
  players: playersSchema,
  options: optionsSchema.partial().default({}),
  cardSet: z.union([z.string(), z.looseObject({})]).default('default'),
  seed: z.string().max(1024).default(''),
  rounds: z
    .array(z.strictObject({ history: z.array(z.string()).min(1).max(12), burned: cardId.nullable(), hands: z.array(z.array(cardId).max(36)).max(6) }))
    .max(1000)
    .default([]),
  actions: z.array(actionSchema).max(100_000).default([]),
  names: z.array(z.string().max(64).nullable()).max(6).optional(),
});

export interface RecordError {
  readonly code: 'RECORD_INVALID';
  readonly message: string;
}

/** A record file's content, checked; the message of a refusal names the problem. */
export function parseRecord(input: unknown): Result<{ record: GameRecord; cardSet: CardSet }, RecordError> {
  const parsed = recordSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    return err({ code: 'RECORD_INVALID', message: `${first.path.join('.') || 'record'}: ${first.message}` });
  }
  const r = parsed.data;
  if (r.version !== RECORD_VERSION) {
    return err({ code: 'RECORD_INVALID', message: `record version ${r.version} is not supported (this app reads version ${RECORD_VERSION})` });
  }
  let cardSet = DEFAULT_CARD_SET;
  if (typeof r.cardSet === 'string') {
    if (r.cardSet !== DEFAULT_CARD_SET.id) return err({ code: 'RECORD_INVALID', message: `unknown card set "${r.cardSet}"` });
  } else {
    const loaded = loadCardSet(r.cardSet);
    if (!loaded.ok) return err({ code: 'RECORD_INVALID', message: `cardSet: ${loaded.error.message}` });
    cardSet = loaded.value;
  }
  return ok({ record: r as GameRecord, cardSet });
}

export const setupOf = (record: GameRecord, cardSet: CardSet): GameSetup => ({
  players: record.players,
  options: record.options,
  cardSet,
  seed: record.seed,
  rounds: record.rounds,
});

export interface Replayed {
  readonly state: GameState;
  /** Events of the game's set-up, then of each applied action in order. */
  readonly events: readonly (readonly GameEvent[])[];
  /** The first action refused, if any; the state is the one before it. */
  readonly failure: { readonly actionIndex: number; readonly error: RuleError } | null;
}

/** Fold the record's actions over its setup. Stops at the first illegal action. */
export function replay(record: GameRecord, cardSet: CardSet): Result<Replayed, RuleError> {
  const start = newGame(setupOf(record, cardSet));
  if (!start.ok) return start;
  let state = start.value.state;
  const events: (readonly GameEvent[])[] = [start.value.events];
  for (let i = 0; i < record.actions.length; i++) {
    const step: Result<Applied, RuleError> = applyAction(state, record.actions[i]!);
    if (!step.ok) return ok({ state, events, failure: { actionIndex: i, error: step.error } });
    state = step.value.state;
    events.push(step.value.events);
  }
  return ok({ state, events, failure: null });
}

/** The record of a game so far: its setup, what chance dealt, and the actions applied. */
export function recordOf(setup: GameSetup, state: GameState, actions: readonly Action[]): GameRecord {
  const cardSet = setup.cardSet ?? DEFAULT_CARD_SET;
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    players: setup.players,
    options: { ...state.options },
    cardSet: cardSet.id === DEFAULT_CARD_SET.id ? cardSet.id : cardSetFileOf(cardSet),
    seed: setup.seed,
    rounds: state.deals.map((r) => ({ history: [...r.history], burned: r.burned, hands: r.hands.map((h) => [...h]) })),
    actions: [...actions],
  };
}

const cardSetFileOf = (s: CardSet): CardSetFile => ({
  format: 'chronicle-card-set',
  version: 1,
  id: s.id,
  name: s.name,
  characters: s.characters,
  history: s.history,
});
