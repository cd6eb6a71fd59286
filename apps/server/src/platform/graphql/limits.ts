import {
  type ASTVisitor,
  BREAK,
  type DocumentNode,
  GraphQLError,
  Kind,
  type ValidationContext,
  type ValueNode,
  visit,
} from 'graphql';

const tooComplex = () => new GraphQLError('error.queryTooComplex', { extensions: { code: 'QUERY_TOO_COMPLEX' } });

/** Rejects documents with more than `max` aliased fields (alias-based amplification). */
export function aliasLimitRule(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias && ++aliases === max + 1) context.reportError(tooComplex());
      },
    };
  };
}

/**
 * A simple cost model checked before any resolver runs: every field costs 1 times the product of
 * the list fields above it, each list assumed to hold ten items. Fragments count once.
 */
export function costLimitRule(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    let cost = 0;
    const multipliers = [1];
    return {
      Field: {
        enter() {
          const current = multipliers[multipliers.length - 1];
          cost += current;
          const type = context.getType();
          // '[Menu!]!' and '[Menu]' are lists; compared as text to stay independent of graphql's realm.
          multipliers.push(type && String(type).startsWith('[') ? current * 10 : current);
        },
        leave() {
          multipliers.pop();
        },
      },
      Document: {
        leave() {
          if (cost > max) context.reportError(tooComplex());
        },
      },
    };
  };
}

/** Half of a surrogate pair: not text (no UTF-8 form). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** NUL or a lone surrogate: text PostgreSQL cannot store and no user types. */
const isInvalidText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** The name of the innermost field (or `key` itself) whose string holds invalid text, or null. */
const invalidTextIn = (value: unknown, key: string): string | null => {
  if (typeof value === 'string') return isInvalidText(value) ? key : null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v) => [key, v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [k, v] of entries) {
    const found = invalidTextIn(v, k);
    if (found) return found;
  }
  return null;
};

/** The same for a literal in the document (`criarNovaPasta(novaPasta: { nome: "…" })`). */
const invalidTextInLiteral = (node: ValueNode, key: string): string | null => {
  if (node.kind === Kind.STRING) return isInvalidText(node.value) ? key : null;
  const entries: [string, ValueNode][] =
    node.kind === Kind.LIST
      ? node.values.map((v) => [key, v])
      : node.kind === Kind.OBJECT
        ? node.fields.map((f) => [f.name.value, f.value])
        : [];
  for (const [k, v] of entries) {
    const found = invalidTextInLiteral(v, k);
    if (found) return found;
  }
  return null;
};

/**
 * The field (argument, variable or input field) whose text is invalid (NUL, lone surrogate), or
 * null. Checked before execution so that such text is the caller's BAD_USER_INPUT on that field,
 * never a database error.
 */
export function fieldWithInvalidText(document: DocumentNode, variables: unknown): string | null {
  for (const [name, value] of Object.entries((variables ?? {}) as Record<string, unknown>)) {
    const found = invalidTextIn(value, name);
    if (found) return found;
  }
  let found = literalsChecked.get(document);
  if (found === undefined) {
    found = null;
    visit(document, {
      Argument(node) {
        found = invalidTextInLiteral(node.value, node.name.value);
        if (found) return BREAK;
      },
    });
    literalsChecked.set(document, found);
  }
  return found;
}

/**
 * The answer of a document's literals, by document: mercurius keeps one parsed document per query text, so the
 * shell's is walked once, not on every request (a walk was about 2 % of the shell benchmark's server time).
 */
const literalsChecked = new WeakMap<DocumentNode, string | null>();
