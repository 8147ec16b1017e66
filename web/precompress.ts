import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt']);
/** Below this a compressed copy saves less than its own request headers weigh. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the build, at the highest levels
 * (too slow per request, free once at build time). The edge picks one by Accept-Encoding
 * (services/edge/src/staticFiles.ts); nginx's gzip_static and Caddy's `precompressed` read the same
 * files. A copy that would not be smaller is not written.
 */
export const precompress = (): Plugin => ({
  name: 'feibao-precompress',
  apply: 'build',
  writeBundle: async (options, bundle) => {
    const dir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.has(path.extname(name)));
    await Promise.all(
      files.map(async (name) => {
        const file = path.join(dir, name);
        const content = await readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      }),
    );
  },
});
