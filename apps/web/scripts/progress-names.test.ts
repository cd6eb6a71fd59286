import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * MUI's progress bars carry role="progressbar", which needs an accessible name (axe's `aria-progressbar-name`).
 * They show only while something loads, so the journeys' axe checks see them by chance (the header search's bar
 * failed one run in ten). Every one in the web's source is checked here instead: it is named (`aria-label`,
 * `aria-labelledby`) or hidden (`aria-hidden`, e.g. a spinner inside a button that has its own name).
 */
const PROGRESS = new Set(['LinearProgress', 'CircularProgress']);
const NAMED = new Set(['aria-label', 'aria-labelledby', 'aria-hidden']);

function unnamedProgressBars(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && PROGRESS.has(node.tagName.getText())) {
      const names = node.attributes.properties.map((p) => (ts.isJsxAttribute(p) ? p.name.getText() : '...'));
      if (!names.some((n) => NAMED.has(n) || n === '...')) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${fileName}:${line + 1} <${node.tagName.getText()}>`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const src = fileURLToPath(new URL('../src', import.meta.url));
const tsxFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(full);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [full] : [];
  });

describe('progress bars', () => {
  it('every one in the web is named or hidden from assistive technology', () => {
    const files = tsxFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => unnamedProgressBars(path.relative(src, f), fs.readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('an unnamed bar is found, a named, hidden or spread one is not', () => {
    const text = `const a = <Box>
      <LinearProgress sx={{ height: 2 }} />
      <LinearProgress aria-label={t('x')} />
      <CircularProgress size={16} aria-hidden />
      <CircularProgress {...props} />
    </Box>;`;
    expect(unnamedProgressBars('a.tsx', text)).toEqual(['a.tsx:2 <LinearProgress>']);
  });
});
