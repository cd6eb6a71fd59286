import { t } from '@portal/i18n';
import type { Resolvers } from '../../generated/graphql.js';
import { limitArg, pageArgs } from '../../platform/actions.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import type { DiffTexts } from './audit.diff.js';
import { type AuditFilter, auditTrail, latestEmails, searchAudit } from './audit.queries.js';

/** The audit trail is for TECSINAPSE users only (SPEC §6: TECSINAPSE alone reaches /auditoria). */
export const guards: ModuleGuards = {
  Query: {
    auditoria: { types: ['TECSINAPSE'] },
    buscaAuditoria: { types: ['TECSINAPSE'] },
    emailsEnviados: { keys: ['PORTAL_ADMINISTRATIVO_TECSINAPSE'] },
  },
};

/** The words of a difference's values in the reader's language. */
export const diffTexts = (locale: GraphQLContext['locale']): DiffTexts => ({
  yes: t(locale, 'audit.yes'),
  no: t(locale, 'audit.no'),
});

type PageArgs = { page: number; rowsPerPage: number };

export const resolvers: Resolvers = {
  Query: {
    auditoria: (_: unknown, args: { entidade: string; entidadeId: string } & PageArgs, ctx: GraphQLContext) => {
      const page = pageArgs(args, { max: 100, default: 10 });
      return auditTrail(
        ctx.services.db,
        { entidade: args.entidade, entidadeId: args.entidadeId, ...page },
        diffTexts(ctx.locale),
      );
    },
    buscaAuditoria: (_: unknown, args: AuditFilter & PageArgs, ctx: GraphQLContext) => {
      const page = pageArgs(args, { max: 100, default: 10 });
      return searchAudit(ctx.services.db, args, page, diffTexts(ctx.locale));
    },
    emailsEnviados: (_: unknown, args: { limit: number }, ctx: GraphQLContext) => {
      return latestEmails(ctx.services.db, limitArg(args.limit, 'limit', { max: 200, default: 50 }));
    },
  },
};
