import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { recordFigure } from './results.js';

/**
 * The JavaScript a browser loads first for /home (docs/benchmarks.md#the-budget: under 250 KB gzipped; KB = 1000 bytes,
 * as Vite reports): the entry chunk, the /home screen chunk, and every chunk they import statically, from the
 * production build's manifest. Lazy imports (other screens, panels opened later) are not counted. Run after
 * `npm run build -w apps/web`: `npm run bench:web -w bench`.
 */
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
type Chunk = { file: string; name?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const HOME_SCREEN = 'src/features/home/HomePage.tsx';
/**
 * The /home screen's chunk: keyed by its source, or, when Rollup put into it modules its own lazy parts share (the
 * slide banner's image helpers) so it is no facade of HomePage.tsx, by its name as a dynamic entry ('_HomePage-….js').
 */
const homeKey = manifest[HOME_SCREEN]
  ? HOME_SCREEN
  : Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === 'HomePage');
const roots = [...Object.keys(manifest).filter((k) => manifest[k].isEntry), homeKey ?? HOME_SCREEN];
const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) visit(next);
};
for (const root of roots) visit(root);
if (!homeKey || !seen.has(homeKey)) throw new Error(`${HOME_SCREEN} is not in the build manifest`);

const rows = [...seen].map((key) => {
  const bytes = readFileSync(path.join(dist, manifest[key].file));
  return { file: manifest[key].file, kb: bytes.length / 1000, gzipKb: gzipSync(bytes).length / 1000 };
});
rows.sort((a, b) => b.gzipKb - a.gzipKb);
const total = rows.reduce((sum, r) => sum + r.gzipKb, 0);
for (const r of rows)
  console.log(`${r.file.padEnd(48)} ${r.kb.toFixed(2).padStart(9)} KB  gzip ${r.gzipKb.toFixed(2).padStart(7)} KB`);
console.log(`/home initial JavaScript: ${total.toFixed(2)} KB gzipped (budget 250 KB)`);
recordFigure({
  figure: 'web: first JavaScript of /home, gzipped',
  budget: '< 250 KB',
  backend: '-',
  value: Math.round(total * 100) / 100,
  unit: 'KB',
  met: total <= 250,
});
if (total > 250) process.exitCode = 1;
