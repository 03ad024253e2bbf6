// "Your turn" where a player looks away from the table: a short buzz (Vibration API, phones)
// and the app's badge (Badging API, an installed app), each only where the browser has it.

export interface TurnAlertNavigator {
  readonly vibrate?: (pattern: number | number[]) => boolean;
  readonly setAppBadge?: (contents?: number) => Promise<void>;
  readonly clearAppBadge?: () => Promise<void>;
}

/** Two short pulses: felt in a pocket, not mistaken for a call. */
export const TURN_BUZZ = [120, 80, 120];

export function alertTurn(nav: TurnAlertNavigator, buzz: boolean): void {
  if (buzz) nav.vibrate?.call(nav, TURN_BUZZ);
  nav.setAppBadge?.call(nav, 1).catch(() => {});
}

export function clearTurnAlert(nav: TurnAlertNavigator): void {
  nav.clearAppBadge?.call(nav).catch(() => {});
}
