// The shared board: a table shown on a big screen with a spectator's rights. Its link is the
// table's link with `board=1`; a PIN table's board link carries the invite (after `#`, never
// sent to a server) only when a seat holder who has it opens the board.
import { joinLink } from './join-link';

export function boardLink(origin: string, tableId: string, invite: string | null = null): string {
  const [link, hash] = joinLink(origin, tableId, invite).split('#');
  return `${link}&board=1${hash ? `#${hash}` : ''}`;
}

export function isBoardLocation(location: Pick<Location, 'search'>): boolean {
  return new URLSearchParams(location.search).get('board') === '1';
}
