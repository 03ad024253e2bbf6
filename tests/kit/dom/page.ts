// The page between component tests: whatever a test mounted is unmounted, the page emptied and
// the language set back to English, so each test starts from a blank page.
import { type mount, unmount } from 'svelte';
import { i18n } from '../../../src/renderer/src/lib/i18n/index.svelte';

/** Clears the page after a test; returns undefined to reset the test's handle on its app. */
export function clearPage(app: ReturnType<typeof mount> | undefined): undefined {
  if (app) void unmount(app);
  document.body.innerHTML = '';
  i18n.set('en');
  return undefined;
}
