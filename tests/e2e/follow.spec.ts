// Following a game on screen: one player against three bots (bot delay 0, the page at instant
// speed through prefers-reduced-motion) plays a whole game. Every ability used appears in the
// page's game log and was shown on the table, every finished meeting too; each round summary
// shows the Fame that `chronicle replay` of the host's record gives.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { type RunningHost, startHost } from './helpers/host';

const ROOT = 'out/renderer';
let host: RunningHost;

test.beforeAll(async () => {
  if (!existsSync(`${ROOT}/index.html`)) throw new Error(`${ROOT} is missing: run \`npm run build\` first`);
  host = await startHost(ROOT, { botDelayMs: 0 });
});

test.afterAll(async () => {
  await host?.stop();
});

interface ReplayOut {
  ok: boolean;
  rounds: { meetings: unknown[]; fameGained?: number[] }[];
  fame: number[];
  over: boolean;
}

/** The game record (record-format.md) of a table, from the host's table file. */
function recordOf(tableId: string): { file: string; actions: { seat: number; choose?: object }[] } {
  const lines = readFileSync(join(host.dataDir, 'tables', `${tableId}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { t?: string; a?: { seat: number; choose?: object }; players?: number; options?: object; seed?: string });
  const header = lines[0]!;
  const actions = lines.flatMap((l) => (l.t === 'act' ? [l.a!] : []));
  const record = { format: 'chronicle-record', version: 1, players: header.players, options: header.options, cardSet: 'default', seed: header.seed, rounds: [], actions };
  const file = join(mkdtempSync(join(tmpdir(), 'chronicle-follow-')), 'game.chronicle.json');
  writeFileSync(file, JSON.stringify(record));
  return { file, actions };
}

function chronicleReplay(file: string): ReplayOut {
  // execFileSync throws on a non-zero exit: exit 0 is part of the check.
  return JSON.parse(execFileSync(process.execPath, ['bin/chronicle.js', 'replay', file], { encoding: 'utf8' })) as ReplayOut;
}

async function shoot(page: Page, name: string): Promise<void> {
  const body = await page.screenshot();
  await test.info().attach(name, { body, contentType: 'image/png' });
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) writeFileSync(`${dir}/${name}.png`, body);
}

test('one player against three bots follows every play, ability, meeting and round score', async ({ browser }) => {
  test.setTimeout(5 * 60_000);
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto(host.url);
  await page.getByTestId('player-name').fill('Ann');
  await page.getByTestId('table-name').fill('Follow table');
  await page.getByTestId('seats-4').check();
  await page.getByTestId('create').click();
  for (let i = 0; i < 3; i++) await page.getByTestId('add-bot').first().click();
  await expect(page.getByTestId('remove-bot')).toHaveCount(3);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table')).toBeVisible();
  await expect(page.getByTestId('speed')).toHaveValue('instant');
  const tableId = new URL(page.url()).searchParams.get('table')!;

  const summaries: { gained: number[]; fame: number[] }[] = [];
  const shot = new Set<string>();
  let idle = 0;
  for (;;) {
    const summary = page.getByTestId('round-summary');
    if (await summary.isVisible()) {
      const table = summary.locator('table');
      const numbers = async (attr: string) => ((await table.getAttribute(attr)) ?? '').split(',').map(Number);
      summaries.push({ gained: await numbers('data-gained'), fame: await numbers('data-fame') });
      if (!shot.has('round-summary')) await shoot(page, 'round-summary');
      shot.add('round-summary');
      await page.getByTestId('summary-continue').click();
      await expect(summary).toHaveCount(0);
      continue;
    }
    if (await page.getByTestId('game-over').isVisible()) break;
    for (const scene of ['meeting-resolution', 'ability-shown']) {
      if (!shot.has(scene) && (await page.getByTestId(scene).isVisible())) {
        shot.add(scene);
        await shoot(page, scene);
      }
    }
    const option = page.locator('[data-testid="hand-card-legal"][data-legal="true"], [data-testid="choice-option"]').first();
    let acted = false;
    if ((await option.count()) > 0) {
      try {
        await option.click({ timeout: 1500 });
        acted = true;
      } catch {
        // the view changed under the click: look again
      }
    }
    if (acted) idle = 0;
    else {
      idle += 1;
      expect(idle, 'the bots stopped playing').toBeLessThan(400);
      await page.waitForTimeout(20);
    }
  }
  await shoot(page, 'game-over-with-log');

  const { file, actions } = recordOf(tableId);
  const replayed = chronicleReplay(file);
  expect(replayed.ok).toBe(true);
  expect(replayed.over).toBe(true);
  // Each round summary showed the Fame `chronicle replay` gives for that round.
  expect(summaries.map((s) => s.gained)).toEqual(replayed.rounds.map((r) => r.fameGained));
  expect(summaries.at(-1)!.fame).toEqual(replayed.fame);

  // Every ability (one `choose` per ability used) is a line of the log; every ability and
  // every finished meeting was shown on the table.
  const abilities = actions.filter((a) => a.choose !== undefined);
  const botAbilities = abilities.filter((a) => a.seat !== 0);
  expect(botAbilities.length, 'the bots used abilities in this game').toBeGreaterThan(0);
  const log = page.getByTestId('game-log');
  await expect(log.locator('li.ability')).toHaveCount(abilities.length);
  const meetings = replayed.rounds.reduce((n, r) => n + r.meetings.length, 0);
  await expect(page.getByTestId('story')).toHaveAttribute('data-shown', String(abilities.length + meetings));
  await expect(log.locator('li.round').first()).toContainText('Round 1');
  await expect(log.locator('li.over')).toHaveCount(1);

  // The score sheet has every round; the last meeting keeps its reason.
  await page.getByTestId('open-score').click();
  await expect(page.getByTestId('score-sheet')).toHaveAttribute('data-rounds', String(replayed.rounds.length));
  await shoot(page, 'score-sheet');
  await page.keyboard.press('Escape');
  await page.getByTestId('open-last').click();
  await expect(page.getByTestId('last-reason')).toContainText(/wins the meeting/);
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
  await context.close();
});
