import fs from 'node:fs';
import { buildSchema, GraphQLScalarType, Kind, lexicographicSortSchema, printSchema } from 'graphql';
import type { PortalModule } from '../module.js';
import { applyGuards, type ModuleGuards, type OperationGuard } from './guards.js';
import { loaderResolvers } from './loaders.js';

const base = new URL('./base.graphql', import.meta.url);

/** The SDL of the whole API: base types plus every module's SDL files. */
export function loadTypeDefs(modules: PortalModule[]): string {
  return [base, ...modules.flatMap((m) => (m.sdl ? [m.sdl].flat() : []))]
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
}

/** The printed SDL committed at apps/server/schema.graphql (CI fails when it drifts). */
export function printedSchema(modules: PortalModule[]): string {
  return printSchema(lexicographicSortSchema(buildSchema(loadTypeDefs(modules))));
}

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  description: 'ISO 8601 date-time',
  serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()),
  parseValue: (v) => new Date(String(v)),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? new Date(ast.value) : null),
});

/** All guards, merged, for the operation -> guard listing. */
export function allGuards(modules: PortalModule[]): ModuleGuards {
  const merged: Required<ModuleGuards> = { Query: { ping: 'public' }, Mutation: { noop: 'public' } };
  for (const m of modules) {
    Object.assign(merged.Query, m.guards?.Query);
    Object.assign(merged.Mutation, m.guards?.Mutation);
  }
  return merged;
}

/** Merges every module's resolvers and loaders (as resolvers that batch per request), each root field guarded. */
export function buildResolvers(modules: PortalModule[]): Record<string, any> {
  const merged: Record<string, Record<string, unknown>> = {
    Query: { ping: () => 'pong' },
    Mutation: { noop: () => null },
  };
  const batched = loaderResolvers(mergeLoaders(modules));
  for (const [type, fields] of [
    ...modules.flatMap((m) => Object.entries(m.resolvers ?? {})),
    ...Object.entries(batched),
  ])
    merged[type] = { ...merged[type], ...fields };
  return { ...applyGuards(merged, allGuards(modules)), DateTime };
}

/** Every module's loaders, merged by type. */
function mergeLoaders(modules: PortalModule[]): Record<string, Record<string, any>> {
  const merged: Record<string, Record<string, any>> = {};
  for (const m of modules) {
    for (const [type, fields] of Object.entries(m.loaders ?? {})) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
}

export type { OperationGuard };
