// Worker entry: worker threads do not inherit the TypeScript loader of the main thread (tsx,
// vitest), so register tsx here, then load the worker itself. A bundled build points the pool
// at its compiled worker instead (createBotPool({ workerUrl })).
import { register } from 'tsx/esm/api';

register();
await import('./bot-worker.ts');
