import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at maximum
 * compression, so the server sends them as they are (`@fastify/static`'s `preCompressed`) instead of
 * sending JavaScript uncompressed or compressing it on every request.
 */
export function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const bytes = await readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
