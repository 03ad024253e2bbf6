// What went wrong with a download, in words: each failure of Electron's download (a server that
// sends nothing, a refused connection, a name with no DNS answer, a proxy that says no, a file
// that does not match its checksum, an HTTP error) becomes what happened and what to do, each a
// short sentence, instead of `TypeError: fetch failed` and its stack.

/** No byte arrived for `seconds`: the server (or a proxy) accepted the connection and went quiet. */
export class StalledDownload extends Error {
  /**
   * @param {string} url
   * @param {number} seconds
   */
  constructor(url, seconds) {
    super(`no data from ${url} for ${seconds} s`);
    this.name = 'StalledDownload';
    this.url = url;
    this.seconds = seconds;
  }
}

/** The server answered, but not with the file. */
export class HttpStatusError extends Error {
  /**
   * @param {string} url
   * @param {number} status
   * @param {string} statusText
   */
  constructor(url, status, statusText) {
    super(`${url} answered ${status}${statusText ? ` ${statusText}` : ''}`);
    this.name = 'HttpStatusError';
    this.url = url;
    this.status = status;
  }
}

/**
 * The error and its causes, outermost first (fetch wraps the network's error in `cause`).
 * @param {unknown} err
 * @returns {(Error & { code?: unknown, hostname?: string, address?: string, port?: number, path?: string })[]}
 */
function chain(err) {
  const out = [];
  for (let e = err; e instanceof Error && out.length < 8; e = /** @type {Error} */ (e).cause) out.push(e);
  return out;
}

/** @param {string} url */
function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** @param {string | null} proxy */
function proxyWantsLogin(proxy) {
  return {
    what: `the proxy${proxy ? ` ${proxy}` : ''} asks for a user name and password (HTTP 407)`,
    todo: 'Put them in the proxy address: HTTPS_PROXY=http://user:password@host:port.',
  };
}

/**
 * What happened and what to do, for a failed download of `url`.
 * @param {unknown} err
 * @param {{ url: string, mirror?: string, proxy?: string | null }} where the URL asked for,
 *   ELECTRON_MIRROR when set, the proxy the request went through (null: none)
 * @returns {{ what: string, todo: string }}
 */
export function explainDownloadError(err, { url, mirror, proxy = null }) {
  const host = hostOf(url);
  const otherMirror = mirror ? `check ELECTRON_MIRROR (${mirror}) or set it to another mirror` : 'set ELECTRON_MIRROR to a mirror you can reach';
  const errors = chain(err);
  const stalled = errors.find((e) => e instanceof StalledDownload);
  if (stalled instanceof StalledDownload) {
    return {
      what: `no data from ${host} for ${stalled.seconds} s (${stalled.url})`,
      todo: `The server takes the connection but sends nothing: try again later, or ${otherMirror}.`,
    };
  }
  const status = errors.find((e) => e instanceof HttpStatusError);
  if (status instanceof HttpStatusError) {
    if (status.status === 407) return proxyWantsLogin(proxy);
    if (status.status === 404) return { what: `${status.url} answered 404 Not Found`, todo: `That server does not have this Electron build: ${otherMirror}.` };
    return { what: status.message, todo: `Try again later, or ${otherMirror}.` };
  }
  const proxied = errors.find((e) => /Proxy response \((\d+)\)/.test(e.message));
  if (proxied) {
    const code = /Proxy response \((\d+)\)/.exec(proxied.message)?.[1];
    if (code === '407') return proxyWantsLogin(proxy);
    return {
      what: `the proxy ${proxy} refused to connect to ${host} (HTTP ${code})`,
      todo: 'Ask whoever runs the proxy to allow it, or set ELECTRON_MIRROR to a mirror the proxy allows.',
    };
  }
  const mismatch = errors.find((e) => /did not match expected checksum|No checksum found/i.test(e.message));
  if (mismatch) {
    return {
      what: `the file from ${url} does not match Electron's published SHA-256 checksum`,
      todo: `The server sent a damaged or different file (nothing was installed): try again, or ${otherMirror}.`,
    };
  }
  const system = errors.find((e) => typeof e.code === 'string');
  const code = system ? String(system.code) : '';
  const through = proxy ? ` (through the proxy ${proxy})` : '';
  if (code === 'ECONNREFUSED') {
    const at = system?.address ? `${system.address}:${system.port}` : host;
    if (proxy && hostOf(proxy) === at) return { what: `the proxy ${proxy} refused the connection`, todo: 'Check HTTPS_PROXY / HTTP_PROXY: nothing answers at that address.' };
    return { what: `${at} refused the connection (${url})`, todo: `Nothing answers there: try again later, or ${otherMirror}.` };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    const name = system?.hostname ?? host;
    return {
      what: `no DNS answer for ${name}${through}`,
      todo: `Check that this computer is online and that the name is spelt right${mirror ? ` in ELECTRON_MIRROR (${mirror})` : ''}.`,
    };
  }
  const network = { ECONNRESET: 'dropped the connection', ETIMEDOUT: 'did not answer in time', EHOSTUNREACH: 'cannot be reached', ENETUNREACH: 'cannot be reached (no network)' };
  if (code in network)
    return { what: `${host} ${network[/** @type {keyof typeof network} */ (code)]}${through}`, todo: `Check the network connection and try again, or ${otherMirror}.` };
  if (/CERT|SSL|TLS|SELF_SIGNED/.test(code)) {
    return {
      what: `${host}'s TLS certificate was not accepted (${code})`,
      todo: 'Behind a proxy that inspects TLS, point NODE_EXTRA_CA_CERTS at its certificate (a .pem file) and try again.',
    };
  }
  if (code === 'ENOSPC') return { what: 'the disk is full', todo: 'Free about 300 MB (the download and its unpacked copy) and try again.' };
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return { what: `cannot write ${system?.path ?? 'the download'} (${code})`, todo: 'Make that folder writable, or set electron_config_cache to a folder that is.' };
  const last = errors[errors.length - 1];
  const detail = last && last !== errors[0] ? `: ${last.message}` : '';
  return { what: `${(errors[0]?.message ?? String(err)).split('\n')[0]}${detail} (${url})`, todo: `Try again, or ${otherMirror}.` };
}
