import type { Resolvers } from '../../generated/graphql.js';
import { actionContext } from '../../platform/actions.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import {
  type PushSubscriptionInput,
  publicPushKey,
  subscribePush,
  unsubscribePush,
} from './notifications.push.service.js';

/** Web push: any signed-in user subscribes and unsubscribes their own browsers. */
export const pushGuards: ModuleGuards = {
  Query: { chavePublicaPush: 'authenticated' },
  Mutation: { gerarPushSubscription: 'authenticated', removerPushSubscription: 'authenticated' },
};

export const pushResolvers: Resolvers = {
  Query: {
    chavePublicaPush: (_: unknown, __: unknown, ctx: GraphQLContext) => publicPushKey(ctx.services),
  },
  Mutation: {
    gerarPushSubscription: (_: unknown, args: { input: PushSubscriptionInput }, ctx: GraphQLContext) =>
      subscribePush(actionContext(ctx), args.input),
    removerPushSubscription: (_: unknown, args: { endpoint: string }, ctx: GraphQLContext) =>
      unsubscribePush(actionContext(ctx), { endpoint: args.endpoint }),
  },
};
