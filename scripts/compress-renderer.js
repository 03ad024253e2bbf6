// Precompresses the built renderer (out/renderer): a .gz and a .br beside every text file, so
// the host serves them by content negotiation without compressing at request time (sirv picks
// brotli, then gzip, from the request's Accept-Encoding). Runs after `electron-vite build`.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|map)$/;

/**
 * Writes `file.gz` and `file.br` for each text file under `dir`; returns the files compressed.
 * @param {string} dir
 * @returns {string[]}
 */
export function compressDir(dir) {
  const done = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    done.push(file);
  }
  return done;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../out/renderer', import.meta.url));
  console.log(`chronicle: precompressed ${compressDir(dir).length} renderer files (gzip, brotli)`);
}
