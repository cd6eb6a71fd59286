/**
 * The modules' batched field loaders (`PortalModule.loaders`), turned into plain resolvers that batch per request.
 *
 * A loader takes every `{ obj, params }` of one field asked in the same tick of one request and answers them in
 * order, with one query. mercurius' own loaders key each of those by `JSON` of the whole parent row (sorted keys,
 * deep): a communication's row carries its message in every language, so /home's five deliveries cost more in keys
 * than in SQL. Here a query is keyed by the parent object itself (the same row asked twice in one request is asked
 * once) and by its arguments' JSON, which is small.
 */
import type { GraphQLContext } from './context.js';

export type LoaderQuery = { obj: unknown; params: unknown };
type Loader = (queries: LoaderQuery[], ctx: GraphQLContext) => Promise<unknown[]>;
type Pending = { query: LoaderQuery; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** Per request context and field: the answers given (by parent object, then arguments) and the batch being filled. */
type FieldState = { answers: WeakMap<object, Map<string, Promise<unknown>>>; batch: Pending[] | null };

export function loaderResolvers(
  loaders: Record<string, Record<string, Loader>>,
): Record<string, Record<string, (obj: unknown, params: unknown, ctx: GraphQLContext) => Promise<unknown>>> {
  const states = new WeakMap<GraphQLContext, Map<string, FieldState>>();
  const resolvers: ReturnType<typeof loaderResolvers> = {};
  for (const [type, fields] of Object.entries(loaders)) {
    resolvers[type] = {};
    for (const [field, loader] of Object.entries(fields)) {
      const name = `${type}.${field}`;
      resolvers[type][field] = (obj, params, ctx) => {
        const byField = getOrAdd(states, ctx, () => new Map<string, FieldState>());
        const state = getOrAdd(byField, name, (): FieldState => ({ answers: new WeakMap(), batch: null }));
        const byParams = getOrAdd(state.answers, obj as object, () => new Map<string, Promise<unknown>>());
        const key = params && Object.keys(params).length ? JSON.stringify(params) : '';
        const known = byParams.get(key);
        if (known) return known;
        const answer = new Promise<unknown>((resolve, reject) => {
          if (!state.batch) {
            const batch: Pending[] = [];
            state.batch = batch;
            // Every parent of this field in this tick joins the batch (as mercurius' single-user-cache does).
            process.nextTick(() => {
              state.batch = null;
              run(loader, batch, ctx);
            });
          }
          state.batch.push({ query: { obj, params }, resolve, reject });
        });
        byParams.set(key, answer);
        return answer;
      };
    }
  }
  return resolvers;
}

/** The value of `key` in `map`, added by `make` when missing. */
function getOrAdd<K extends object | string, V>(
  map: { get(k: K): V | undefined; set(k: K, v: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

async function run(loader: Loader, batch: Pending[], ctx: GraphQLContext): Promise<void> {
  try {
    const results = await loader(
      batch.map((p) => p.query),
      ctx,
    );
    batch.forEach((p, i) => {
      p.resolve(results[i]);
    });
  } catch (err) {
    for (const p of batch) p.reject(err);
  }
}
