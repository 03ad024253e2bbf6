// Why an action was refused. Codes are stable: clients and records show them.

export type RuleErrorCode =
  | 'MALFORMED_ACTION' // not a play or a choice of the right shape
  | 'GAME_OVER'
  | 'NOT_YOUR_TURN' // another seat decides now
  | 'DECISION_PENDING' // a play was sent while an ability waits for its choice
  | 'NO_DECISION_PENDING' // a choice was sent while a card must be played
  | 'CARD_NOT_IN_HAND'
  | 'THEME_CARD_MUST_OPEN' // the round's first lead must be the theme card
  | 'MUST_FOLLOW_SUIT' // the seat holds the lead suit (ruling 2)
  | 'MUST_PLAY_FACE_DOWN' // off-suit non-Wild cards go face down (ruling 2)
  | 'CANNOT_PLAY_FACE_DOWN' // Wilds and cards that may be played face up are never face down
  | 'ILLEGAL_CHOICE' // not one of the pending decision's answers
  | 'RECORD_DEAL_INVALID'; // a deal fixed by a record that the rules cannot produce

export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: string;
}

export const ruleError = (code: RuleErrorCode, message: string): RuleError => ({ code, message });
