import { isAllowed, LOCALE_BY_IDIOMA } from '@portal/domain';
import { t } from '@portal/i18n';
import { logRouteDenial } from '../../platform/http/denials.js';
import type { RouteContext } from '../../platform/module.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { cachedPortalProperties, portalLabels } from '../portal/portal.queries.js';
import type { AuditFieldChange } from './audit.diff.js';
import { type AuditFilter, auditForExport } from './audit.queries.js';

const COLUMNS = ['data', 'usuario', 'entidade', 'entidadeId', 'acao', 'diferencas'];

/** The search's filter from the query string: the same names as the `buscaAuditoria` query's arguments. */
function filterOf(query: Record<string, string | undefined>): AuditFilter {
  return {
    entidade: query.entidade || null,
    entidadeId: query.entidadeId || null,
    acao: query.acao || null,
    busca: query.busca || null,
    dataInicio: query.dataInicio || null,
    dataFim: query.dataFim || null,
  };
}

/** A translation when the catalogue has the key, else the raw name (a field the catalogue does not name). */
function known(locale: Parameters<typeof t>[0], key: string, raw: string, params?: Record<string, string>): string {
  const text = t(locale, key, params);
  return text === key ? raw : text;
}

/**
 * REST route of the audit: `GET /api/auditoria.xlsx?entidade=&entidadeId=&acao=&busca=&dataInicio=&dataFim=`,
 * every row the audit search shows (one entity's history, or a search), newest first, streamed as .xlsx: when,
 * who, what, and the difference (one line per field: before → after, secrets hidden). TECSINAPSE only, as the
 * screen: 401 signed out, 403 otherwise, 400 for a bad filter.
 */
export function registerAuditRoutes({ app, services, authenticate }: RouteContext) {
  app.get('/api/auditoria.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) {
      logRouteDenial(request, 'UNAUTHENTICATED', null);
      return reply.code(401).send({ error: 'UNAUTHENTICATED' });
    }
    if (!isAllowed(auth.user, { types: ['TECSINAPSE'] })) {
      logRouteDenial(request, 'FORBIDDEN', auth.user.id);
      return reply.code(403).send({ error: 'FORBIDDEN' });
    }
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];
    const texts = { yes: t(locale, 'audit.yes'), no: t(locale, 'audit.no') };
    const rows = auditForExport(services.db, filterOf(request.query as Record<string, string | undefined>), texts);
    // The first batch is read before the answer starts, so a bad filter is still a 400.
    let first: Awaited<ReturnType<typeof rows.next>>;
    try {
      first = await rows.next();
    } catch (err) {
      if ((err as { code?: string }).code === 'BAD_USER_INPUT')
        return reply.code(400).send({ error: 'BAD_USER_INPUT' });
      throw err;
    }
    const labels = portalLabels(await cachedPortalProperties(services.cache, services.db), locale);
    const empty = t(locale, 'audit.empty');
    const change = (d: AuditFieldChange) => {
      const field = d.campo
        .split('.')
        .map((part) => known(locale, `audit.campo.${part}`, part, labels))
        .join(' › ');
      if (d.secreto) return `${field}: ${t(locale, 'audit.secret')}`;
      return `${field}: ${d.antes ?? empty} → ${d.depois ?? empty}`;
    };
    async function* all() {
      if (first.done) return;
      yield first.value;
      yield* rows;
    }
    async function* cells() {
      for await (const a of all())
        yield [
          a.data,
          a.usuario ? `${a.usuario.nome} <${a.usuario.email}>` : t(locale, 'audit.system'),
          known(locale, `audit.entidade.${a.entidade}`, a.entidade, labels),
          a.entidadeId,
          known(locale, `audit.acao.${a.acao}`, a.acao),
          a.diferencas.map(change).join('\n'),
        ];
    }
    const name = t(locale, 'audit.fileName');
    await sendXlsx(reply, {
      fileName: name,
      sheetName: name.slice(0, 31),
      header: COLUMNS.map((k) => t(locale, `audit.column.${k}`)),
      rows: cells(),
    });
  });
}
