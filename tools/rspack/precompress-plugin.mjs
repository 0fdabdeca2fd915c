// Writes a .br and a .gz beside every text asset of a production build, so
// the server sends compressed files without compressing on each request
// (@fastify/static `preCompressed`, or nginx `brotli_static`/`gzip_static`).
// remotes.json is left alone: operators edit it in place (README), and a
// stale compressed twin would win over their edit.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;
const EDITED_IN_PLACE = new Set(['remotes.json']);
/** Below this, compression saves less than a network packet. */
const MIN_BYTES = 1024;

export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path;
      const names = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => COMPRESSIBLE.test(name) && !EDITED_IN_PLACE.has(path.basename(name)));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outputPath, name);
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    });
  }
}
