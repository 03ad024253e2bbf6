// Following a game on screen: one player against three bots (bot delay 0, the page at instant
// speed through prefers-reduced-motion) plays a whole game. Every ability used appears in the
// page's game log and was shown on the table, every finished meeting too; each round summary
// shows the Fame that `chronicle replay` of the host's record gives.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { hiddenCards, leaksInLog } from '../kit/pages/leak-scan';
import { playMoves } from '../kit/pages/moves';
import { chronicleReplay as replayRecordFile, seededRecordFile, tableRecordFile } from '../kit/pages/records';
import type { Action } from '../../src/shared/rules/actions';
import { addBots, hostForSpec, pageErrors } from '../kit/pages/setup';

const host = hostForSpec({ seed: 'follow', botDelayMs: 0 });

interface ReplayOut {
  ok: boolean;
  rounds: { history: string[]; meetings: unknown[]; allies?: (string | { masked: string })[][]; evilMonopoly?: number | null; fameGained?: number[] }[];
  fame: number[];
  over: boolean;
}

interface Summary {
  gained: number[];
  fame: number[];
  /** The lines of its scoring, in order. */
  steps: string[];
}

/** A round summary as the page shows it: Fame gained and after, by seat, from its table; its lines. */
async function readSummary(summary: Locator): Promise<Summary> {
  const table = summary.locator('table');
  const numbers = async (attr: string) => ((await table.getAttribute(attr)) ?? '').split(',').map(Number);
  return { gained: await numbers('data-gained'), fame: await numbers('data-fame'), steps: await summary.locator('.steps li').allTextContents() };
}

const HISTORY = (
  JSON.parse(readFileSync('src/shared/rules/card-set/default-set.json', 'utf8')) as {
    history: { id: string; name: { en: string }; condition: { kind: string; cards?: string[] } }[];
  }
).history;
/** The seats as Ann's summary names them: she is "you". */
const SEATS = ['you', 'Bot 2', 'Bot 3', 'Bot 4'];

/**
 * What a round summary says against `chronicle replay`'s round: one line per history card in
 * play, each giving every seat's count, the seats it names as gaining Fame being exactly those
 * that gained some; The Succession's counts are the unmasked Prince, Queen and Princess among
 * the allies the replay lists.
 */
function summaryProblems(s: Summary, round: ReplayOut['rounds'][number]): string[] {
  if (round.evilMonopoly != null) return s.steps.some((l) => /all four Evil cards/.test(l)) ? [] : ['no monopoly line'];
  const problems: string[] = [];
  const gaining = new Set<number>();
  for (const id of round.history) {
    const card = HISTORY.find((h) => h.id === id)!;
    const line = s.steps.find((l) => l.startsWith(`${card.name.en} —`) || l.startsWith(`${card.name.en}:`));
    if (!line) {
      problems.push(`no line for ${card.name.en}`);
      continue;
    }
    if (card.condition.kind === 'none') continue;
    const told = /^.+? — .+?: (.+) → (.+)$/.exec(line);
    if (!told) {
      problems.push(`"${line}" gives no counts`);
      continue;
    }
    const counts = told[1]!.split(', ').map((c) => /^(.+) (\d+)( \(excluded\))?$/.exec(c));
    if (counts.map((c) => c?.[1]).join('|') !== SEATS.join('|')) problems.push(`"${line}" does not count every seat in order`);
    if (card.condition.kind === 'mostOf') {
      const held = round.allies!.map((allies) => allies.filter((c) => typeof c === 'string' && card.condition.cards!.includes(c)).length);
      if (counts.map((c) => Number(c?.[2])).join() !== held.join()) problems.push(`"${line}" counts ${held.join()} as held`);
    }
    if (!told[2]!.startsWith('nobody')) for (const name of told[2]!.replace(/ \+1 Fame\.$/, '').split(/, and |, | and /)) gaining.add(SEATS.indexOf(name));
  }
  const gained = round.fameGained!.flatMap((f, seat) => (f > 0 ? [seat] : []));
  if ([...gaining].sort().join() !== gained.join()) problems.push(`names ${[...gaining].sort().join()} as gaining Fame, the replay ${gained.join()}`);
  return problems;
}

/** The game record (record-format.md) of a table, from the host's table file, written to a file of its own. */
function recordOf(tableId: string): { file: string; actions: readonly Action[] } {
  const file = tableRecordFile(host.dataDir, tableId);
  return { file, actions: (JSON.parse(readFileSync(file, 'utf8')) as { actions: Action[] }).actions };
}

