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
 * Options npm read as its own: without `--`, `npm start --lan` never reaches us (npm 11 expands
 * `--lan` into its `-l -a -n` shorthands: npm_config_long and npm_config_all are set; a config
 * npm does not know is passed on as npm_config_<name>), and `npm start --port 7425` leaves npm
 * with port=true and us with a lone "7425". Quietly serving this computer only on the default
 * port would not be what was asked, so this says how to write it. Null when nothing was taken.
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} args
 * @returns {string | null}
 */
export function npmTookOptions(env, args) {
  const lan = env['npm_config_lan'] !== undefined || (env['npm_config_long'] === 'true' && env['npm_config_all'] === 'true');
  const port = env['npm_config_port'];
  if (!lan && port === undefined) return null;
  const value = port === undefined ? null : port === 'true' ? (args.find((a) => /^\d+$/.test(a)) ?? 'N') : port;
  const meant = [...(lan ? ['--lan'] : []), ...(value === null ? [] : ['--port', value])].join(' ');
  return `npm kept ${meant} for itself (its own options come before "--"); write: npm start -- ${meant}`;
}

/**
 * @param {{ port: number | null, lan: boolean }} options
 * @returns {string[]}
 */
export function hostArgs({ port, lan }) {
  return ['host', ...(lan ? ['--host', '0.0.0.0'] : ['--host', '127.0.0.1', '--no-mdns', '--no-qr']), ...(port === null ? [] : ['--port', String(port)])];
}
