// Join links: a PIN table's link carries its invite after `#invite=`, and the page reads it back.
import { describe, expect, it } from 'vitest';
import { inviteFromLocation, joinLink, tableIdFromLocation } from '../../../../src/renderer/src/lib/links/join-link';

describe('join links', () => {
  const invite = 'Ab-_'.repeat(10) + 'xyz';

  it('carry a PIN table’s invite in the fragment, never in the query the server sees', () => {
    const link = joinLink('http://192.168.1.20:7420', 'tbl_12345', invite);
    const url = new URL(link);
    expect(url.search).toBe('?table=tbl_12345');
    expect(tableIdFromLocation(url)).toBe('tbl_12345');
    expect(inviteFromLocation(url)).toBe(invite);
    expect(joinLink('http://192.168.1.20:7420', 'tbl_12345')).toBe('http://192.168.1.20:7420/?table=tbl_12345');
  });

  it('ignore an invite of the wrong shape', () => {
    expect(inviteFromLocation({ hash: '' })).toBeNull();
    expect(inviteFromLocation({ hash: '#invite=short' })).toBeNull();
    expect(inviteFromLocation({ hash: `#invite=${invite}!` })).toBeNull();
  });
});
