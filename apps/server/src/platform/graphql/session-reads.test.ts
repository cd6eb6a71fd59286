import { describe, expect, it } from 'vitest';
import type { PortalModule } from '../module.js';
import { preloaded, sessionReadKey } from './context.js';
import { sessionReadsOf } from './session-reads.js';

const modules = [
  { name: 'a', sessionReads: { contagem: (refs: { user: string }) => `(SELECT 1 WHERE ${refs.user} IS NOT NULL)` } },
  {
    name: 'b',
    sessionReads: {
      alfa: () => '2',
      // A read with an argument and the business clock's now; none for a limit out of range.
      ultimos: (refs: { now: string }, args: Record<string, unknown>) =>
        typeof args.limite === 'number' && args.limite <= 10
          ? `(SELECT ${args.limite} WHERE ${refs.now} < now())`
          : null,
    },
  },
  { name: 'c' },
] as unknown as PortalModule[];

describe('sessionReadsOf: the reads folded into the session statement', () => {
  const readsOf = sessionReadsOf(modules, 1000);
  const keys = (body: unknown) => readsOf(body).map((r) => r.key);

  it("a query's root fields that modules read with the user, in key order, the user's id through the session's row", () => {
    expect(keys({ query: '{ usuarioLogado { id } contagem alfa }' })).toEqual(['alfa', 'contagem']);
    expect(readsOf({ query: '{ contagem }' })[0]).toEqual({
      key: 'contagem',
      sql: '(SELECT 1 WHERE session_row.usuario_id IS NOT NULL)',
      usesNow: false,
    });
    expect(keys({ query: 'query Shell { n: contagem }' })).toEqual(['contagem']);
    expect(keys({ query: '{ usuarioLogado { id } }' })).toEqual([]);
  });

  it("a field's arguments, literal or variable, name its read; the clock's now is the statement's $2", () => {
    const [read] = readsOf({ query: 'query H($n: Int) { ultimos(limite: $n) }', variables: { n: 5 } });
    expect(read).toEqual({
      key: 'ultimos([["limite",5]])',
      sql: '(SELECT 5 WHERE $2::timestamptz < now())',
      usesNow: true,
    });
    expect(keys({ query: '{ a: ultimos(limite: 3) b: ultimos(limite: 4) }' })).toEqual([
      'ultimos([["limite",3]])',
      'ultimos([["limite",4]])',
    ]);
    // The resolver finds it under its own arguments.
    expect(read.key).toBe(sessionReadKey('ultimos', { limite: 5 }));
    const ctx = { preloaded: new Map([[read.key, 'five']]) } as never;
    expect(preloaded(ctx, 'ultimos', { limite: 5 })).toBe('five');
    expect(preloaded(ctx, 'ultimos', { limite: 6 })).toBeUndefined();
    // Out of range, or a variable not given: not read with the session (the resolver reads, or refuses).
    expect(keys({ query: '{ ultimos(limite: 11) }' })).toEqual([]);
    expect(keys({ query: 'query H($n: Int) { ultimos(limite: $n) }' })).toEqual([]);
  });

  it("a batch of queries: every query's reads, once each", () => {
    const batch = [
      { query: '{ contagem }' },
      { query: 'query H($n: Int) { ultimos(limite: $n) }', variables: { n: 5 }, operationName: 'H' },
      { query: '{ contagem alfa }' },
    ];
    expect(keys(batch)).toEqual(['alfa', 'contagem', 'ultimos([["limite",5]])']);
  });

  it('none for a mutation (alone or in a batch), a bad document, or an operation not chosen', () => {
    expect(keys({ query: 'mutation { contagem }' })).toEqual([]);
    expect(keys([{ query: '{ contagem }' }, { query: 'mutation { alfa }' }])).toEqual([]);
    expect(keys({ query: '{ contagem ' })).toEqual([]);
    expect(keys([{ query: '{ contagem }' }, 'x'])).toEqual([]);
    expect(keys({ query: 'query A { contagem } mutation B { alfa }' })).toEqual([]);
    expect(keys({ query: 'query A { contagem } mutation B { alfa }', operationName: 'A' })).toEqual(['contagem']);
    expect(keys({ query: 'query A { contagem } mutation B { alfa }', operationName: 'B' })).toEqual([]);
    expect(keys(undefined)).toEqual([]);
  });
});
