// First renderer test: the app mounts in a DOM (happy-dom) and shows its title and lobby.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import App from '../../src/renderer/src/App.svelte';

describe('App', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => {
    if (app) void unmount(app);
    app = undefined;
    document.body.innerHTML = '';
  });

  it('shows the title "Chronicle" and a lobby, without the Electron bridge', () => {
    app = mount(App, { target: document.body });
    flushSync();
    expect(document.querySelector('h1')?.textContent).toBe('Chronicle');
    expect(document.querySelector('[aria-label="Lobby"]')).not.toBeNull();
    expect(window.chronicle).toBeUndefined(); // a plain browser has no preload bridge
  });
});

describe('App inside Electron', () => {
  afterEach(() => {
    delete window.chronicle;
    document.body.innerHTML = '';
  });

  it('shows the version from the preload bridge', async () => {
    window.chronicle = {
      appInfo: () => Promise.resolve({ name: 'Chronicle', version: '1.2.3', versions: { electron: '45.5.0', chrome: '1', node: '22' } }),
    };
    const app = mount(App, { target: document.body });
    await vi.waitFor(() => expect(document.querySelector('footer')?.textContent).toContain('v1.2.3'));
    void unmount(app);
  });
});
