// The host's HTTP port serves the built renderer (table links /t/<id> redirect to it, since
// the app loads its assets by relative paths), or a short notice when there is no build.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestHost, startHost } from './helpers/host';

let host: TestHost | undefined;
let dir: string | undefined;
afterEach(async () => {
  await host?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the HTTP port', () => {
  it('serves the built renderer, for table links too', async () => {
    dir = await mkdtemp(join(tmpdir(), 'chronicle-static-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Chronicle</title>');
    host = await startHost({ staticDir: dir });
    for (const path of ['/', '/?table=abcDEF123456']) {
      const res = await fetch(`${host.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toContain('<title>Chronicle</title>');
    }
    const link = await fetch(`${host.url}/t/abcDEF123456`, { redirect: 'manual' });
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('/?table=abcDEF123456');
  });

  it('says so when the renderer is not built', async () => {
    host = await startHost({ staticDir: null });
    const res = await fetch(`${host.url}/`);
    expect(await res.text()).toMatch(/not built/);
  });
});
