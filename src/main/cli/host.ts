// `chronicle host [--port N] [--data DIR] [--name NAME] ...`: a headless host. Serves the app
// and its tables on the LAN, opens a default table when there is none to resume, prints the
// addresses (and a QR code) to open, advertises over mDNS, and stops cleanly on Ctrl-C.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Log, consoleLog } from '../host/log';
import { DEFAULT_BOT_DELAY_MS, DEFAULT_GRACE_MS, DEFAULT_PORT, createHost } from '../host/create-host';
import { hostUrls, reachableAddresses } from '../host/lan-urls';
import { startHostServices } from '../host/services';
import { ADVERTISING_OFF, type AdvertisingStatus } from '../../shared/advertising';
import { advertisingLine } from './advertising-line';
import { argumentError } from './arg-errors';
import { prepareDataFolder } from './data-folder';

// The built renderer, out/renderer: beside the CLI bundle (out/cli/, whose modules may sit in
// out/cli/chunks/) or three levels above this source file (when the sources run through tsx).
const RENDERER_DIR = rendererDir(import.meta.url);

function rendererDir(here: string): string {
  const bundle = here.lastIndexOf('/out/cli/');
  return fileURLToPath(bundle >= 0 ? `${here.slice(0, bundle)}/out/renderer` : new URL('../../../out/renderer', here));
}

const USAGE = `usage: chronicle host [options]
  --port N         TCP port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host ADDR      address to listen on (default 0.0.0.0: the whole LAN)
  --data DIR       where games are kept (default: $CHRONICLE_DATA or the user data folder)
  --name NAME      name of the default table (default "Chronicle")
  --seats N        seats of the default table, 3-6 (default 4)
  --grace S        at a table that waits for its players, seconds before the owner may hand
                   an absent player's seat to a bot (default ${DEFAULT_GRACE_MS / 1000}; other tables
                   keep the owner's "a bot after N seconds")
  --bot-delay MS   bots wait this long before moving (default ${DEFAULT_BOT_DELAY_MS})
  --no-qr          do not print a QR code
  --no-mdns        do not advertise on the LAN
`;

export interface HostCliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Resolves when the host should stop (default: SIGINT or SIGTERM). */
  readonly stopSignal?: Promise<string>;
}

const processIo: HostCliIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
};

/** The per-user data folder: $CHRONICLE_DATA, else the platform's usual place. */
export function defaultDataDir(env = process.env, platform = process.platform): string {
  if (env['CHRONICLE_DATA']) return env['CHRONICLE_DATA'];
  if (platform === 'win32') return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'Chronicle');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Chronicle');
  return join(env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'chronicle');
}

