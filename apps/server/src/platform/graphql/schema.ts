import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, GraphQLScalarType, Kind, lexicographicSortSchema, printSchema } from 'graphql';
import { applyGuards, type ModuleGuards, type OperationGuard } from './guards.js';
import { graphqlModules } from './modules.js';

const srcDir = fileURLToPath(new URL('../../', import.meta.url));

/** The SDL of the whole API: base types plus every `modules/<domain>/<domain>.graphql`. */
export function loadTypeDefs(): string {
  const base = fs.readFileSync(path.join(srcDir, 'platform/graphql/base.graphql'), 'utf8');
  const modulesDir = path.join(srcDir, 'modules');
  const files = fs
    .readdirSync(modulesDir)
    .sort()
    .flatMap((dir) => {
      const file = path.join(modulesDir, dir, `${dir}.graphql`);
      return fs.existsSync(file) ? [fs.readFileSync(file, 'utf8')] : [];
    });
  return [base, ...files].join('\n');
}

/** The printed SDL committed at apps/server/schema.graphql (CI fails when it drifts). */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(buildSchema(loadTypeDefs())));
}

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  description: 'ISO 8601 date-time',
  serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()),
  parseValue: (v) => new Date(String(v)),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? new Date(ast.value) : null),
});

/** All guards, merged, for the operation -> guard listing. */
export function allGuards(): ModuleGuards {
  const merged: Required<ModuleGuards> = { Query: { ping: 'public' }, Mutation: { noop: 'public' } };
  for (const m of graphqlModules) {
    Object.assign(merged.Query, m.guards.Query);
    Object.assign(merged.Mutation, m.guards.Mutation);
  }
  return merged;
}

/** Merges every module's resolvers, each root field wrapped with its guard. */
export function buildResolvers(): Record<string, any> {
  const merged: Record<string, Record<string, unknown>> = {
    Query: { ping: () => 'pong' },
    Mutation: { noop: () => null },
  };
  for (const m of graphqlModules) {
    for (const [type, fields] of Object.entries(m.resolvers)) merged[type] = { ...merged[type], ...fields };
  }
  return { ...applyGuards(merged, allGuards()), DateTime };
}

export type { OperationGuard };
