// The same HTTP port serves the built renderer, so any browser on the LAN can open a table by
// URL. Without a build, a short page says so.
import { existsSync } from 'node:fs';
import type { RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { CONTENT_SECURITY_POLICY } from '../guards/csp';

/** Vite's build puts every hashed asset, and only those, under /assets/. */
const HASHED = /^\/assets\//;

function cacheHeaders(res: ServerResponse, pathname: string): void {
  res.setHeader('Cache-Control', HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Join links `/t/<tableId>` (mDNS adverts, QR codes) open the app at `/?table=<tableId>`. */
const TABLE_LINK = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/;

export function staticFiles(dir: string | null): RequestListener {
  if (dir && existsSync(join(dir, 'index.html'))) {
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
