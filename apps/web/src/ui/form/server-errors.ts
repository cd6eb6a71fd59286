import { ApolloError } from '@apollo/client';

/**
 * The per-field i18n keys of a BAD_USER_INPUT answer (`extensions.fields`, set by the server's
 * `badInput()`), or an empty object for any other failure.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApolloError)) return {};
  const fields = error.graphQLErrors[0]?.extensions?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
