// The host's HTTP port serves the built renderer (table links /t/<id> redirect to it, since
// the app loads its assets by relative paths), or a short notice when there is no build.
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, get } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressDir } from '../../../../scripts/compress-renderer.js';
import { CONTENT_SECURITY_POLICY } from '../../../../src/main/host/guards/csp';
import { type TestHost, startHost } from '../../../kit/host/host';

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

  it('serves the precompressed script by content negotiation; hashed assets cached for long, index.html never stale', async () => {
    dir = await mkdtemp(join(tmpdir(), 'chronicle-static-'));
    await mkdir(join(dir, 'assets'));
    // A script like the build's: text that compresses, with some noise.
    const script = Array.from({ length: 2000 }, (_, i) => `export const v${i} = "${randomBytes(6).toString('hex')}";`).join('\n');
    await writeFile(join(dir, 'assets', 'index-AbC123.js'), script);
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Chronicle</title><script type="module" src="./assets/index-AbC123.js"></script>');
    expect(compressDir(dir)).toHaveLength(2);
    host = await startHost({ staticDir: dir });

    const plain = await raw(`${host.url}/assets/index-AbC123.js`, {});
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const gzip = await raw(`${host.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const br = await raw(`${host.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 2);
    for (const { res } of [plain, gzip, br]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }

    for (const path of ['/', '/index.html', '/?table=abcDEF123456', '/no/such/page']) {
      const page = await raw(`${host.url}${path}`, { 'accept-encoding': 'br' });
      expect(page.res.headers['cache-control']).toBe('no-cache');
      expect(page.res.headers['content-security-policy'], path).toBe(CONTENT_SECURITY_POLICY);
      expect(brotliDecompressSync(page.body).toString()).toContain('<title>Chronicle</title>');
    }
  });

  it("speaks the reader's language from the page's first byte: <html lang> by Accept-Language, wherever the page answers", async () => {
    dir = await mkdtemp(join(tmpdir(), 'chronicle-static-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html>\n<html lang="en"><title>Chronicle</title></html>');
    host = await startHost({ staticDir: dir });
    for (const [accept, lang] of [
      ['hu-HU,hu;q=0.9,en;q=0.8', 'hu'],
      ['fr-CA,fr;q=0.9', 'fr'],
      ['de-DE,de;q=0.9', 'en'],
      ['en;q=0.5,fr;q=0.9', 'fr'],
    ] as const)
      for (const path of ['/', '/?table=abcDEF123456', '/no/such/page']) {
        const page = await raw(`${host.url}${path}`, { 'accept-language': accept, 'accept-encoding': 'gzip' });
        expect(page.res.statusCode).toBe(200);
        expect(page.res.headers['vary']).toMatch(/Accept-Language/);
        expect(page.res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(gunzipSync(page.body).toString(), `${accept} ${path}`).toContain(`<html lang="${lang}">`);
      }
    const plain = await raw(`${host.url}/`, { 'accept-language': 'hu' });
    expect(plain.body.toString()).toContain('<html lang="hu">');
  });

  it('sends a strict Content Security Policy with the pages, the only one (the page has no <meta> policy)', async () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|\*/);
    const source = await readFile(join(import.meta.dirname, '../../../../src/renderer/index.html'), 'utf8');
    expect(source).not.toMatch(/http-equiv=["']?Content-Security-Policy/i); // one policy, kept in csp.ts
  });

  it('says so when the renderer is not built', async () => {
    host = await startHost({ staticDir: null });
    const res = await fetch(`${host.url}/`);
    expect(await res.text()).toMatch(/not built/);
  });
});

/** One GET with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function raw(url: string, headers: Record<string, string>): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}
