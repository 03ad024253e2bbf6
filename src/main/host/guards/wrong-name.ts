// The page for a request under a name this host does not answer to (origin.ts refuses it: a
// router's name such as `mybox.lan`, `mybox.fritz.box` or `x.home.arpa` could as well be made to
// point here by a page on the internet). Instead of a bare "421", the guest reads, in their
// browser's language, which addresses do open Chronicle, as links. The page holds no part of the
// app: no script of the app, no API, no socket (the socket's handshake is refused on its own).
// Its one inline script (allowed by its hash alone) carries a join link's `#invite=` fragment,
// which never reaches a server, over to the address links.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';

export type PageLang = 'en' | 'hu' | 'fr';

interface Words {
  readonly title: string;
  /** `{name}`: the name asked for. */
  readonly refused: string;
  readonly why: string;
  readonly use: string;
  readonly none: string;
  readonly bookmark: string;
}

const WORDS: Record<PageLang, Words> = {
  en: {
    title: 'Open Chronicle by its address',
    refused: 'This computer does not answer to the name {name}.',
    why: 'A name from the router could be made to point anywhere, so Chronicle only opens at its own addresses.',
    use: 'Open one of these instead:',
    none: 'This host serves its own computer only: open Chronicle there.',
    bookmark: 'Tip: bookmark the address, or scan the QR code on the host’s screen.',
  },
  hu: {
    title: 'Nyisd meg a Chronicle-t a címével',
    refused: 'Ez a gép nem válaszol a(z) {name} névre.',
    why: 'A router egy nevét bárhová lehet irányítani, ezért a Chronicle csak a saját címein nyílik meg.',
    use: 'Nyisd meg inkább ezek egyikét:',
    none: 'Ez a szerver csak a saját gépét szolgálja ki: ott nyisd meg a Chronicle-t.',
    bookmark: 'Tipp: tedd könyvjelzőbe a címet, vagy olvasd be a QR-kódot a szerver képernyőjéről.',
  },
  fr: {
    title: 'Ouvrez Chronicle par son adresse',
    refused: 'Cet ordinateur ne répond pas au nom {name}.',
    why: 'Un nom donné par le routeur peut être détourné vers n’importe quelle machine : Chronicle ne s’ouvre qu’à ses propres adresses.',
    use: 'Ouvrez plutôt l’une de celles-ci :',
    none: 'Cet hôte ne sert que son propre ordinateur : ouvrez Chronicle sur celui-ci.',
    bookmark: 'Astuce : ajoutez l’adresse aux favoris, ou scannez le QR code affiché sur l’écran de l’hôte.',
  },
};

/** The first of en/hu/fr the browser asks for (by Accept-Language and its weights), else English. */
export function pageLanguage(acceptLanguage: string | undefined): PageLang {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = wanted.find((w) => w.lang === 'en' || w.lang === 'hu' || w.lang === 'fr');
  return (found?.lang as PageLang | undefined) ?? 'en';
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Inline, allowed by their hashes only (the page's own CSP below).
const SCRIPT = "for (const a of document.querySelectorAll('a[data-address]')) a.hash = location.hash;";
const STYLE =
  'body{font:1.1rem/1.5 system-ui,sans-serif;margin:0;padding:1.2rem;background:#1d2430;color:#f3efe6}' +
  'main{max-width:34rem;margin:auto}h1{font-size:1.4rem}ul{padding:0;list-style:none}' +
  'li{margin:.6rem 0}a{color:#ffd27a;font-size:1.25rem;word-break:break-all}.small{opacity:.85;font-size:.95rem}';
const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
export const WRONG_NAME_CSP = [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** `::ffff:10.0.0.2` as the IPv4 address; IPv6 in brackets, as a URL holds it. */
const urlHost = (address: string): string => {
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').replace(/%.*$/, '');
  return isIPv6(plain) ? `[${plain}]` : plain;
};

export interface WrongNameContext {
  readonly port: number;
  /** The LAN addresses the host is reachable on (may be empty: a host for this machine only). */
  readonly addresses: readonly string[];
}

/** The addresses to offer: the one the request came in on first (it reaches this host from that guest), then the others. */
export function addressesFor(req: Pick<IncomingMessage, 'socket'>, context: WrongNameContext): string[] {
  const arrived = req.socket.localAddress;
  const list = [...(arrived && arrived !== '0.0.0.0' && arrived !== '::' ? [arrived] : []), ...context.addresses].map(urlHost);
  return [...new Set(list)];
}

/** The page's HTML for a request (its path and query kept in the links: a table's join link stays one). */
export function wrongNamePage(req: Pick<IncomingMessage, 'headers' | 'url' | 'socket'>, context: WrongNameContext): string {
  const lang = pageLanguage(req.headers['accept-language']);
  const words = WORDS[lang];
  const asked = (req.headers.host ?? '').slice(0, 200);
  const path = req.url?.startsWith('/') && !req.url.startsWith('//') ? req.url : '/';
  const links = addressesFor(req, context).map((host) => {
    const href = `http://${host}:${context.port}${path}`;
    return `<li><a data-address href="${escapeHtml(href)}">${escapeHtml(`http://${host}:${context.port}/`)}</a></li>`;
  });
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(words.title)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.refused).replace('{name}', `<strong>${escapeHtml(asked)}</strong>`)}</p>
<p class="small">${escapeHtml(words.why)}</p>
${links.length > 0 ? `<p>${escapeHtml(words.use)}</p>\n<ul data-testid="addresses">${links.join('')}</ul>` : `<p>${escapeHtml(words.none)}</p>`}
<p class="small">${escapeHtml(words.bookmark)}</p>
</main><script>${SCRIPT}</script></body></html>
`;
}
