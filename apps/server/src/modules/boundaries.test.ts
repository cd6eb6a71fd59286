import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A module owns its tables (docs/ARCHITECTURE.md#module-boundaries): others read them through the
// owner's exported queries or SQL fragments and write them through its actions. `biome.json` refuses
// imports of another module's `*.tables` files; this test refuses raw SQL that names another
// module's table, which no import rule can see.

const modulesDir = path.dirname(new URL(import.meta.url).pathname);
const moduleNames = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const filesOf = (name: string) =>
  fs
    .readdirSync(path.join(modulesDir, name))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(modulesDir, name, f));

/** table name -> owning module, from each module's `*.tables.ts` (`pgTable('name', …)`). */
const owners = new Map<string, string>();
for (const name of moduleNames) {
  for (const file of filesOf(name).filter((f) => f.endsWith('.tables.ts'))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/pgTable\(\s*['"]([a-z_0-9]+)['"]/g)) owners.set(m[1], name);
  }
}

/** SQL keywords after which a table name follows (upper case, as the code writes SQL). */
const TABLE_AFTER = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_][a-z_0-9]*)/g;

function violations(): string[] {
  const found: string[] = [];
  for (const name of moduleNames) {
    for (const file of filesOf(name).filter((f) => !f.endsWith('.tables.ts') && !f.endsWith('.test.ts'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(TABLE_AFTER)) {
        const owner = owners.get(m[1]);
        if (owner && owner !== name) {
          const line = text.slice(0, m.index).split('\n').length;
          found.push(`${path.relative(modulesDir, file)}:${line} names ${m[1]} (owned by ${owner})`);
        }
      }
    }
  }
  return found;
}

describe('module boundaries', () => {
  it('knows the tables of every module', () => {
    expect(owners.get('usuario')).toBe('users');
    expect(owners.size).toBeGreaterThan(20);
  });

  it("no module's SQL names another module's table", () => {
    expect(violations()).toEqual([]);
  });
});
