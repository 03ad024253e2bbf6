// Tests that run `npm start` need the build as new as the sources: `npm start` would otherwise
// rebuild first, for minutes. `npm test` builds before the unit tests; a test run on its own
// after a change to the sources fails saying so, rather than passing without having run.
import { expect } from 'vitest';
import { buildIsFresh } from '../../scripts/build-stamp.js';

export function expectFreshBuild(): void {
  expect(buildIsFresh(), 'out/ is older than the sources: run `npm run build` first (npm test builds before these tests)').toBe(true);
}
