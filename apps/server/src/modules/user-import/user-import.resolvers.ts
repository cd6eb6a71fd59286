import { type Locale, t } from '@portal/i18n';
import type { ImportStatus, Resolvers } from '../../generated/graphql.js';
import { actionContext } from '../../platform/actions.js';
import { requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { type ImportRow, importsOf, progressOf } from './user-import.queries.js';
import { importarSimulacao, USER_IMPORT_GUARD } from './user-import.service.js';

export const guards: ModuleGuards = {
  Query: { importStatus: USER_IMPORT_GUARD },
  Mutation: { importarSimulacao: USER_IMPORT_GUARD },
};

/** An import row as the API shows it (SPEC §3 Import status). */
export function toImportStatus(row: ImportRow, locale: Locale): ImportStatus {
  return {
    id: row.id,
    fileName: row.nomeArquivo,
    total: row.total,
    done: row.linhasProcessadas,
    progress: progressOf(row),
    status: row.status,
    simulacao: row.simulacao,
    criados: row.criados,
    atualizados: row.atualizados,
    semAlteracao: row.semAlteracao,
    rejeitadas: row.rejeitadas,
    erro: row.erro,
    erroMensagem: row.erro ? t(locale, row.erro, row.erroParams ?? {}) : null,
    createdDateTime: row.createdAt,
    finishedDateTime: row.finishedAt,
  };
}

export const resolvers: Resolvers = {
  Query: {
    importStatus: async (_, __, ctx) =>
      (await importsOf(ctx.services.db, requireUser(ctx).id)).map((row) => toImportStatus(row, ctx.locale)),
  },
  Mutation: {
    importarSimulacao: async (_, { id }, ctx) =>
      toImportStatus(await importarSimulacao(actionContext(ctx), { id }), ctx.locale),
  },
};
