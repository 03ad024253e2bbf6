// The `chronicle` command: one subcommand per job. Returns the process exit code.
// Each subcommand is loaded only when it runs: `replay` never loads the host's packages.
type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  replay: { run: async (args) => (await import('./replay')).runReplay(args), usage: 'replay FILE   replay a game record and print it as JSON' },
  host: {
    run: async (args) => (await import('./host')).runHost(args),
    usage: 'host [--port N] [--data DIR] [--name NAME]   serve tables on the LAN (--help: all options)',
  },
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    const lines = Object.values(COMMANDS).map((c) => `  chronicle ${c.usage}`);
    process.stderr.write(`usage:\n${lines.join('\n')}\n`);
    return name === undefined || name === '--help' ? 0 : 2;
  }
  return command.run(args);
}
