// What this browser lets the phone settings do. A phone that opened the host at its LAN address
// over plain http is not a secure context: it has no Screen Wake Lock there (nor clipboard,
// system notifications, install or service workers), while the buzz (Vibration API) works over
// http too, in the browsers that have it at all (not Safari). A setting the browser cannot
// honour is shown off and says why, never ticked while doing nothing.

export interface AbilityWindow {
  readonly isSecureContext: boolean;
  readonly navigator: {
    readonly wakeLock?: unknown;
    readonly vibrate?: unknown;
    readonly permissions?: { query(descriptor: { name: string }): Promise<{ readonly state: string }> };
  };
}

/** Why a setting cannot work: plain http, a browser without the API, or the permission refused (the desktop app refuses it). */
export type Unavailable = 'needsHttps' | 'unsupported' | 'refused';

export interface PhoneAbilities {
  /** Why the screen cannot be kept on, or null when it can. */
  readonly keepAwake: Unavailable | null;
  /** Why no buzz comes on your turn, or null when it can. */
  readonly turnAlert: Unavailable | null;
}

export function phoneAbilities(win: AbilityWindow): PhoneAbilities {
  const nav = win.navigator;
  return {
    keepAwake: nav.wakeLock ? null : win.isSecureContext ? 'unsupported' : 'needsHttps',
    turnAlert: typeof nav.vibrate === 'function' ? null : 'unsupported',
  };
}

/**
 * Whether the page may not take the screen's wake lock although the API is there: its
 * permission is denied (a browser's site setting, a headless browser). False when the browser
 * cannot say.
 */
export async function wakeLockRefused(win: AbilityWindow): Promise<boolean> {
  if (!win.navigator.wakeLock || !win.navigator.permissions) return false;
  try {
    return (await win.navigator.permissions.query({ name: 'screen-wake-lock' })).state === 'denied';
  } catch {
    return false; // a browser that does not know the permission's name
  }
}
