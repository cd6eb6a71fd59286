import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** The service worker's source: plain JavaScript, copied as it is under the two constants this plugin writes. */
const SOURCE = new URL('../sw/sw-portal.js', import.meta.url);

/**
 * Assets not precached: the PDF viewer's pdf.js and its worker (about 1.5 MB, decision 0037) are fetched when a PDF is
 * first opened, then kept by the worker's cache-first rule for `/assets/`, so a phone's first visit does not pay them.
 */
const ON_DEMAND = /pdf/i;

/**
 * Emits `/sw-portal.js` (decision 0035) with the list of files to precache written in: `/` (the built index.html)
 * and every file of this build under `assets/` except source maps and the on-demand ones. `BUILD` is a hash of that list, so a new build
 * gives the worker new bytes (the browser installs it) and a new cache name (the old one is dropped on activate).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'portal-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map') && !ON_DEMAND.test(name))
        .sort()
        .map((name) => `/${name}`);
      const precache = ['/', '/favicon.svg', ...assets];
      const source = await readFile(SOURCE, 'utf8');
      const build = createHash('sha256').update(precache.join('\n')).update(source).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw-portal.js',
        source: `const PRECACHE = ${JSON.stringify(precache, null, 2)};\nconst BUILD = '${build}';\n\n${source}`,
      });
    },
  };
}