// execFileSync throws on a non-zero exit: exit 0 is part of the check.
const chronicleReplay = (file: string): ReplayOut => replayRecordFile<ReplayOut>(file);

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
  const errors = pageErrors(page);

  await page.goto(host.url);
  // Filled by hand rather than by createTable: the table's own bot delay is picked, and the
  // form shown. None here (the host's is 0 too); the table file must say so.
  await page.getByTestId('player-name').fill('Ann');
  await page.getByTestId('table-name').fill('Follow table');
  await page.getByTestId('seats-4').check();
  await page.getByTestId('bot-delay').selectOption('0');
  await shoot(page, 'create-table');
  await page.getByTestId('create').click();
  await addBots(page, 3);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table')).toBeVisible();
  await expect(page.getByTestId('speed')).toHaveValue('instant');
  const tableId = new URL(page.url()).searchParams.get('table')!;
  const header = JSON.parse(readFileSync(join(host.dataDir, 'tables', `${tableId}.jsonl`), 'utf8').split('\n')[0]!) as { botDelayMs?: number };
  expect(header.botDelayMs, 'the bot delay chosen in the form').toBe(0);

  // The page waits for its own next move (moves.ts): each round summary is read before
  // its Continue is clicked, each scene photographed the first time it shows.
  const summaries: Summary[] = [];
  const summary = page.getByTestId('round-summary');
  await playMoves(page, {
    onSummary: async () => {
      summaries.push(await readSummary(summary));
      if (summaries.length === 1) await shoot(page, 'round-summary');
    },
    onShown: { 'meeting-resolution': () => shoot(page, 'meeting-resolution'), 'ability-shown': () => shoot(page, 'ability-shown') },
  });
  const { file, actions } = recordOf(tableId);
  const replayed = chronicleReplay(file);
  expect(replayed.ok).toBe(true);
  expect(replayed.over).toBe(true);
  // The last round's summary comes in the same batch as the game's end, after its last meeting:
  // once the table has shown every scene it is open, unless it was read in the loop.
  const abilities = actions.filter((a) => 'choose' in a);
  const meetings = replayed.rounds.reduce((n, r) => n + r.meetings.length, 0);
  await expect(page.getByTestId('story')).toHaveAttribute('data-shown', String(abilities.length + meetings));
  // At game over the result comes first; the last round's summary is one click away in it.
  const lastSummary = page.getByTestId('round-summary');
  await expect(lastSummary).toHaveCount(0);
  await page.getByTestId('last-round').click();
  summaries.push(await readSummary(lastSummary));
  await page.getByTestId('summary-continue').click();
  await expect(lastSummary).toHaveCount(0);
  await shoot(page, 'game-over-with-log');
  // Each round summary showed the Fame `chronicle replay` gives for that round.
  expect(summaries.map((s) => s.gained)).toEqual(replayed.rounds.map((r) => r.fameGained));
  expect(summaries.at(-1)!.fame).toEqual(replayed.fame);
  // And told each history card's counts and who gained Fame as the replay has them.
  expect(summaries.flatMap((s, i) => summaryProblems(s, replayed.rounds[i]!).map((p) => `round ${i + 1}: ${p}`))).toEqual([]);
  expect(summaries.flatMap((s) => s.steps).join('\n'), 'Ann is "you" in her summaries').not.toMatch(/\bAnn\b/);

  // Every ability (one `choose` per ability used) is a line of the log; every ability and
  // every finished meeting was shown on the table.
  const botAbilities = abilities.filter((a) => a.seat !== 0);
  expect(botAbilities.length, 'the bots used abilities in this game').toBeGreaterThan(0);
  const log = page.getByTestId('game-log');
  await expect(log.locator('li.ability')).toHaveCount(abilities.length);
  await expect(log.locator('li.round').first()).toContainText('Round 1');
  await expect(log.locator('li.over')).toHaveCount(1);

  // Leak scan of what the page shows in its game log: no line names a card Ann could not see
  // at the version it tells. Negative control: a line planted at a version where a card was
  // hidden from Ann, naming it, is found. (Ann's own face-down plays judged as another viewer
  // made a poor control: a card everyone saw come back to her hand is no secret when she plays
  // it face down, and one game had no other.)
  const lines = await log
    .locator('li')
    .evaluateAll((items) => items.map((li) => ({ version: Number(li.getAttribute('data-version')), kind: li.classList[0] ?? '', text: li.textContent ?? '' })));
  const hiddenFromAnn = hiddenCards(host.dataDir, tableId, 0);
  expect(leaksInLog(lines, hiddenFromAnn)).toEqual([]);
  const secretAt = lines.find((l) => l.kind === 'play' && (hiddenFromAnn.after[l.version]?.length ?? 0) > 0);
  expect(secretAt, 'a play logged while some card was hidden from Ann').toBeDefined();
  const planted = { ...secretAt!, text: `Bot 2 played ${hiddenFromAnn.after[secretAt!.version]![0]}.` };
  expect(leaksInLog([...lines, planted], hiddenFromAnn), 'the scan finds a planted line naming a hidden card').toHaveLength(1);

  // The score sheet has every round; the last meeting keeps its reason.
  await page.getByTestId('open-score').click();
  await expect(page.getByTestId('score-sheet')).toHaveAttribute('data-rounds', String(replayed.rounds.length));
  // Every round explained there, in the summary's words.
  await expect(page.getByTestId('sheet-round')).toHaveCount(replayed.rounds.length);
  for (const [i, s] of summaries.entries()) {
    const round = page.locator(`[data-testid="sheet-round"][data-round="${i + 1}"]`);
    if ((await round.getAttribute('open')) === null) await round.locator('summary').click();
    await expect(round.locator('.steps li')).toHaveText(s.steps);
  }
  await shoot(page, 'score-sheet');
  await page.keyboard.press('Escape');
  await page.getByTestId('open-last').click();
  await expect(page.getByTestId('last-reason')).toContainText(/wins? the meeting/);
  await page.keyboard.press('Escape');
  // The final ranking shows each round's Fame.
  await expect(page.getByTestId('ranking').locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId('ranking').locator('thead th')).toHaveCount(replayed.rounds.length + 3);

  // Save game record: the downloaded file replays with exit 0 to the same end.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-record').click()]);
  expect(download.suggestedFilename()).toMatch(/^follow-table-\d{4}-\d\d-\d\d\.chronicle\.json$/);
  const saved = join(mkdtempSync(join(tmpdir(), 'chronicle-saved-')), download.suggestedFilename());
  await download.saveAs(saved);
  const fromSaved = chronicleReplay(saved);
  expect(fromSaved.fame).toEqual(replayed.fame);
  expect(fromSaved.rounds.map((r) => r.fameGained)).toEqual(replayed.rounds.map((r) => r.fameGained));

  // Play again: a new game with the same seats starts at once.
  await page.getByTestId('play-again').click();
  await expect(page.getByTestId('game-over')).toHaveCount(0);
  await expect(page.getByTestId('table')).toBeVisible();
  const newTable = await expect.poll(() => new URL(page.url()).searchParams.get('table')).not.toBe(tableId);
  void newTable;
  await expect(page.locator('[data-testid="seat-panel"]', { hasText: '(you)' })).toContainText('Ann');
  for (const bot of ['Bot 2', 'Bot 3', 'Bot 4']) await expect(page.locator('[data-testid="seat-panel"]', { hasText: bot })).toHaveCount(1);
  await expect(page.getByTestId('game-log').locator('li.round').first()).toContainText('Round 1');
  // Nothing of the last game's story is left open over the new one.
  await expect(page.getByTestId('round-summary')).toHaveCount(0);
  // The evening so far is beside the new game: one game played, everyone's wins at a glance.
  const evening = page.getByTestId('evening');
  await expect(evening).toHaveAttribute('data-games', '1');
  await expect(evening.getByTestId('evening-summary')).toBeInViewport();
  await expect(evening.getByTestId('evening-summary')).toContainText(/Tonight: 1 game\s*Wins: .*Ann \d/);
  expect(errors).toEqual([]);
  await context.close();
});

