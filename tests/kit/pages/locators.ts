// Parts of the table a spec looks for by what a player reads on them.
import type { Locator, Page } from '@playwright/test';

/** The seat panel of the player named `name` (its accessible name). */
export const seatPanel = (page: Page, name: string): Locator => page.locator(`[data-testid="seat-panel"][aria-label="${name}"]`);
