// "Your turn" where a player looks away from the table: a short buzz (Vibration API, phones)
// and the app's badge (Badging API, an installed app), each only where the browser has it.

export interface TurnAlertNavigator {
  readonly vibrate?: (pattern: number | number[]) => boolean;
  readonly setAppBadge?: (contents?: number) => Promise<void>;
  readonly clearAppBadge?: () => Promise<void>;
  /** Whether the page was ever tapped or clicked (after a reload it was not). */
  readonly userActivation?: { readonly hasBeenActive: boolean };
}

/** Two short pulses: felt in a pocket, not mistaken for a call. */
export const TURN_BUZZ = [120, 80, 120];

export function alertTurn(nav: TurnAlertNavigator, buzz: boolean): void {
  // Browsers refuse a buzz before the page's first tap and log an error for it: a turn that
  // comes right after a reload is badged only.
  if (buzz && nav.userActivation?.hasBeenActive !== false) nav.vibrate?.call(nav, TURN_BUZZ);
  nav.setAppBadge?.call(nav, 1).catch(() => {});
}

export function clearTurnAlert(nav: TurnAlertNavigator): void {
  nav.clearAppBadge?.call(nav).catch(() => {});
}