test('the replay viewer steps through a saved record to the same end as chronicle replay, with the Master analysing a decision', async ({ browser }) => {
  test.setTimeout(2 * 60_000);
  // A whole seeded game's record of its own, as the app saves one (this test needs no other to run first).
  const savedRecord = seededRecordFile(4, 'follow-replay');
  const expected = chronicleReplay(savedRecord);
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = pageErrors(page, { consoleErrors: false });
  await page.goto(host.url);
  // The host replays the record and sends every step: connected first, and on a busy machine
  // the whole game's replay may take a few seconds to arrive.
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  await page.getByTestId('open-record').setInputFiles(savedRecord);
  await expect(page.getByTestId('replay')).toBeVisible({ timeout: 20_000 });
  const last = JSON.parse(readFileSync(savedRecord, 'utf8')).actions.length as number;
  await expect(page.getByTestId('replay-position')).toHaveText(`Action 0 of ${last}`);
  // Step forward one by one for a while, back once, then to the end.
  for (let i = 1; i <= 5; i++) {
    await page.getByTestId('replay-forward').click();
    await expect(page.getByTestId('replay')).toHaveAttribute('data-version', String(i));
  }
  await page.getByTestId('replay-back').click();
  await expect(page.getByTestId('replay')).toHaveAttribute('data-version', '4');
  await expect(page.getByTestId('game-log').locator('li.play')).not.toHaveCount(0);
  await shoot(page, 'replay-viewer');
  await page.getByTestId('replay-end').click();
  await expect(page.getByTestId('replay')).toHaveAttribute('data-version', String(last));
  await expect(page.getByTestId('fame-track')).toContainText(String(Math.max(...expected.fame)));
  const fame = await page.getByTestId('replay-seat').locator('h3').allTextContents();
  expect(fame.map((h) => Number(h.split('·')[1]))).toEqual(expected.fame);
  await expect(page.getByTestId('game-log').locator('li.over')).toHaveCount(1);

  // From Seat 1's view: its next decision, and what the Master would have played.
  await page.getByTestId('replay-first').click();
  await page.getByTestId('replay-viewer').selectOption('0');
  await page.getByTestId('replay-next-decision').click();
  await page.getByTestId('replay-analyse').click();
  await expect(page.getByTestId('replay-analysis')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('replay-analysis')).toContainText('The Master');
  await shoot(page, 'replay-analysis');
  // On an upright phone the viewer keeps to the screen's width (its controls wrap).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.getByTestId('replay-end').click();
  await expect(page.locator('[data-testid="ally-group"] button[data-card]').first()).toBeVisible();
  await shoot(page, 'replay-end-390x844');
  expect(errors).toEqual([]);
  await context.close();
});
