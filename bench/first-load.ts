// The lobby's first load: `npm run bench:first-load` (after `npm run build`). Figures only.
//
// A real host (createHost) serves the built renderer on port 0; Chromium opens the lobby in a
// fresh context each time (nothing cached), as a phone on the LAN would. For each load:
//   script on the wire   the encoded bytes of every script response (brotli or gzip as the host
//                        sends them), from CDP Network.loadingFinished encodedDataLength;
//   interactive          the moment the lobby's controls work: its guided-round button is enabled
//                        (from the lobby's first frame: a tap made before the host connection is
//                        open is sent when it opens), timed in the page from navigation start, and
//                        by the clock from the request (the page's timeOrigin shares the machine's
//                        clock). A keystroke in the name field is then checked to be taken; the
//                        harness's round trips for that check are timed apart (they run on the
//                        page's slowed main thread too, and are not the lobby's);
//   live                 the moment the host connection is open (the header says Connected), in
//                        the page from navigation start: when a tap made earlier reaches the host;
//   main-thread CPU      CPU time the page's main thread spent until interactive (CDP's
//                        ThreadTime): on a shared, noisy machine the steadiest way to compare
//                        two builds (FIRST_LOAD_DIR) of the lobby.
// Loads alternate between the CPU as it is and slowed 4× (Emulation.setCPUThrottlingRate, about
// a mid-range phone), so both are measured in the same run, and their ratio is printed.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { createHost } from '../src/main/host/create-host';
import { browserPath } from '../tests/setup/browser';
import { sized } from './smoke';

const RUNS = sized(7, 1);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

interface Load {
  scriptBytes: number;
  scripts: number;
  interactiveMs: number;
  inPageMs: number;
  liveMs: number;
  checkedMs: number;
  busyMs: number;
  cpuMs: number;
}

async function load(browser: Browser, url: string, slowdown: number): Promise<Load> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Performance.enable');
  const scriptIds = new Set<string>();
  let scriptBytes = 0;
  let scripts = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scriptIds.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (!scriptIds.has(e.requestId)) return;
    scriptBytes += e.encodedDataLength;
    scripts += 1;
  });
  const t0 = performance.now();
  const requestedAt = performance.timeOrigin + t0;
  await page.goto(url, { waitUntil: 'commit' });
  // Watched and typed into over CDP with a few lines of script, not with Playwright's locators:
  // those evaluate Playwright's own injected script in the page first, which took 0.3-0.4 s of
  // the slowed main thread and was counted as the lobby's.
  const [inPageMs, timeOrigin] = (await evaluate(
    cdp,
    `new Promise((resolve) => {
    const done = (at) => resolve([at, performance.timeOrigin]);
    const ready = () => { const b = document.querySelector('[data-testid="start-tutorial"]'); return b !== null && !b.disabled; };
    const live = () => document.querySelector('[data-testid="connection-status"].status-live') !== null;
    window.liveAt = new Promise((resolveLive) => {
      if (live()) return resolveLive(performance.now());
      new MutationObserver((_, o) => { if (live()) { o.disconnect(); resolveLive(performance.now()); } }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    if (ready()) return done(performance.now());
    new MutationObserver((_, o) => { if (ready()) { o.disconnect(); done(performance.now()); } }).observe(document, { subtree: true, childList: true, attributes: true });
  })`,
  )) as [number, number];
  const interactiveMs = timeOrigin + inPageMs - requestedAt;
  await evaluate(cdp, `document.querySelector('[data-testid="player-name"]').focus(), true`);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const busyMs = 1000 * (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN);
  const cpuMs = 1000 * (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN);
  await cdp.send('Input.insertText', { text: 'A' });
  if ((await evaluate(cdp, `document.querySelector('[data-testid="player-name"]').value`)) !== 'A') throw new Error('the name field did not take the keystroke');
  const checkedMs = performance.now() - t0;
  const liveMs = (await evaluate(cdp, 'window.liveAt')) as number;
  // Scripts fetched after the lobby was interactive (lazy parts nobody asked for yet) do not
  // count: give in-flight responses a moment to finish, then read the total.
  await page.waitForTimeout(200);
  await context.close();
  return { scriptBytes, scripts, interactiveMs, inPageMs, liveMs, checkedMs, busyMs, cpuMs };
}

async function evaluate(cdp: CDPSession, expression: string): Promise<unknown> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value;
}

async function servedPage(html: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = await mkdtemp(join(tmpdir(), 'chronicle-first-load-'));
// FIRST_LOAD_DIR: another build of the renderer (an older commit's, for a before/after).
const host = await createHost({ port: 0, dataDir, staticDir: process.env['FIRST_LOAD_DIR'] ?? 'out/renderer', log: quiet });
// The floor: what Chromium and this harness take for a page holding just the two controls.
const blank = await servedPage(
  '<!doctype html><meta charset="utf-8"><title>Chronicle</title><button data-testid="start-tutorial">Go</button><input data-testid="player-name"><span data-testid="connection-status" class="status-live"></span>',
);
const browser = await chromium.launch({ executablePath: browserPath(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  await load(browser, host.url, 1); // warm-up: the host's first file reads, Chromium's start
  const plain: Load[] = [];
  const slowed: Load[] = [];
  const blankPlain: Load[] = [];
  const blankSlowed: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    plain.push(await load(browser, host.url, 1));
    slowed.push(await load(browser, host.url, 4));
    blankPlain.push(await load(browser, blank.url, 1));
    blankSlowed.push(await load(browser, blank.url, 4));
  }
  const bytes = plain[0]!.scriptBytes;
  console.log(`script on the wire: ${(bytes / 1000).toFixed(1)} kB in ${plain[0]!.scripts} file(s)`);
  const figures = (what: string, key: 'interactiveMs' | 'inPageMs' | 'liveMs' | 'checkedMs' | 'busyMs' | 'cpuMs', loads: { plain: Load[]; slowed: Load[] }) => {
    const p = median(loads.plain.map((l) => l[key]));
    const s = median(loads.slowed.map((l) => l[key]));
    console.log(`${what}, median of ${RUNS}: CPU as is ${p.toFixed(0)} ms, slowed 4x ${s.toFixed(0)} ms (x${(s / p).toFixed(2)})`);
  };
  figures('lobby interactive from the request', 'interactiveMs', { plain, slowed });
  figures('lobby interactive from navigation start (in the page)', 'inPageMs', { plain, slowed });
  figures('the host connection open (in the page), when an early tap reaches the host', 'liveMs', { plain, slowed });
  figures("the page's main thread busy until interactive", 'busyMs', { plain, slowed });
  // CPU time, not time: with the CPU as is, the figure a busy machine moves least.
  figures("the main thread's CPU time until interactive", 'cpuMs', { plain, slowed });
  figures('from the request until the harness had typed into it (its round trips included)', 'checkedMs', { plain, slowed });
  figures('a page with the same two controls and no script, from the request', 'interactiveMs', { plain: blankPlain, slowed: blankSlowed });
  figures('that page from navigation start', 'inPageMs', { plain: blankPlain, slowed: blankSlowed });
  figures('that page until the harness had typed into it', 'checkedMs', { plain: blankPlain, slowed: blankSlowed });
} finally {
  await browser.close();
  await host.close();
  blank.server.close();
  await rm(dataDir, { recursive: true, force: true });
}
