import { describe, expect, it } from 'vitest';
import type { GraphQLContext } from '../src/platform/graphql/context.js';
import { type LoaderQuery, loaderResolvers } from '../src/platform/graphql/loaders.js';

/** A loader that records each batch it is given and answers each parent's name with its arguments. */
function recording() {
  const batches: LoaderQuery[][] = [];
  const resolvers = loaderResolvers({
    Item: {
      async label(queries: LoaderQuery[]) {
        batches.push(queries);
        return queries.map((q) => `${(q.obj as { nome: string }).nome}${JSON.stringify(q.params ?? {})}`);
      },
      async broken() {
        throw new Error('the query failed');
      },
    },
  });
  return { batches, label: resolvers.Item.label, broken: resolvers.Item.broken };
}

const context = () => ({}) as GraphQLContext;

describe('batched field loaders (platform/graphql/loaders.ts)', () => {
  it('answers every parent asked in one tick of a request with one batch, in order', async () => {
    const { batches, label } = recording();
    const ctx = context();
    const rows = [{ nome: 'a' }, { nome: 'b' }, { nome: 'c' }];
    expect(await Promise.all(rows.map((r) => label(r, {}, ctx)))).toEqual(['a{}', 'b{}', 'c{}']);
    expect(batches).toHaveLength(1);
    expect(batches[0].map((q) => q.obj)).toEqual(rows);
  });

  it('asks a parent once per request and arguments, and never shares answers between requests', async () => {
    const { batches, label } = recording();
    const row = { nome: 'a' };
    const first = context();
    const [x, y, z] = await Promise.all([
      label(row, {}, first),
      label(row, {}, first),
      label(row, { idioma: 'es' }, first),
    ]);
    expect([x, y, z]).toEqual(['a{}', 'a{}', 'a{"idioma":"es"}']);
    expect(batches.flat()).toHaveLength(2);
    // Later in the same request: the answer is kept. Another request asks again.
    expect(await label(row, {}, first)).toBe('a{}');
    expect(batches.flat()).toHaveLength(2);
    expect(await label(row, {}, context())).toBe('a{}');
    expect(batches.flat()).toHaveLength(3);
  });

  it('rejects every parent of a batch whose query fails', async () => {
    const { broken } = recording();
    const ctx = context();
    const answers = await Promise.allSettled([broken({ nome: 'a' }, {}, ctx), broken({ nome: 'b' }, {}, ctx)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  });
});
