// The Content Security Policy of every page the host serves, sent as a response header (a
// header also covers what a <meta> tag cannot: frame-ancestors). No remote or inline scripts,
// no inline styles either: Svelte's component styles are built into the CSS file, and the
// `style:` directives set properties through the CSSOM, which CSP does not restrict (checked in
// Chromium over the lobby and a game table: tests/e2e/csp.spec.ts). connect-src 'self': a page
// only ever talks to the host that served it (a table on another host opens that host's page).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  // The web app manifest (Add to Home Screen), from this host only.
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
