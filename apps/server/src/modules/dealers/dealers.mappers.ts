import type { Dealer } from '../../generated/graphql.js';

/** What resolvers hand to GraphQL for a dealer (graphql-codegen `mappers`): everything but its users, read only when asked. */
export type DealerModel = Omit<Dealer, 'usuarios'>;
