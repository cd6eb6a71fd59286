import { type FieldNode, Kind, type OperationDefinitionNode, parse, valueFromASTUntyped } from 'graphql';
import { SESSION_READ_NOW, SESSION_READ_USER, type SessionRead } from '../auth/session.js';
import type { PortalModule, SessionReadSql } from '../module.js';
import { sessionReadKey } from './context.js';

/** Distinct documents (and reads) remembered; past this the memory starts over (clients send a handful). */
const REMEMBERED = 500;

const NONE: readonly SessionRead[] = [];

/** A root field of a query that a module reads with the user, as the document asks for it. */
type Asked = { field: string; sql: SessionReadSql; node: FieldNode };

/**
 * Which of the modules' session reads (PortalModule.sessionReads) a GraphQL request's body asks for: the root fields
 * of its query, or of every query of a batch, each with its arguments (variables taken from the request). None when
 * the request holds a mutation (it may change what would be read before it runs) or a document that does not parse.
 * Each document is parsed here once.
 */
export function sessionReadsOf(modules: PortalModule[], maxTokens: number): (body: unknown) => readonly SessionRead[] {
  const texts = new Map<string, SessionReadSql>();
  for (const module of modules)
    for (const [field, sql] of Object.entries(module.sessionReads ?? {})) texts.set(field, sql);
  const byDocument = new Map<string, readonly Asked[] | null>();
  const byKey = new Map<string, SessionRead | null>();

  /** The fields of the chosen operation that modules read with the user; null for a mutation or a bad document. */
  const askedIn = (query: string, operationName: string | undefined): readonly Asked[] | null => {
    let operations: OperationDefinitionNode[];
    try {
      operations = parse(query, { maxTokens }).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    } catch {
      return null;
    }
    const operation = operationName
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
    if (operation?.operation !== 'query') return null;
    return operation.selectionSet.selections.flatMap((node) => {
      const sql = node.kind === Kind.FIELD ? texts.get(node.name.value) : undefined;
      return sql && node.kind === Kind.FIELD ? [{ field: node.name.value, sql, node }] : [];
    });
  };

  const readOf = (asked: Asked, variables: Record<string, unknown>): SessionRead | null => {
    const args: Record<string, unknown> = {};
    for (const arg of asked.node.arguments ?? []) args[arg.name.value] = valueFromASTUntyped(arg.value, variables);
    const key = sessionReadKey(asked.field, args);
    let read = byKey.get(key);
    if (read === undefined) {
      const text = asked.sql({ user: SESSION_READ_USER, now: SESSION_READ_NOW }, args);
      read = text === null ? null : { key, sql: text, usesNow: text.includes(SESSION_READ_NOW) };
      if (byKey.size >= REMEMBERED) byKey.clear();
      byKey.set(key, read);
    }
    return read;
  };

  /** The reads of one operation of the body; null when the whole request must read nothing. */
  const readsOfOperation = (operation: unknown): SessionRead[] | null => {
    if (!operation || typeof operation !== 'object') return null;
    const { query, operationName, variables } = operation as Record<string, unknown>;
    if (typeof query !== 'string') return null;
    const name = typeof operationName === 'string' ? operationName : undefined;
    const documentKey = name ? `${name}\n${query}` : query;
    let asked = byDocument.get(documentKey);
    if (asked === undefined) {
      asked = askedIn(query, name);
      if (byDocument.size >= REMEMBERED) byDocument.clear();
      byDocument.set(documentKey, asked);
    }
    if (asked === null) return null;
    const given = variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {};
    return asked.flatMap((a) => readOf(a, given) ?? []);
  };

  return (body) => {
    if (!texts.size) return NONE;
    const found = new Map<string, SessionRead>();
    for (const operation of Array.isArray(body) ? body : [body]) {
      const reads = readsOfOperation(operation);
      if (reads === null) return NONE;
      for (const read of reads) found.set(read.key, read);
    }
    // In the keys' order, so that one set of reads is always one statement.
    return found.size ? [...found.values()].sort((a, b) => a.key.localeCompare(b.key)) : NONE;
  };
}
