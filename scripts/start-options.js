// `npm start -- [--port N] [--lan]`: what the command line asks for, and the `chronicle host`
// arguments that serve it where Electron cannot run. Like the desktop app, the host listens on
// this computer only (127.0.0.1, no mDNS) unless --lan opens it to the network.
import { parseArgs } from 'node:util';

export const START_USAGE = `usage: npm start -- [--port N] [--lan]
  --port N   the port to serve on (default 7420; 0 picks a free one)
  --lan      serve the whole network and advertise the tables over mDNS (default: this computer only)
`;

/**
 * @param {string[]} args
 * @returns {{ port: number | null, lan: boolean, help: boolean }}
 */
export function startOptions(args) {
  const { values } = parseArgs({ args, options: { port: { type: 'string' }, lan: { type: 'boolean' }, help: { type: 'boolean' } }, strict: true });
  let port = null;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d{1,5}$/.test(values.port) || port > 65535) throw new Error('--port must be a whole number from 0 to 65535');
  }
  return { port, lan: values.lan === true, help: values.help === true };
}

/**
 * @param {{ port: number | null, lan: boolean }} options
 * @returns {string[]}
 */
export function hostArgs({ port, lan }) {
  return ['host', ...(lan ? ['--host', '0.0.0.0'] : ['--host', '127.0.0.1', '--no-mdns', '--no-qr']), ...(port === null ? [] : ['--port', String(port)])];
}
