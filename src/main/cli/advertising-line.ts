// What `chronicle host` prints about its tables on mDNS, one line per change of status.
import type { AdvertisingStatus } from '../../shared/advertising';

/** The line for a status; null when there is nothing worth a line (still checking the names). */
export function advertisingLine(status: AdvertisingStatus): string | null {
  const hosts = status.hostNames.length > 0 ? ` as ${status.hostNames.join(', ')}` : '';
  switch (status.state) {
    case 'off':
      return 'mDNS: off, the tables are not advertised (share the addresses above)\n';
    case 'probing':
      return null;
    case 'advertised':
      return `mDNS: the tables are advertised on the network${hosts}\n`;
    case 'renamed':
      return `mDNS: a name was taken by another device on the network; advertising instead as ${status.renamed.map((n) => `"${n}"`).join(', ')}\n`;
    case 'retrying':
      return 'mDNS: cannot advertise the tables right now, trying again (the addresses above still work)\n';
  }
}
