// The built renderer (out/renderer, from `npm run build`) served alone over plain HTTP, with no
// host behind it, for the specs that look at the page itself. Registers the spec's beforeAll
// and afterAll; the returned function gives the server's address once it is up.
import http from 'node:http';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { test } from '@playwright/test';

const ROOT = 'out/renderer';

export function servedBuild(): () => string {
  let server: http.Server;
  let baseURL = '';
  test.beforeAll(async () => {
    if (!existsSync(`${ROOT}/index.html`)) throw new Error(`${ROOT} is missing: run \`npm run build\` first`);
    const serve = sirv(ROOT, { single: true });
    server = http.createServer((req, res) => serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return () => baseURL;
}
