// Every refusal the host can answer, as a stable code. Clients translate codes, not messages.
import type { RuleErrorCode } from '../rules/errors';

export type HostErrorCode =
  | 'BAD_REQUEST' // the payload failed its schema
  | 'INTERNAL' // a bug on the host; the request changed nothing
  | 'RATE_LIMITED' // too many messages: the connection is closed
  | 'NO_TABLE'
  | 'TOO_MANY_TABLES'
  | 'TOO_MANY_TABLES_HERE' // this device (address) already has as many open tables as one may
  | 'TABLE_CLOSED'
  | 'WRONG_PIN'
  | 'PIN_REQUIRED' // the table has a PIN and none was given: not counted as a guess
  | 'TOO_MANY_ATTEMPTS' // too many wrong PINs or tokens lately: wait before trying again (retryAfterMs)
  | 'TOO_MANY_REQUESTS' // this device asked for too many hints, analyses, exports or replays lately: wait a little
  | 'TOO_MANY_REACTIONS' // this seat reacted several times in a row: its next reaction in a moment (retryAfterMs)
  | 'BAD_INVITE' // the link's invite secret is not this table's: type the PIN instead
  | 'KNOCK_GONE' // the knock was answered, replaced or forgotten, or its knocker left
  | 'NOT_LET_IN' // the owner said no to this device's knock lately: it may knock again later (retryAfterMs)
  | 'TABLE_FULL'
  | 'SEAT_TAKEN'
  | 'NOT_A_BOT_SEAT'
  | 'ALREADY_STARTED'
  | 'NOT_STARTED'
  | 'SEATS_NOT_FILLED'
  | 'NOT_OWNER'
  | 'NOT_SEATED' // this connection holds no seat (or no longer does)
  | 'BAD_TOKEN' // a forged, missing or foreign seat token
  | 'SUPERSEDED' // the seat was resumed from another connection
  | 'NOT_YOUR_SEAT' // the intent names another seat
  | 'STALE' // made against an older view: a fresh one is on its way
  | 'SEQ_REUSED' // an old sequence number whose result is no longer kept
  | 'SEAT_HELD_BY_BOT' // take the seat back first
  | 'NOT_HUMAN_SEAT'
  | 'REMOVED' // the table's owner took this seat back before the start
  | 'PLAYER_PRESENT' // the player is connected: no hand-over
  | 'GRACE_NOT_OVER' // the player is gone, but not for long enough yet
  | 'NOT_BOT_CONTROLLED'
  | 'HINTS_OFF' // the table does not allow hints
  | 'HINTS_UNAVAILABLE' // this host runs no Master bot (or it did not answer)
  | 'ANALYSIS_BUSY' // the Master is analysing already (this viewer's last request, or too many): ask again soon
  | 'STORAGE_FAILED' // the record could not be written: nothing was applied
  | 'GAME_NOT_OVER' // a game's record is given out only once it is over
  | 'BAD_RECORD' // not a game record (record-format.md)
  | 'NO_REPLAY'; // no record opened on this connection

export type ErrorCode = HostErrorCode | RuleErrorCode;
