import fs from 'node:fs';
import path from 'node:path';

/**
 * The catalogue sections the first JavaScript needs (docs/benchmarks.md#the-budget): those named by a string literal
 * ('shell.openMenu', `library.kind.${kind}`) in the files the app loads before any screen but /home, found by
 * following the imports from `roots`. The router's lazy screens are not followed (each waits for the whole catalogue,
 * `loadFullCatalogue`); every other import, static or lazy (a panel of the header), is. `always` are added whatever
 * the scan finds (texts the frame takes from the domain package, which is not followed).
 */
export function initialSections(options: {
  src: string;
  roots: readonly string[];
  /** Files whose dynamic imports are screens, not followed. */
  screenLists: readonly string[];
  sections: readonly string[];
  always: readonly string[];
}): string[] {
  const known = new Set(options.sections);
  const found = new Set(options.always);
  const seen = new Set<string>();
  const queue = options.roots.map((r) => path.join(options.src, r));
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z$]/g))
      if (known.has(m[1] as string)) found.add(m[1] as string);
    const screenList = options.screenLists.some((s) => path.join(options.src, s) === file);
    const imports = [
      ...text.matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g),
      ...text.matchAll(/\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g),
      ...(screenList ? [] : text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)),
    ];
    for (const m of imports) {
      const resolved = resolve(path.dirname(file), m[1] as string);
      if (resolved) queue.push(resolved);
    }
  }
  return options.sections.filter((s) => found.has(s));
}

function resolve(dir: string, spec: string): string | null {
  const base = path.join(dir, spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}
