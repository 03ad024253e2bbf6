// What this browser lets the phone settings do. A phone that opened the host at its LAN address
// over plain http is not a secure context: it has no Screen Wake Lock there (nor clipboard,
// system notifications, install or service workers), while the buzz (Vibration API) works over
// http too, in the browsers that have it at all (not Safari). A setting the browser cannot
// honour is shown off and says why, never ticked while doing nothing.

export interface AbilityWindow {
  readonly isSecureContext: boolean;
  readonly navigator: { readonly wakeLock?: unknown; readonly vibrate?: unknown };
}

export type Unavailable = 'needsHttps' | 'unsupported';

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
