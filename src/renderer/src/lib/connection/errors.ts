// Error codes from the host (and a few of our own) to translated messages. Exhaustive: a code
// added to the protocol without a message here does not compile.
import type { ErrorCode } from '../../../../shared/protocol/errors';
import { MAX_MESSAGE_BYTES } from '../../../../shared/protocol/limits';
import type { MessageKey } from '../i18n/index.svelte';

/** Problems the client finds itself, before or instead of an answer from the host. */
export type ClientErrorCode = 'TIMEOUT' | 'PROTOCOL' | 'BAD_NAME' | 'OFFLINE' | 'RECOVERED' | 'TOO_LARGE';
export type AnyErrorCode = ErrorCode | ClientErrorCode;

export const ERROR_MESSAGES = {
  MALFORMED_ACTION: 'error.generic',
  GAME_OVER: 'error.gameOver',
  NOT_YOUR_TURN: 'error.notYourTurn',
  DECISION_PENDING: 'error.notYourTurn',
  NO_DECISION_PENDING: 'error.notYourTurn',
  CARD_NOT_IN_HAND: 'error.illegal',
  THEME_CARD_MUST_OPEN: 'error.themeMustOpen',
  MUST_FOLLOW_SUIT: 'error.mustFollow',
  MUST_PLAY_FACE_DOWN: 'error.illegal',
  CANNOT_PLAY_FACE_DOWN: 'error.illegal',
  ILLEGAL_CHOICE: 'error.illegal',
  RECORD_DEAL_INVALID: 'error.generic',
  BAD_REQUEST: 'error.generic',
  INTERNAL: 'error.generic',
  RATE_LIMITED: 'error.rateLimited',
  NO_TABLE: 'error.noTable',
  TOO_MANY_TABLES: 'error.tooManyTables',
  TOO_MANY_TABLES_HERE: 'error.tooManyTablesHere',
  TABLE_CLOSED: 'error.noTable',
  WRONG_PIN: 'error.wrongPin',
  PIN_REQUIRED: 'error.pinRequired',
  TOO_MANY_ATTEMPTS: 'error.tooManyAttempts',
  TOO_MANY_REQUESTS: 'error.tooManyRequests',
  TOO_MANY_REACTIONS: 'error.tooManyReactions',
  BAD_INVITE: 'error.badInvite',
  KNOCK_GONE: 'error.knockGone',
  NOT_LET_IN: 'error.notLetIn',
  TABLE_FULL: 'error.tableFull',
  SEAT_TAKEN: 'error.tableFull',
  NOT_A_BOT_SEAT: 'error.seatLocked',
  ALREADY_STARTED: 'error.alreadyStarted',
  NOT_STARTED: 'error.notStarted',
  SEATS_NOT_FILLED: 'error.seatsNotFilled',
  NOT_OWNER: 'error.notOwner',
  NOT_SEATED: 'error.notSeated',
  BAD_TOKEN: 'error.notSeated',
  SUPERSEDED: 'error.superseded',
  NOT_YOUR_SEAT: 'error.notYourTurn',
  STALE: 'error.stale',
  SEQ_REUSED: 'error.generic',
  SEAT_HELD_BY_BOT: 'error.seatLocked',
  NOT_HUMAN_SEAT: 'error.seatLocked',
  REMOVED: 'error.removed',
  PLAYER_PRESENT: 'error.seatLocked',
  GRACE_NOT_OVER: 'error.seatLocked',
  NOT_BOT_CONTROLLED: 'error.seatLocked',
  STORAGE_FAILED: 'error.storage',
  HINTS_OFF: 'error.hintsOff',
  HINTS_UNAVAILABLE: 'error.hintsUnavailable',
  ANALYSIS_BUSY: 'error.analysisBusy',
  GAME_NOT_OVER: 'error.gameNotOver',
  BAD_RECORD: 'error.badRecord',
  NO_REPLAY: 'error.badRecord',
  TIMEOUT: 'error.timeout',
  PROTOCOL: 'error.protocol',
  BAD_NAME: 'error.badName',
  OFFLINE: 'status.lost',
  TOO_LARGE: 'error.tooLarge',
  RECOVERED: 'error.recovered', // the host told us our table was resumed from a damaged file
} as const satisfies Record<AnyErrorCode, MessageKey>;

export interface Notice {
  readonly code: AnyErrorCode;
  readonly key: MessageKey;
  /** Numbers the message shows (`n`: how many). */
  readonly params?: Readonly<Record<string, number>>;
}

export function noticeFor(code: string): Notice {
  const known = code in ERROR_MESSAGES ? (code as AnyErrorCode) : 'INTERNAL';
  return { code: code as AnyErrorCode, key: ERROR_MESSAGES[known] };
}

/** A refusal that says how long to wait (TOO_MANY_ATTEMPTS): the wait in seconds, or in minutes past 90 s. */
export function waitNotice(code: string, retryAfterMs: number): Notice {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const base = noticeFor(code);
  if (base.code !== 'TOO_MANY_ATTEMPTS') return base;
  return seconds <= 90 ? { ...base, key: 'error.waitSeconds', params: { n: seconds } } : { ...base, key: 'error.waitMinutes', params: { n: Math.ceil(seconds / 60) } };
}

/** A message the host would refuse for its size (`bytes`), with both sizes in kB. */
export function tooLarge(bytes: number): Notice {
  return { code: 'TOO_LARGE', key: ERROR_MESSAGES.TOO_LARGE, params: { size: Math.ceil(bytes / 1024), max: MAX_MESSAGE_BYTES / 1024 } };
}
