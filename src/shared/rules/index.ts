// The rules engine's public surface.
export * from './actions';
export { type AllyStack, allyStacks } from './ally-stacks';
export * from './card-set/types';
export { loadCardSet, parseCardSetJson } from './card-set/load';
export { DEFAULT_CARD_SET } from './card-set/default-set';
export * from './engine';
export * from './errors';
export * from './events';
export * from './result';
export { answersAsSeen, recordedIntent, resolvePlace } from './place';
export { type GameRecord, type Replayed, parseRecord, recordOf, replay } from './record/record';
export { type ReplaySummary, summarize } from './record/summary';
export type { GameState, RoundDeal, MeetingSummary, RoundScore, SeatScore, InsightSnapshot, DecisionKind, Pending } from './state';
export * from './types';
export * from './view';
