import { ApolloClient, type ApolloError, ApolloLink, from, InMemoryCache } from '@apollo/client';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { onError } from '@apollo/client/link/error';
import type { GraphQLFormattedError } from 'graphql';
import { reportApiReachable } from './offline/network-status';

const hasUnauthenticated = (errors: readonly GraphQLFormattedError[] | undefined) =>
  Boolean(errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED'));

/** Whether an operation failed because the session is missing or expired (a redirect is under way). */
export function isUnauthenticated(error: ApolloError | undefined): boolean {
  return Boolean(error && hasUnauthenticated(error.graphQLErrors));
}

/** The API's translated message for a failed operation; `fallback` when it never answered (network). */
export function apiErrorMessage(error: ApolloError, fallback: string): string {
  return error.graphQLErrors[0]?.message ?? fallback;
}

/**
 * The API client: same-origin cookie session, and any UNAUTHENTICATED answer sends the browser to
 * sign in (the server brings it back to the same page afterwards). Operations started in the same task (a screen's
 * cards as it mounts: /home's four) go as one batched request (an array body; at most 10, the server's limit), each
 * still answered, cached and failing on its own. Whether the API answered at all feeds the offline banner.
 */
export function createApolloClient(onUnauthenticated: () => void) {
  const errorLink = onError(({ graphQLErrors, networkError }) => {
    // Non-2xx answers (e.g. 400 for a rejected document) carry their errors in the network error.
    const result = networkError && 'result' in networkError ? networkError.result : undefined;
    const bodyErrors = typeof result === 'object' ? (result.errors as GraphQLFormattedError[] | undefined) : undefined;
    const status = networkError && 'statusCode' in networkError ? networkError.statusCode : undefined;
    if (hasUnauthenticated(graphQLErrors) || hasUnauthenticated(bodyErrors) || status === 401) onUnauthenticated();
    // No HTTP status at all: the request never reached the server (offline banner).
    if (networkError && status === undefined) reportApiReachable(false);
  });
  const reachable = new ApolloLink((operation, forward) =>
    forward(operation).map((result) => {
      reportApiReachable(true);
      return result;
    }),
  );
  return new ApolloClient({
    link: from([
      errorLink,
      reachable,
      new BatchHttpLink({ uri: '/api/graphql', credentials: 'same-origin', batchInterval: 0, batchMax: 10 }),
    ]),
    cache: new InMemoryCache(),
    // Under Vitest the devtools' 10 s timer outlived the test file's window (an uncaught ReferenceError).
    devtools: { enabled: import.meta.env.DEV && !import.meta.env.VITEST },
  });
}
