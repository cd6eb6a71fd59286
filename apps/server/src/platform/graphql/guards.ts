import { type Guard, isAllowed } from '@portal/domain';
import { GraphQLError, type GraphQLFieldResolver } from 'graphql';
import { forbidden, unauthenticated } from '../errors.js';
import type { GraphQLContext } from './context.js';

/**
 * Who may call an operation (docs/domains/permissions.md#every-operation-declares-its-guard). 'public':
 * anyone; 'authenticated': any signed-in user (the service still filters what they see); a Guard: the
 * guard rule on keys and types (docs/domains/permissions.md#the-guard-rule).
 */
export type OperationGuard = 'public' | 'authenticated' | Guard;

/** Each module exports its guards beside its resolvers: { Query: { op: guard }, Mutation: {...} }. */
export type ModuleGuards = { Query?: Record<string, OperationGuard>; Mutation?: Record<string, OperationGuard> };

/** Throws UNAUTHENTICATED / FORBIDDEN when the context's user may not run an operation. */
export function checkGuard(guard: OperationGuard, ctx: GraphQLContext): void {
  if (guard === 'public') return;
  if (!ctx.user) throw unauthenticated();
  if (guard === 'authenticated') return;
  if (!isAllowed({ tipo: ctx.user.tipo, chaves: ctx.user.chaves }, guard)) throw forbidden();
}

type ResolverMap = Record<string, Record<string, unknown>>;

/**
 * Wraps every root resolver with its declared guard. An operation without a guard refuses to start
 * the server, so nothing unguarded can slip in.
 */
export function applyGuards(resolvers: ResolverMap, guards: ModuleGuards): ResolverMap {
  const out: ResolverMap = { ...resolvers };
  for (const root of ['Query', 'Mutation'] as const) {
    const fields = resolvers[root] ?? {};
    out[root] = {};
    for (const [name, resolver] of Object.entries(fields)) {
      const guard = guards[root]?.[name];
      if (!guard) throw new GraphQLError(`${root}.${name} has no guard declared`);
      const fn = resolver as GraphQLFieldResolver<unknown, GraphQLContext>;
      out[root][name] = (parent: unknown, args: unknown, ctx: GraphQLContext, info: never) => {
        checkGuard(guard, ctx);
        return fn(parent, args as never, ctx, info);
      };
    }
  }
  return out;
}

/** Renders a guard for the operation -> guard listing (reviewed as a permission change). */
export function describeGuard(guard: OperationGuard): string {
  if (typeof guard === 'string') return guard;
  const parts = [];
  if (guard.keys?.length) parts.push(`keys: ${guard.keys.join(' | ')}`);
  if (guard.types?.length) parts.push(`types: ${guard.types.join(' | ')}`);
  return parts.join('; ');
}
