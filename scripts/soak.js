// `npm run test:soak`: the rules and bots suites with their full random-game counts, and the
// hostile client's full fuzz and the full-disk runs (tests/kit/soak.ts). Extra arguments go to Vitest.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const args = process.argv.slice(2);
const child = spawn(
  process.execPath,
  [
    vitest,
    'run',
    ...(args.length > 0 ? args : ['tests/shared/rules', 'tests/shared/bots', 'tests/main/host/guards/hostile.test.ts', 'tests/main/host/table-file/full-disk.test.ts']),
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, CHRONICLE_SOAK: '1' },
  },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
