import type { ApolloError } from '@apollo/client';

/** Whether the API answered NOT_FOUND (a communication the user may not see answers the same). */
export const isNotFound = (error: ApolloError | undefined) =>
  Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND'));
