// What `chronicle host` prints about mDNS for each status (the whole CLI against a squatter, with
// real packets, is in tests/main/discovery/squatter.test.ts).
import { expect, it } from 'vitest';
import { advertisingLine } from '../../../src/main/cli/advertising-line';

it('prints one line per status worth telling, none while the names are being checked', () => {
  const none = { renamed: [], hostNames: [] };
  expect(advertisingLine({ state: 'off', ...none })).toBe('mDNS: off, the tables are not advertised (share the addresses above)\n');
  expect(advertisingLine({ state: 'probing', ...none })).toBeNull();
  expect(advertisingLine({ state: 'advertised', renamed: [], hostNames: ['chronicle-abc123.local'] })).toBe(
    'mDNS: the tables are advertised on the network as chronicle-abc123.local\n',
  );
  expect(advertisingLine({ state: 'renamed', renamed: ['Friday (abc123) (2)'], hostNames: ['chronicle-abc123.local'] })).toBe(
    'mDNS: a name was taken by another device on the network; advertising instead as "Friday (abc123) (2)"\n',
  );
  expect(advertisingLine({ state: 'retrying', ...none })).toBe('mDNS: cannot advertise the tables right now, trying again (the addresses above still work)\n');
});