function number(text: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} ${text}: give a whole number from ${min} to ${max}`);
  return n;
}

/** Only this computer can reach a host listening on a loopback address. */
function loopbackOnly(bindHost: string): boolean {
  return bindHost === 'localhost' || bindHost === '::1' || bindHost.startsWith('127.');
}

/** Where the data folder came from, to name it as the user gave it. */
function dataFolderName(dir: string, given: string | undefined, env = process.env): string {
  if (given !== undefined) return `--data ${dir}`;
  return env['CHRONICLE_DATA'] ? `CHRONICLE_DATA=${dir}` : `the data folder ${dir}`;
}

export async function runHost(args: string[], io: HostCliIo = processIo): Promise<number> {
  let opts;
  try {
    const { values } = parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        name: { type: 'string' },
        seats: { type: 'string' },
        grace: { type: 'string' },
        'bot-delay': { type: 'string' },
        'no-qr': { type: 'boolean' },
        'no-mdns': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    opts = {
      port: number(values.port, 'port', 0, 65535, DEFAULT_PORT),
      host: values.host ?? '0.0.0.0',
      dataDir: values.data ?? defaultDataDir(),
      dataGiven: values.data,
      name: (values.name ?? 'Chronicle').trim() || 'Chronicle',
      seats: number(values.seats, 'seats', 3, 6, 4),
      graceMs: number(values.grace, 'grace', 0, 86_400, DEFAULT_GRACE_MS / 1000) * 1000,
      botDelayMs: number(values['bot-delay'], 'bot-delay', 0, 60_000, DEFAULT_BOT_DELAY_MS),
      qr: !values['no-qr'],
      mdns: !values['no-mdns'],
    };
  } catch (e) {
    io.err(`chronicle host: ${argumentError(e)} (chronicle host --help lists the options)\n`);
    return 2;
  }
  const folderProblem = await prepareDataFolder(opts.dataDir);
  if (folderProblem) {
    io.err(`chronicle host: ${dataFolderName(opts.dataDir, opts.dataGiven)} ${folderProblem}\n`);
    return 2;
  }
  // A host only this computer can reach has nothing to advertise on the network.
  const local = loopbackOnly(opts.host);

  // A closed terminal (EPIPE) must not take the tables down with it.
  const ignore = () => {};
  process.stdout.on('error', ignore);
  process.stderr.on('error', ignore);
  const log: Log = consoleLog;
  const onCrash = (e: unknown) => log.error('unexpected error (the host keeps running)', e);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  try {
    const services = await startHostServices({ discovery: opts.mdns && !local ? undefined : false, warn: (source, m) => io.err(`[${source}] ${m}\n`) });
    let host;
    try {
      host = await createHost({
        port: opts.port,
        host: opts.host,
        dataDir: opts.dataDir,
        ...services.hostOptions,
        log,
        staticDir: RENDERER_DIR,
        graceMs: opts.graceMs,
        botDelayMs: opts.botDelayMs,
      });
    } catch (e) {
      await services.close();
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') io.err(`port ${opts.port} is in use: try another one with --port (0 picks a free one)\n`);
      else io.err(`cannot start the host: ${(e as Error).message}\n`);
      return 1;
    }
    if (host.tables.size === 0) await host.tables.create({ name: opts.name, players: opts.seats, persistent: true });

    const urls = hostUrls(opts.host, host.port);
    // Listening on one address of the network (--host 192.168.1.5): that address is the one to share.
    const lan = urls.lan.length > 0 ? urls.lan : reachableAddresses(opts.host).map((a) => `http://${a}:${host.port}/`);
    io.out(`${servedLine(opts.host, lan.length > 0, opts.dataDir)}\n`);
    for (const url of lan) io.out(`  ${url}\n`);
    io.out(`  ${urls.local}   (this machine)\n`);
    if (opts.qr && lan[0]) {
      const qrcode = (await import('qrcode-terminal')).default; // loaded only to be shown
      qrcode.generate(lan[0], { small: true }, (code) => io.out(`${code}\n`));
    }
    // Whether the tables can be found on the network: a line now and at each change.
    let lastLine: string | null = null;
    const tell = (status: AdvertisingStatus): void => {
      // Serving this computer only, there are no addresses to share and nothing to advertise.
      const line = lan.length > 0 ? advertisingLine(status) : null;
      if (line !== null && line !== lastLine) io.out(line);
      lastLine = line ?? lastLine;
    };
    const advertiser = services.advertiser;
    const unwatch = advertiser?.onStatus?.(tell);
    tell(advertiser?.status?.() ?? ADVERTISING_OFF);
    io.out('Press Ctrl-C to stop.\n');
    services.warmUp();

    const signal = await (io.stopSignal ?? waitForSignal());
    unwatch?.();
    io.out(`${signal}: stopping…\n`);
    await host.close();
    await services.close();
    io.out('stopped\n');
    return 0;
  } finally {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  }
}

/** The first line: who can open Chronicle, in words that match the addresses below it. */
function servedLine(bindHost: string, lanAddresses: boolean, dataDir: string): string {
  if (lanAddresses) return `Chronicle is being served (data: ${dataDir}). Open on this network:`;
  if (loopbackOnly(bindHost)) return `Chronicle is being served to this computer only (data: ${dataDir}). Open:`;
  return `Chronicle is being served (data: ${dataDir}), but this computer has no network address right now; open it here:`;
}

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
}
