// The words for the download failures the stand-in mirrors of electron-download.test.ts do not
// stage: a proxy that wants a login, a dropped connection, a TLS certificate a proxy replaced,
// a full disk; and which proxy a request goes through.
import { describe, expect, it } from 'vitest';
import { HttpStatusError, explainDownloadError } from '../../../scripts/download-errors.js';
import { proxyFor } from '../../../scripts/electron-download.js';

const url = 'https://github.com/electron/electron/releases/download/v45.5.0/electron-v45.5.0-linux-x64.zip';

/** A failed fetch as Node reports it: a TypeError whose cause is the system's error. */
function fetchFailed(cause: Error & { code?: string }): Error {
  return new TypeError('fetch failed', { cause });
}
const systemError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('explainDownloadError', () => {
  it('a proxy that wants a login, by CONNECT or by answer', () => {
    const tunnel = fetchFailed(new Error('Request was cancelled.', { cause: new Error('Proxy response (407) !== 200 when HTTP Tunneling') }));
    const want = {
      what: 'the proxy http://proxy:3128 asks for a user name and password (HTTP 407)',
      todo: 'Put them in the proxy address: HTTPS_PROXY=http://user:password@host:port.',
    };
    expect(explainDownloadError(tunnel, { url, proxy: 'http://proxy:3128' })).toEqual(want);
    expect(explainDownloadError(new HttpStatusError(url, 407, 'Proxy Authentication Required'), { url, proxy: 'http://proxy:3128' })).toEqual(want);
  });

  it('a dropped connection, a replaced certificate, a full disk, a server error', () => {
    expect(explainDownloadError(fetchFailed(systemError('ECONNRESET')), { url }).what).toBe('github.com dropped the connection');
    expect(explainDownloadError(fetchFailed(systemError('SELF_SIGNED_CERT_IN_CHAIN')), { url })).toEqual({
      what: "github.com's TLS certificate was not accepted (SELF_SIGNED_CERT_IN_CHAIN)",
      todo: 'Behind a proxy that inspects TLS, point NODE_EXTRA_CA_CERTS at its certificate (a .pem file) and try again.',
    });
    expect(explainDownloadError(systemError('ENOSPC'), { url }).what).toBe('the disk is full');
    expect(explainDownloadError(new HttpStatusError(url, 503, 'Service Unavailable'), { url })).toEqual({
      what: `${url} answered 503 Service Unavailable`,
      todo: 'Try again later, or set ELECTRON_MIRROR to a mirror you can reach.',
    });
  });

  it('anything else: its first line and its deepest cause, one line', () => {
    const odd = new Error('something odd\n    at somewhere (file.js:1:1)', { cause: new Error('deep reason') });
    expect(explainDownloadError(odd, { url })).toEqual({ what: `something odd: deep reason (${url})`, todo: 'Try again, or set ELECTRON_MIRROR to a mirror you can reach.' });
  });
});

describe('proxyFor', () => {
  it('is the proxy for the scheme, without its login, unless NO_PROXY names the host', () => {
    const env = { ELECTRON_GET_USE_PROXY: '1', HTTPS_PROXY: 'http://ann:secret@proxy:3128', HTTP_PROXY: 'http://plain:8080' };
    expect(proxyFor(url, env)).toBe('http://proxy:3128');
    expect(proxyFor('http://mirror.example/x', env)).toBe('http://plain:8080');
    expect(proxyFor(url, { ...env, NO_PROXY: 'localhost,.github.com' })).toBeNull();
    expect(proxyFor(url, { HTTPS_PROXY: 'http://proxy:3128' })).toBeNull(); // not used without ELECTRON_GET_USE_PROXY
  });
});
