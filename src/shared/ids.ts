// The ids of the game and the host, each its own type so one cannot pass for another: a seat
// where a card number is expected, or a table id where a seat token is expected, does not
// compile. The brands are types only (no wrapper, nothing at run time): a value becomes an id
// where it enters, through the schema that checks it (`seatSchema` … `.brand<'Seat'>()`, zod's
// brand, the same type as here) or one of the functions below, and stays one from there on.
import type { $brand } from 'zod';

/** A seat number, 0 … players-1, in turn order (play passes from s to s+1, wrapping). */
export type Seat = number & $brand<'Seat'>;
/** Character card id: `power-4`, `king`, … (see rules/record-format.md). */
export type CardId = string & $brand<'CardId'>;
/** A character's number: its place in its card set (`cardNumber` in rules/set-facts.ts). */
export type CardNumber = number & $brand<'CardNumber'>;
/** A table's public id (in its address, its file's name and every message about it). */
export type TableId = string & $brand<'TableId'>;
/** The secret a seat's player holds to take the seat again (the host keeps only its hash). */
export type SeatToken = string & $brand<'SeatToken'>;

/** `n` as a seat; the caller knows it is one (a loop over the seats, a checked message). */
export const seatOf = (n: number): Seat => n as Seat;
/** The seats of a table of `players`, in turn order. */
export const seatsOf = (players: number): Seat[] => Array.from({ length: players }, (_, n) => n as Seat);

export const cardIdOf = (id: string): CardId => id as CardId;
export const cardNumberOf = (n: number): CardNumber => n as CardNumber;
export const tableIdOf = (id: string): TableId => id as TableId;
export const seatTokenOf = (token: string): SeatToken => token as SeatToken;
