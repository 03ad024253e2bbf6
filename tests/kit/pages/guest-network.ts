// The app as guests load it: from a LAN address over plain http, which is not a secure context
// (no wake lock, no clipboard API, no install), unlike 127.0.0.1 where every other spec loads
// it. A network namespace of its own with an address on a veth pair (both ends inside it: this
// kernel has no dummy interfaces), a host process and a Chromium both run inside it, so no
// packet leaves the namespace. Playwright drives that Chromium over pipes, through a launcher
// script that enters the namespace first. Registers the spec's beforeAll and afterAll.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, test } from '@playwright/test';
import { browserPath } from '../../setup/browser';
import { type HostProcessOptions, type RunningHost, startHost } from './host';
import { RENDERER, requireBuiltRenderer } from './setup';

/** The guest-side address of the namespace's link (namespaces do not share addresses: any will do). */
export const GUEST_ADDRESS = '10.23.0.1';

/** Why namespaces cannot be made here, or null. */
export function namespaceSkipReason(): string | null {
  if (process.platform !== 'linux') return 'needs Linux network namespaces';
  if (process.getuid?.() !== 0) return 'needs root for ip netns';
  const r = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return `ip netns unavailable (${r.error?.message ?? r.stderr.trim()})`;
  return null;
}

function ip(...args: string[]): void {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.error?.message ?? r.stderr.trim()}`);
}

export interface GuestNetwork {
  /** The namespace's name (unique to this process). */
  readonly name: string;
  /** The host's port; it listens on every address of the namespace (its LAN address and 127.0.0.1). */
  readonly port: number;
  /** `http://10.23.0.1:<port>`: the host as a guest's phone opens it. */
  readonly lanUrl: string;
  /** `http://127.0.0.1:<port>`: the host as its own machine opens it (a secure context). */
  readonly loopbackUrl: string;
  /** The host's data directory (its table files). */
  readonly dataDir: string;
  /** A Chromium running inside the namespace. */
  readonly browser: Browser;
  /**
   * The phone falls asleep and off the network: the address is gone, so reconnecting fails until
   * `wake`, and every open connection to the host's port is cut at both ends (says how many).
   */
  sleep(): number;
  /** The address is back: the page's next retry gets through. */
  wake(): void;
}

/**
 * A namespace with the host (bound to 0.0.0.0 inside it) and a browser, for the spec's tests;
 * skips the spec with a printed reason where namespaces cannot be made. Cleaned up after.
 */
export function guestNetwork(options: Pick<HostProcessOptions, 'graceMs' | 'secondMs' | 'botDelayMs' | 'seed'> = {}): GuestNetwork {
  const name = `chrguest${process.pid}`;
  let launcherDir: string | undefined;
  let host: RunningHost | undefined;
  let browser: Browser | undefined;
  let made = false;

  test.beforeAll(async () => {
    const reason = namespaceSkipReason();
    if (reason) {
      console.log(`skipped: ${reason}`);
      test.skip(true, reason);
      return;
    }
    requireBuiltRenderer();
    spawnSync('ip', ['netns', 'del', name], { stdio: 'ignore' }); // left by a killed run of this pid
    ip('netns', 'add', name);
    made = true;
    ip('-n', name, 'link', 'set', 'lo', 'up');
    ip('-n', name, 'link', 'add', 'guest0', 'type', 'veth', 'peer', 'name', 'guest1');
    ip('-n', name, 'addr', 'add', `${GUEST_ADDRESS}/24`, 'dev', 'guest0');
    ip('-n', name, 'link', 'set', 'guest0', 'up');
    ip('-n', name, 'link', 'set', 'guest1', 'up');
    host = await startHost(RENDERER, { netns: name, bind: '0.0.0.0', ...options });
    // Playwright talks to the browser over pipes (fds 3 and 4), which `ip netns exec` passes on.
    launcherDir = mkdtempSync(join(tmpdir(), 'chronicle-netns-browser-'));
    const launcher = join(launcherDir, 'chromium-in-netns');
    writeFileSync(launcher, `#!/bin/sh\nexec ip netns exec ${name} ${JSON.stringify(browserPath())} "$@"\n`);
    chmodSync(launcher, 0o755);
    browser = await chromium.launch({
      executablePath: launcher,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
    await host?.stop();
    if (made) spawnSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
    if (launcherDir) rmSync(launcherDir, { recursive: true, force: true });
  });

  const started = (): RunningHost => {
    if (!host) throw new Error('the guest network is used before it started (only inside tests)');
    return host;
  };
  return {
    name,
    get port() {
      return started().port;
    },
    get dataDir() {
      return started().dataDir;
    },
    get lanUrl() {
      return `http://${GUEST_ADDRESS}:${started().port}`;
    },
    get loopbackUrl() {
      return `http://127.0.0.1:${started().port}`;
    },
    get browser() {
      if (!browser) throw new Error('no browser in the guest network yet');
      return browser;
    },
    sleep() {
      // (Taking the link down would not do: traffic to the namespace's own address never uses it.)
      ip('-n', name, 'addr', 'del', `${GUEST_ADDRESS}/24`, 'dev', 'guest0');
      // Both ends: with the address gone, the phone's end could not tell the host's end.
      const port = String(started().port);
      const r = spawnSync('ip', ['netns', 'exec', name, 'ss', '-tnK', '(', 'dport', '=', port, 'or', 'sport', '=', port, ')'], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`ss -K: ${r.error?.message ?? r.stderr.trim()}`);
      // One line an end cut, under a header line: two a connection.
      return (r.stdout.trim().split('\n').length - 1) / 2;
    },
    wake() {
      ip('-n', name, 'addr', 'add', `${GUEST_ADDRESS}/24`, 'dev', 'guest0');
    },
  };
}
