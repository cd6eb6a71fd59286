import { type ASTVisitor, BREAK, type DocumentNode, GraphQLError, type ValidationContext, visit } from 'graphql';

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

const holdsInvalidText = (value: unknown): boolean => {
  if (typeof value === 'string') return isInvalidText(value);
  if (Array.isArray(value)) return value.some(holdsInvalidText);
  if (value && typeof value === 'object') return Object.values(value).some(holdsInvalidText);
  return false;
};

/**
 * The argument or variable whose text is invalid (NUL, lone surrogate), or null. Checked before
 * execution so that such text is the caller's BAD_USER_INPUT, never a database error.
 */
export function argumentWithInvalidText(document: DocumentNode, variables: unknown): string | null {
  for (const [name, value] of Object.entries((variables ?? {}) as Record<string, unknown>)) {
    if (holdsInvalidText(value)) return name;
  }
  let found: string | null = null;
  visit(document, {
    Argument(node) {
      if (found) return BREAK;
      let invalid = false;
      visit(node.value, {
        StringValue(s) {
          if (isInvalidText(s.value)) {
            invalid = true;
            return BREAK;
          }
        },
      });
      if (invalid) found = node.name.value;
    },
  });
  return found;
}
