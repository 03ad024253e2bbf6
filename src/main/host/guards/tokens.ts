// Seat tokens and table PINs. A token is 256 random bits handed to the player once; the host
// keeps only its SHA-256 (also in the table file, so a restarted host still knows the seats)
// and compares digests in constant time.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SeatToken, type TableId, seatTokenOf, tableIdOf } from '../../../shared/ids';

export const newToken = (): SeatToken => seatTokenOf(randomBytes(32).toString('base64url'));

/** The stored form of a token: hex SHA-256. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function tokenMatches(token: string, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const given = createHash('sha256').update(token, 'utf8').digest();
  return stored.length === given.length && timingSafeEqual(stored, given);
}

export interface PinHash {
  readonly salt: string;
  readonly hash: string;
}

export function hashPin(pin: string, salt = randomBytes(16).toString('hex')): PinHash {
  return { salt, hash: createHash('sha256').update(`${salt}:${pin}`, 'utf8').digest('hex') };
}

export function pinMatches(pin: string | undefined, stored: PinHash | null): boolean {
  if (stored === null) return true;
  if (pin === undefined) return false;
  return tokenMatches(`${stored.salt}:${pin}`, stored.hash);
}

/** A short random table id, safe in URLs and file names. */
export const newTableId = (): TableId => tableIdOf(randomBytes(9).toString('base64url'));

/** The secret seed of a live game: it never leaves the host (the record on disk holds it). */
export const newSeed = (): string => randomBytes(32).toString('base64url');

/**
 * A table's invite secret, for the links and QR codes its members share: derived from the
 * table's secret seed, so it needs no line of its own in the table file and a restarted host
 * knows it. 256 bits: it cannot be guessed, so it is never rate-limited nor locked.
 */
export const inviteFor = (seed: string): string => createHmac('sha256', seed).update('chronicle invite', 'utf8').digest('base64url');

export const inviteMatches = (invite: string, seed: string): boolean => tokenMatches(invite, hashToken(inviteFor(seed)));

/** A bot seat's seed: from the table's secret seed, so the table's public id tells nothing of the bot's choices. */
export const botSeedFor = (seed: string, seat: number): string => createHmac('sha256', seed).update(`chronicle bot ${seat}`, 'utf8').digest('base64url');
