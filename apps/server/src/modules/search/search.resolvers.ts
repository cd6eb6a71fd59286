import type { Resolvers } from '../../generated/graphql.js';
import { limitArg } from '../../platform/actions.js';
import { badInput } from '../../platform/errors.js';
import { requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { SEARCH_KINDS, searchEverything } from './search.sections.js';

/** Shorter texts find nothing (every name would match); longer ones are refused. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 200;

// Any signed-in user searches; each kind checks the keys of its own screen (search.sections.ts).
export const guards: ModuleGuards = { Query: { buscaGlobal: 'authenticated' } };

export const resolvers: Resolvers = {
  Query: {
    buscaGlobal: async (_, { texto, tipos, limite }, ctx) => {
      const user = requireUser(ctx);
      const text = texto.trim();
      if (text.length > SEARCH_MAX_CHARS) throw badInput({ texto: 'validation.invalid' });
      const limit = limitArg(limite, 'limite', { max: 20, default: 5 });
      if (text.length < SEARCH_MIN_CHARS) return [];
      return searchEverything(
        { services: ctx.services, user, locale: ctx.locale, text, limit },
        tipos?.length ? tipos : SEARCH_KINDS,
      );
    },
  },
};
