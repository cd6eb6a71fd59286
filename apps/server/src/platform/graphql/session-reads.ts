import { Kind, type OperationDefinitionNode, parse } from 'graphql';
import type { SessionRead } from '../auth/session.js';
import type { PortalModule } from '../module.js';

/** Distinct documents remembered; past this the memory starts over (clients send a handful of documents). */
const REMEMBERED_DOCUMENTS = 500;

const NONE: readonly SessionRead[] = [];

/**
 * Which of the modules' session reads (PortalModule.sessionReads) a GraphQL request's body asks for: the root fields
 * of its one query. None for a mutation (it may change what would be read before it runs), a batch or a document that
 * does not parse. Each document is parsed here once.
 */
export function sessionReadsOf(modules: PortalModule[], maxTokens: number): (body: unknown) => readonly SessionRead[] {
  const reads = new Map<string, SessionRead>();
  for (const module of modules)
    for (const [field, text] of Object.entries(module.sessionReads ?? {}))
      reads.set(field, { field, sql: text('u.id') });
  const byDocument = new Map<string, readonly SessionRead[]>();

  const readsOfDocument = (query: string, operationName: string | undefined): readonly SessionRead[] => {
    let operations: OperationDefinitionNode[];
    try {
      operations = parse(query, { maxTokens }).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    } catch {
      return NONE;
    }
    const operation = operationName
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
    if (operation?.operation !== 'query') return NONE;
    const asked = new Set(
      operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])),
    );
    // In the fields' order, so that one set of reads is always one statement.
    return [...reads.values()].filter((r) => asked.has(r.field)).sort((a, b) => a.field.localeCompare(b.field));
  };

  return (body) => {
    if (!reads.size || !body || typeof body !== 'object' || Array.isArray(body)) return NONE;
    const { query, operationName } = body as { query?: unknown; operationName?: unknown };
    if (typeof query !== 'string') return NONE;
    const name = typeof operationName === 'string' ? operationName : undefined;
    const key = name ? `${name}\n${query}` : query;
    let found = byDocument.get(key);
    if (!found) {
      found = readsOfDocument(query, name);
      if (byDocument.size >= REMEMBERED_DOCUMENTS) byDocument.clear();
      byDocument.set(key, found);
    }
    return found;
  };
}
