// A router's name for the host (`mybox.lan`, `mybox.fritz.box`, `x.home.arpa`): the guest gets a
// page naming the addresses that open Chronicle, in their browser's language, while the
// rebinding guard stays whole: under such a name nothing of the app, its files or its socket.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pageLanguage } from '../../../../src/main/host/guards/wrong-name';
import { type TestHost, startHost } from '../../../kit/host/host';

const APP = '<!doctype html><title>Chronicle</title><script type="module" src="./assets/app.js"></script>APP-PAGE';
let staticDir: string;
let host: TestHost;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'chronicle-static-'));
  await writeFile(join(staticDir, 'index.html'), APP);
  // The LAN address is only named on the page, never dialled.
  host = await startHost({ staticDir, reachableAddresses: () => ['192.168.1.20'] });
});
afterAll(async () => {
  await host.dispose();
  await rm(staticDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
/** A GET to the host's loopback address with a forged Host header (fetch does not let a caller set Host). */
function get(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
function webSocketOpens(headers: Record<string, string>): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/socket.io/?EIO=4&transport=websocket`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(true);
    });
    ws.once('error', () => resolve(false));
    ws.once('unexpected-response', () => resolve(false));
  });
}
const hrefs = (body: string): string[] => [...body.matchAll(/<a data-address href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('a request under a name the host does not answer to', () => {
  it.each(['mybox.lan', 'mybox.fritz.box', 'x.home.arpa'])('%s gets a page naming the addresses that work, and nothing of the app', async (name) => {
    const forged = { Host: `${name}:${host.port}` };
    const page = await get('/?table=abc', forged);
    expect(page.status).toBe(421);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).not.toContain('APP-PAGE');
    expect(page.body).not.toContain('assets/');
    expect(page.body).toContain(`<strong>${name}:${host.port}</strong>`);
    // The address it came in on first (that one reaches the host from this guest), then the LAN's; a join link stays one.
    expect(hrefs(page.body)).toEqual([`http://127.0.0.1:${host.port}/?table=abc`, `http://192.168.1.20:${host.port}/?table=abc`]);
    // The address the page names opens the app.
    const followed = await get('/?table=abc', { Host: new URL(hrefs(page.body)[0]!).host });
    expect(followed.status).toBe(200);
    expect(followed.body).toContain('APP-PAGE');
    // Files, the socket's polling handshake and its WebSocket stay refused under that name.
    expect((await get('/assets/app.js', forged)).body).not.toContain('APP-PAGE');
    const polling = await get('/socket.io/?EIO=4&transport=polling', { ...forged, Origin: `http://${name}:${host.port}` });
    expect(polling.status).toBe(403);
    expect(polling.body).not.toContain('"sid"');
    expect((await get('/socket.io/?EIO=4&transport=polling', forged)).status).toBe(403);
    expect(await webSocketOpens(forged)).toBe(false);
    expect(await webSocketOpens({ Host: `127.0.0.1:${host.port}` })).toBe(true);
  });

  it('speaks the browser language (en, hu, fr) and escapes what it repeats of the request', async () => {
    const hu = await get('/', { Host: `mybox.lan:${host.port}`, 'Accept-Language': 'hu-HU,hu;q=0.9,en;q=0.8' });
    expect(hu.body).toContain('<html lang="hu">');
    expect(hu.body).toContain('Nyisd meg inkább ezek egyikét:');
    const fr = await get('/', { Host: `mybox.lan:${host.port}`, 'Accept-Language': 'de-DE,fr;q=0.7,en;q=0.5' });
    expect(fr.body).toContain('Ouvrez plutôt l’une de celles-ci :');
    const en = await get('/', { Host: `mybox.lan:${host.port}` });
    expect(en.body).toContain('Open one of these instead:');
    const hostile = await get('/"><script>alert(1)</script>', { Host: `<b>x</b>:${host.port}` });
    expect(hostile.status).toBe(421);
    expect(hostile.body).not.toContain('<b>x</b>');
    expect(hostile.body).not.toContain('<script>alert');
    // The page runs its own script only (the one carrying an invite fragment), by its hash.
    expect(hostile.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(pageLanguage('en;q=0.1, fr')).toBe('fr');
    expect(pageLanguage('hu;q=0, de')).toBe('en');
    expect(pageLanguage(undefined)).toBe('en');
  });

  it('a foreign Origin under the host own name is still refused plainly', async () => {
    const refused = await get('/', { Host: `127.0.0.1:${host.port}`, Origin: 'http://evil.example' });
    expect(refused.status).toBe(421);
    expect(refused.body).toBe('This host does not answer to that name.\n');
  });
});
