import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text the browser fetches. Images and fonts are compressed in their own formats. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this the headers outweigh the gain, and @fastify/static sends such files as they are anyway. */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside every compressible file of the web app's
 * build, once, when the build is written. The server sends them as they are (@fastify/static's preCompressed), so a
 * request costs no compression and gets the smallest form the browser accepts (issue 34: 1.13 MB went uncompressed
 * to a staff sign-in). A file whose compressed form is not smaller keeps none, so the server sends the original.
 * The work goes through zlib's thread pool, all files at once: about 2 s for the whole build on two cores.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'labcode-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(files.map(async (file) => {
        const content = await fs.readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzip(content, { level: 9 }),
        ]);
        if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
        if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
      }));
    },
  };
}
