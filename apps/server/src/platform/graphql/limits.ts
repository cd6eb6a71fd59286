import { type ASTVisitor, GraphQLError, type ValidationContext } from 'graphql';

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
