// Random-game counts: `npm test` plays enough games to cover every rule path in seconds;
// `npm run test:soak` (scripts/soak.js sets CHRONICLE_SOAK=1) plays the full counts.
export const SOAK = process.env['CHRONICLE_SOAK'] === '1';

/** `full` games under `npm run test:soak`, `quick` games under `npm test`. */
export const games = (full: number, quick: number): number => (SOAK ? full : quick);
