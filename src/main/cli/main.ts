// The `chronicle` command: one subcommand per job. Returns the process exit code.
// Each subcommand is loaded only when it runs: `replay` never loads the host's packages.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  host: {
    run: async (args) => (await import('./host')).runHost(args),
    usage: 'host [--port N] [--data DIR] [--name NAME]   serve tables on the LAN (--help: all options)',
  },
  replay: { run: async (args) => (await import('./replay')).runReplay(args), usage: 'replay FILE   replay a game record and print it as JSON' },
};

/** Chronicle's version: package.json's, found above this module (the sources or the CLI bundle in out/cli/). */
export function chronicleVersion(from = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); dirname(dir) !== dir; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'chronicle' && pkg.version) return pkg.version;
    } catch {
      // No package.json here: look higher.
    }
  }
  return 'unknown';
}

/** The command closest to a mistyped one (at most two letters off), or null. */
function closest(word: string): string | null {
  const distance = (a: string, b: string): number => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j]!;
        row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length]!;
  };
  const best = Object.keys(COMMANDS)
    .map((name) => ({ name, d: distance(word.toLowerCase(), name) }))
    .sort((a, b) => a.d - b.d)[0];
  return best && best.d <= 2 ? best.name : null;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--version' || name === '-v') {
    process.stdout.write(`chronicle ${chronicleVersion()}\n`);
    return 0;
  }
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    if (name !== undefined && name !== '--help' && name !== '-h') {
      const guess = closest(name);
      const names = Object.keys(COMMANDS).join(' and ');
      process.stderr.write(`chronicle: there is no command "${name}"${guess ? `; did you mean "${guess}"?` : '.'} The commands are ${names} (chronicle --help).\n`);
      return 2;
    }
    const lines = Object.values(COMMANDS).map((c) => `  chronicle ${c.usage}`);
    process.stderr.write(`usage:\n${lines.join('\n')}\n  chronicle --version\n`);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (e) {
    // Whatever a command did not foresee: one line, not a stack.
    process.stderr.write(`chronicle ${name}: ${(e as Error).message ?? String(e)}\n`);
    return 1;
  }
}
