import { describe, expect, it } from 'vitest';
import type { PortalModule } from '../module.js';
import { sessionReadsOf } from './session-reads.js';

const modules = [
  { name: 'a', sessionReads: { contagem: (user: string) => `(SELECT 1 WHERE ${user} IS NOT NULL)` } },
  { name: 'b', sessionReads: { alfa: () => '2' } },
  { name: 'c' },
] as PortalModule[];

describe('sessionReadsOf: the reads folded into the session statement', () => {
  const readsOf = sessionReadsOf(modules, 1000);
  const fields = (body: unknown) => readsOf(body).map((r) => r.field);

  it("a query's root fields that modules read with the user, in field order, the user as u.id", () => {
    expect(fields({ query: '{ usuarioLogado { id } contagem alfa }' })).toEqual(['alfa', 'contagem']);
    expect(readsOf({ query: '{ contagem }' })[0].sql).toBe('(SELECT 1 WHERE u.id IS NOT NULL)');
    expect(fields({ query: 'query Shell { n: contagem }' })).toEqual(['contagem']);
    expect(fields({ query: '{ usuarioLogado { id } }' })).toEqual([]);
  });

  it('none for a mutation, a batch, a bad document, or an operation not chosen', () => {
    expect(fields({ query: 'mutation { contagem }' })).toEqual([]);
    expect(fields([{ query: '{ contagem }' }])).toEqual([]);
    expect(fields({ query: '{ contagem ' })).toEqual([]);
    expect(fields({ query: 'query A { contagem } mutation B { alfa }' })).toEqual([]);
    expect(fields({ query: 'query A { contagem } mutation B { alfa }', operationName: 'A' })).toEqual(['contagem']);
    expect(fields({ query: 'query A { contagem } mutation B { alfa }', operationName: 'B' })).toEqual([]);
    expect(fields(undefined)).toEqual([]);
  });
});
