// The same HTTP port serves the built renderer, so any browser on the LAN can open a table by
// URL. Without a build, a short page says so.
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { CONTENT_SECURITY_POLICY } from '../guards/csp';
import { type PageLang, pageLanguage } from '../guards/wrong-name';

/** Vite's build puts every hashed asset, and only those, under /assets/. */
const HASHED = /^\/assets\//;

function cacheHeaders(res: ServerResponse, pathname: string): void {
  res.setHeader('Cache-Control', HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Join links `/t/<tableId>` (mDNS adverts, QR codes) open the app at `/?table=<tableId>`. */
const TABLE_LINK = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/;

/** The page in one language, as sent plain and precompressed. */
interface PageBytes {
  readonly plain: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/**
 * index.html once for each language the app speaks, its `<html lang>` set to it: the browser
 * reads and hyphenates the page in the reader's language from the first byte (the app sets the
 * language chosen in it once it runs), so a long Hungarian or French word breaks where that
 * language breaks it.
 */
function pagesByLanguage(dir: string): Record<PageLang, PageBytes> {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const page = (lang: PageLang): PageBytes => {
    const plain = Buffer.from(html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`));
    return { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) };
  };
  return { en: page('en'), hu: page('hu'), fr: page('fr') };
}

/** Whether `pathname` names a file of the build (else the app's page answers it, as sirv's `single` does). */
function isFile(dir: string, pathname: string): boolean {
  if (pathname === '/' || pathname === '/index.html') return false;
  try {
    return statSync(join(dir, decodeURIComponent(pathname))).isFile();
  } catch {
    return false;
  }
}

function sendPage(req: IncomingMessage, res: ServerResponse, pages: Record<PageLang, PageBytes>): void {
  const page = pages[pageLanguage(req.headers['accept-language'])];
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [body, encoding] = /\bbr\b/.test(accepts) ? [page.br, 'br'] : /\bgzip\b/.test(accepts) ? [page.gzip, 'gzip'] : [page.plain, null];
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding, Accept-Language');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function staticFiles(dir: string | null): RequestListener {
  if (dir && existsSync(join(dir, 'index.html'))) {
    const pages = pagesByLanguage(dir);
    // The build is precompressed (scripts/compress-renderer.js): the .br or .gz beside a file
    // is sent to a browser that accepts it. Hashed assets never change under their name, so
    // they are cached for a year; everything else (index.html) is revalidated every time.
    const serve = sirv(dir, { single: true, etag: true, dev: false, gzip: true, brotli: true, setHeaders: cacheHeaders });
    return (req, res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Every answer carries the policy: index.html answers `/`, `/?table=…` and unknown paths
      // alike (sirv's `single`), and browsers ignore it on scripts, styles and images.
      res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      // The app loads its assets by relative paths, so it must be served from the root.
      const link = TABLE_LINK.exec((req.url ?? '').split('?')[0]!);
      if (link) {
        res.writeHead(302, { Location: `/?table=${link[1]}` });
        res.end();
        return;
      }
      const pathname = (req.url ?? '/').split('?')[0]!;
      if ((req.method === 'GET' || req.method === 'HEAD') && !isFile(dir, pathname)) {
        sendPage(req, res, pages);
        return;
      }
      serve(req, res, () => {
        res.statusCode = 404;
        res.end();
      });
    };
  }
  return (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': CONTENT_SECURITY_POLICY });
    res.end('Chronicle host is running, but the app is not built here (run: npm run build).\n');
  };
}
