// The same HTTP port serves the built renderer, so any browser on the LAN can open a table by
// URL. Without a build, a short page says so.
import { existsSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

export function staticFiles(dir: string | null): RequestListener {
  if (dir && existsSync(join(dir, 'index.html'))) {
    const serve = sirv(dir, { single: true, etag: true, dev: false });
    return (req, res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      serve(req, res, () => {
        res.statusCode = 404;
        res.end();
      });
    };
  }
  return (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    res.end('Chronicle host is running, but the app is not built here (run: npm run build).\n');
  };
}
