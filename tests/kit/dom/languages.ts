// Component tests render in any language at once, as the page does once the chosen language's
// messages are fetched (main.ts waits for them): every table is fetched before the tests run.
import { LANGUAGE_CODES, loadLanguage } from '../../../src/renderer/src/lib/i18n/index.svelte';

await Promise.all(LANGUAGE_CODES.map(loadLanguage));
