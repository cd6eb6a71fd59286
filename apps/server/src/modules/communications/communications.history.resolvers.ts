import { IDIOMAS, type Idioma, originalIdioma } from '@portal/domain';
import { t } from '@portal/i18n';
import type { Resolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import { changesSinceRejection, type HistoryRow, historiesOf } from './communications.history.js';
import type { ComunicadoRow } from './communications.queries.js';

// The history, the approver's difference and the language versions of a communication (decisions 0041, 0042).

type Batch<T> = { obj: T; params: unknown }[];

/** Whether the signed-in user created or approves the communication (who may manage it sees its history). */
const manages = (c: ComunicadoRow, ctx: GraphQLContext) =>
  c.criador_id === ctx.user?.id || c.aprovador_id === ctx.user?.id;

const known = (idioma: string): idioma is Idioma => (IDIOMAS as readonly string[]).includes(idioma);
const detail = <T>(h: HistoryRow, key: string) => (h.detalhes?.[key] ?? null) as T | null;

export const historyResolvers: Resolvers = {
  Comunicado: {
    idioma: (c) => originalIdioma(c),
    traducoes: (c) => (c.traducoes ?? []).filter((tr) => known(tr.idioma)),
  },
  EventoHistoricoComunicado: {
    descricao: (h, _, ctx) => t(ctx.locale, `communicationsHistory.event.${h.evento}`),
    data: (h) => new Date(h.data),
    usuario: (h) => (h.ator_id ? { id: h.ator_id, nome: h.ator_nome ?? '', email: h.ator_email ?? '' } : null),
    dataHoraAgendamento: (h) => {
      const when = detail<string>(h, 'dataHoraAgendamento');
      return when ? new Date(when) : null;
    },
    destinatarios: (h) => detail<number>(h, 'destinatarios'),
    idErrata: (h) => detail<string>(h, 'idErrata'),
  },
};

/** Batched loaders: one history query per request; the difference per communication asked (the view asks one). */
export const historyLoaders = {
  Comunicado: {
    async historico(queries: Batch<ComunicadoRow>, ctx: GraphQLContext) {
      const ids = queries.filter((q) => manages(q.obj, ctx)).map((q) => q.obj.id);
      const rows = await historiesOf(ctx.services.db, ids);
      return queries.map((q) => rows.filter((r) => r.comunicado_id === q.obj.id));
    },
    async alteracoesDesdeRejeicao(queries: Batch<ComunicadoRow>, ctx: GraphQLContext) {
      return Promise.all(
        queries.map((q) => (manages(q.obj, ctx) ? changesSinceRejection(ctx.services.db, q.obj) : null)),
      );
    },
  },
};

/**
 * The communication as a recipient reads it (decision 0042): title and message of the reader's language when the
 * author wrote that version, else the original's. Used where a delivery gives its communication.
 */
export function readBy<C extends ComunicadoRow | null>(c: C, idioma: Idioma | undefined): C {
  if (!c || !idioma) return c;
  const own = (c.traducoes ?? []).find((tr) => tr.idioma === idioma);
  if (!own || idioma === originalIdioma(c)) return c;
  return { ...c, titulo: own.titulo, mensagem: own.mensagem };
}
