import fs from 'node:fs';
import path from 'node:path';
import { type DocumentNode, type GraphQLSchema, Kind, parse, Source, specifiedRules, validate } from 'graphql';

export type DocumentFile = { location: string; document: DocumentNode };

/** Every `.graphql` file under `dir`, parsed; `location` is relative to `base`. */
export function readDocuments(dir: string, base: string): DocumentFile[] {
  return walk(dir, '.graphql')
    .sort()
    .map((file) => ({
      location: path.relative(base, file),
      document: parse(new Source(fs.readFileSync(file, 'utf8'), path.relative(base, file))),
    }));
}

/**
 * The documents' errors against the schema, as `file:line:column message`. All files are validated as
 * one document with every graphql-js rule, so an operation or fragment name is unique across the web
 * (the screens refetch queries by name) and an unused fragment or variable is an error too.
 */
export function validateDocuments(schema: GraphQLSchema, files: DocumentFile[]): string[] {
  const all: DocumentNode = { kind: Kind.DOCUMENT, definitions: files.flatMap((f) => f.document.definitions) };
  return validate(schema, all, specifiedRules).map((error) => {
    const [at] = error.locations ?? [];
    return `${error.source?.name ?? ''}:${at?.line}:${at?.column} ${error.message}`;
  });
}

export function walk(dir: string, suffix: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(file, suffix);
    return entry.name.endsWith(suffix) ? [file] : [];
  });
}
