import type { ApolloClient, DocumentNode, WatchQueryFetchPolicy } from '@apollo/client';
import { useState } from 'react';

/** A query a screen runs as it first renders, with the exact variables it uses (so the cache answers it). */
export type FirstQuery = { query: DocumentNode; variables?: Record<string, unknown> };

const started = new Set<DocumentNode>();

/**
 * Starts the first data of the page being opened (the frame's and its screen's) before React renders anything, in one
 * batched request: otherwise the frame asks once its providers have rendered, and the screen only once the frame's
 * answer has come back and the screen has rendered (two round trips and two renders in line before the first card;
 * docs/benchmarks.md, "Lighthouse"). Failures are left to the components that ask again and show them.
 */
export function startFirstData(client: ApolloClient<object>, queries: readonly FirstQuery[]): void {
  for (const { query, variables } of queries) {
    started.add(query);
    client.query({ query, variables, fetchPolicy: 'network-only' }).catch(() => {});
  }
}

/**
 * The fetch policy of a screen's query on its first render: `cache-first` once when its data was started with the
 * page (startFirstData: the answer is in the cache or on its way, so it is not asked twice), else `policy` (e.g.
 * `cache-and-network`, so that coming back to a screen refreshes it).
 */
export function useFirstDataPolicy(query: DocumentNode, policy: WatchQueryFetchPolicy): WatchQueryFetchPolicy {
  const [first] = useState(() => (started.delete(query) ? 'cache-first' : policy));
  return first;
}
