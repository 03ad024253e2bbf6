// The first step of `npm start` and `npm test`: on a Node older than package.json's "engines"
// asks, say so in one line, naming the version needed and how to get it, and stop; otherwise a
// newcomer meets timeouts or syntax errors that never mention the Node version. Written for
// any Node old enough to be the wrong one (no newer syntax or APIs).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The lowest version a ">=X.Y[.Z]" range allows, as numbers.
 * @param {string} range
 * @returns {number[]}
 */
function lowest(range) {
  const match = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!match) throw new Error(`package.json "engines.node" is ${JSON.stringify(range)}; scripts/check-node.js reads only ">=X.Y.Z"`);
  return (match[1] ?? '').split('.').map(Number);
}

/**
 * Why this Node cannot run Chronicle, in one line, or null when it can.
 * @param {string} version this Node's version, e.g. "20.20.2"
 * @param {string} range package.json "engines.node", e.g. ">=22.13"
 * @param {string} nvmrc the major version .nvmrc names, e.g. "22"
 * @param {string} execPath where this Node is
 * @returns {string | null}
 */
export function nodeProblem(version, range, nvmrc, execPath) {
  const want = lowest(range);
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const a = have[i] ?? 0;
    const b = want[i] ?? 0;
    if (a > b) return null;
    if (a < b) {
      return `Chronicle needs Node ${want.join('.')} or newer and this is Node ${have.join('.')} (${execPath}): run \`nvm install && nvm use\` in this folder (.nvmrc names Node ${nvmrc}) or install Node ${nvmrc} from https://nodejs.org, then run the command again.`;
    }
  }
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const nvmrc = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
  const problem = nodeProblem(process.versions.node, pkg.engines.node, nvmrc, process.execPath);
  if (problem) {
    console.error(problem);
    process.exitCode = 1;
  }
}
