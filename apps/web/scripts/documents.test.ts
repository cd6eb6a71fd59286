import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readDocuments, validateDocuments } from './documents';

const web = path.dirname(fileURLToPath(new URL('../package.json', import.meta.url)));
const schema = buildSchema(fs.readFileSync(path.join(web, '../server/schema.graphql'), 'utf8'));
const file = (location: string, text: string) => ({ location, document: parse(text) });

describe('web GraphQL documents', () => {
  it('all validate against the committed schema', () => {
    const documents = readDocuments(path.join(web, 'src'), web);
    expect(documents.length).toBeGreaterThan(0);
    expect(validateDocuments(schema, documents)).toEqual([]);
  });

  it('a field the schema lacks is an error', () => {
    const errors = validateDocuments(schema, [file('a.graphql', 'query A { usuarioLogado { naoExiste } }')]);
    expect(errors.join()).toContain('Cannot query field "naoExiste" on type "UsuarioLogado"');
  });

  it('an operation name used in two files is an error (queries are refetched by name)', () => {
    const errors = validateDocuments(schema, [
      file('a.graphql', 'query Mesmo { countNotificacoesNaoLidas }'),
      file('b.graphql', 'query Mesmo { countNotificacoesNaoLidas }'),
    ]);
    expect(errors.join()).toContain('There can be only one operation named "Mesmo"');
  });
});
