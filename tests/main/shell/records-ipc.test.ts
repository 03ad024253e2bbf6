// The app's finished games through its IPC: listed, their record handed to the replay viewer,
// and exported where the player chooses in the save dialog (nothing written when cancelled).
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog } from 'electron';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { IPC, type SavedGame } from '../../../src/shared/bridge';
import { DEFAULT_CARD_SET, type GameRecord, replay } from '../../../src/shared/rules';
import { startHost, tempDir } from '../../kit/host/host';
import { startedGame } from '../../kit/host/tables';
import { invokeHandler, ipcEvent, listenerOf, windows } from '../../kit/shell/electron-fakes';

let dataDir = '';
let tableId = '';
let fromApp = ipcEvent(null);

beforeAll(async () => {
  // A game played to the end by a host on the data folder the app then opens.
  dataDir = await tempDir('chronicle-app-data-');
  const host = await startHost({ dataDir });
  const game = await startedGame(host, 3);
  for (const p of game.players) p.startAutoplay();
  await Promise.all(game.players.map((p) => p.waitOver(40_000)));
  tableId = game.tableId;
  await host.dispose();

  process.env['CHRONICLE_MDNS'] = 'off';
  process.env['CHRONICLE_PORT'] = '0';
  process.env['CHRONICLE_DATA'] = dataDir;
  await import('../../../src/main/index');
  await vi.waitFor(() => expect(windows()).toHaveLength(1), { timeout: 15_000 });
  fromApp = ipcEvent(`${String(windows()[0]!.loadURL.mock.calls[0]?.[0])}/`);
}, 60_000);

afterAll(async () => {
  listenerOf<(e: { preventDefault(): void }) => void>(vi.mocked(app.on), 'will-quit')({ preventDefault: () => {} });
  await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 15_000 });
  delete process.env['CHRONICLE_DATA'];
  await rm(dataDir, { recursive: true, force: true });
});

it('lists the finished game and hands its record over', async () => {
  const games = (await invokeHandler(IPC.savedGames)(fromApp)) as SavedGame[];
  expect(games.map((g) => [g.id, g.phase])).toEqual([[tableId, 'over']]);
  const record = (await invokeHandler(IPC.gameRecord)(fromApp, tableId)) as GameRecord;
  const replayed = replay(record, DEFAULT_CARD_SET);
  expect(replayed.ok && replayed.value.state.over).toBe(true);
});

it('exports the record where the player chooses, and nothing when cancelled', async () => {
  const exportRecord = invokeHandler(IPC.exportRecord);
  expect(await exportRecord(fromApp, tableId)).toBe(false); // the fake dialog is cancelled by default
  const target = join(dataDir, 'friday.chronicle.json');
  vi.mocked(dialog.showSaveDialog).mockResolvedValueOnce({ canceled: false, filePath: target });
  expect(await exportRecord(fromApp, tableId)).toBe(true);
  const saved = JSON.parse(await readFile(target, 'utf8')) as GameRecord;
  expect(saved).toEqual(await invokeHandler(IPC.gameRecord)(fromApp, tableId));
  expect((vi.mocked(dialog.showSaveDialog).mock.calls[1] as unknown[] | undefined)?.[1]).toMatchObject({ defaultPath: `chronicle-${tableId}.chronicle.json` });
});
