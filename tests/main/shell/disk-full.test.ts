// The desktop app on a full disk (src/main/index.ts with the fake `electron`, its data folder on
// a 1 MB filesystem): when a move cannot be written, the owner is told, once, in the system's
// language, that the game waits, which folder the games are kept in and what to free there; the
// game goes on by itself once the space is back.
import { app, dialog } from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Seated, TableInfo } from '../../../src/shared/protocol';
import { connectTo, waitFor } from '../../kit/host/host';
import { Player } from '../../kit/clients/player';
import { listenerOf, windows } from '../../kit/shell/electron-fakes';
import { type SmallDisk, mountSmallDisk } from '../../kit/host/small-disk';
import { diskFullNotice } from '../../../src/main/shell/messages';

let disk: SmallDisk | string;
let appUrl = '';
let ann: Player | undefined;

beforeAll(async () => {
  disk = await mountSmallDisk('1m');
  if (typeof disk === 'string') return console.log(`disk-full (desktop): skipped: ${disk}`);
  process.env['CHRONICLE_MDNS'] = 'off';
  process.env['CHRONICLE_PORT'] = '0';
  process.env['CHRONICLE_DATA'] = disk.dir;
  await import('../../../src/main/index');
  await vi.waitFor(() => expect(windows()).toHaveLength(1), { timeout: 15_000 });
  appUrl = String(windows()[0]!.loadURL.mock.calls[0]?.[0]);
});

afterAll(async () => {
  ann?.socket.disconnect();
  if (typeof disk === 'string') return;
  listenerOf<(e: { preventDefault(): void }) => void>(vi.mocked(app.on), 'will-quit')({ preventDefault: vi.fn() });
  await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 15_000 });
  delete process.env['CHRONICLE_DATA']; // the next file in this worker keeps its data where it would
  await disk.unmount();
});

describe('the desktop app on a full disk', () => {
  it('tells its owner what to free and where, and the game goes on once there is room', async (ctx) => {
    if (typeof disk === 'string') return ctx.skip();
    const small = disk;
    ann = new Player(await connectTo(new URL(appUrl).origin), 5);
    const player = ann;
    const created = await player.request<Seated>('table:create', { name: 'Night', players: 3, playerName: 'Ann', botDelayMs: 0 });
    if (!created.ok) throw new Error(created.code);
    player.seated(created);
    for (const seat of [1, 2]) expect(await player.request('table:addBot', { seat })).toEqual({ ok: true });
    expect(await player.request('table:start')).toEqual({ ok: true });
    await waitFor(() => player.view !== null, 'the first view');

    small.fill();
    player.startAutoplay();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalled(), { timeout: 15_000 });
    const calls = vi.mocked(dialog.showMessageBox).mock.calls;
    const shown = calls.at(-1)!.at(-1) as Electron.MessageBoxOptions;
    expect(shown.message).toBe('The host’s disk is full: the game waits.');
    expect(shown.detail).toContain(small.dir);
    expect(shown.detail).toMatch(/Free some space on that disk/);
    expect(shown.buttons).toEqual(['OK', 'Show the folder']);
    const stalledAt = player.view!.version;

    small.free();
    player.socket.on('table:updated', (info: TableInfo) => {
      if (info.diskFull !== true) player.startAutoplay();
    });
    await waitFor(() => player.view!.version > stalledAt || player.view!.over, 'the game to go on', 15_000);
    player.stopAutoplay();
    expect(calls).toHaveLength(1); // told once, not at every refused write
  }, 60_000);

  it('says it in Hungarian and French too, naming the folder', () => {
    const folder = '/home/ann/.config/Chronicle/tables';
    expect(diskFullNotice('hu-HU', folder)).toMatchObject({ message: 'A gép lemeze megtelt: a játék vár.', buttons: ['OK', 'Mappa megnyitása'] });
    expect(diskFullNotice('fr-FR', folder)).toMatchObject({ message: 'Le disque de l’hôte est plein : la partie attend.', buttons: ['OK', 'Afficher le dossier'] });
    for (const locale of ['hu', 'fr', 'en-GB']) expect(diskFullNotice(locale, folder).detail).toContain(folder);
  });
});
