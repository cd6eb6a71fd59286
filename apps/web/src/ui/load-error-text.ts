import { ApolloError } from '@apollo/client';
import { errorText } from './toast';

/**
 * What a failed load says: the API's translated message of a GraphQL error, else the screen's own
 * load-error text when given, else the generic error text.
 */
export function loadErrorText(error: unknown, t: (key: string) => string, fallback?: string): string {
  if (error instanceof ApolloError && error.graphQLErrors[0]) return error.graphQLErrors[0].message;
  return fallback ?? errorText(error, t);
}
