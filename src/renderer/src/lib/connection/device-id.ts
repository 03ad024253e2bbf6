// This browser's device id: 128 random bits it keeps in localStorage (per origin, so per host)
// and names itself with when it connects (`auth.device`). The host keeps its bounds per device
// (its tables, wrong PINs, knocks), so phones behind one router are not bounded as one. Storage
// disabled: a new id per page load, and the host counts this page with its address's others.
import { type Codec, storedSetting } from '../settings/stored-setting';
import { DEVICE_ID } from '../../../../shared/protocol/device-id';
const ID: Codec<string> = { read: (raw) => (DEVICE_ID.test(raw) ? raw : undefined), write: (id) => id };

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The id this browser keeps for this host, made and kept the first time. */
export function deviceId(): string {
  const stored = storedSetting<string | null>('chronicle.device', ID, () => null);
  const id = stored.load();
  if (id !== null) return id;
  const made = newId();
  stored.save(made);
  return made;
}
