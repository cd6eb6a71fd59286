import { isAllowed, LOCALE_BY_IDIOMA } from '@portal/domain';
import { t } from '@portal/i18n';
import { logRouteDenial } from '../../platform/http/denials.js';
import type { RouteContext } from '../../platform/module.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { cachedPortalProperties, portalLabels } from '../portal/portal.queries.js';
import { type DealerFilter, type DealerRow, dealersForExport } from './dealers.list.js';

const COLUMNS = [
  'nomeExibicao',
  'nome',
  'cnpj',
  'codigoPrincipal',
  'codigosAdicionais',
  'grupo',
  'marcas',
  'cidade',
  'uf',
  'active',
];

/** The list's filter from the query string: the same names as the `dealers` query's arguments. */
function filterOf(query: Record<string, string | undefined>): DealerFilter {
  const active = query.active === 'true' ? true : query.active === 'false' ? false : null;
  return {
    busca: query.busca || null,
    active,
    grupoId: query.grupoId || null,
    marcaId: query.marcaId || null,
    uf: query.uf || null,
    ordenacao: query.ordenacao || null,
  };
}

/**
 * REST route of dealers: `GET /api/dealers.xlsx?busca=&active=&grupoId=&marcaId=&uf=&ordenacao=`, every
 * dealer the list's filter shows, in its order, streamed as .xlsx (`sendXlsx` neutralises formula-like
 * cells). Same guard as the list (PORTAL_MANUTENCAO_DEALERS_GRUPO): 401 signed out, 403 without it, 400
 * for a bad filter. The file and sheet are named with the customer's label for dealers.
 */
export function registerDealerRoutes({ app, services, authenticate }: RouteContext) {
  app.get('/api/dealers.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) {
      logRouteDenial(request, 'UNAUTHENTICATED', null);
      return reply.code(401).send({ error: 'UNAUTHENTICATED' });
    }
    if (!isAllowed(auth.user, { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] })) {
      logRouteDenial(request, 'FORBIDDEN', auth.user.id);
      return reply.code(403).send({ error: 'FORBIDDEN' });
    }
    const filter = filterOf(request.query as Record<string, string | undefined>);
    const rows = dealersForExport(services.db, filter);
    // The first batch is read before the answer starts, so a bad filter is still a 400.
    let first: IteratorResult<DealerRow>;
    try {
      first = await rows.next();
    } catch (err) {
      if ((err as { code?: string }).code === 'BAD_USER_INPUT')
        return reply.code(400).send({ error: 'BAD_USER_INPUT' });
      throw err;
    }
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];
    const props = await cachedPortalProperties(services.cache, services.db);
    const labels = portalLabels(props, locale);
    const label = labels.labelDealers;
    const yes = t(locale, 'dealersApi.active');
    const no = t(locale, 'dealersApi.inactive');
    async function* all() {
      if (first.done) return;
      yield first.value;
      yield* rows;
    }
    async function* cells() {
      for await (const d of all())
        yield [
          d.nome_exibicao,
          d.nome,
          d.cnpj,
          d.codigo_principal,
          d.codigos_adicionais.join(', '),
          d.grupo_nome,
          d.marcas.map((m) => m.descricao).join(', '),
          d.cidade,
          d.uf,
          d.active ? yes : no,
        ];
    }
    await sendXlsx(reply, {
      fileName: label,
      sheetName: label.slice(0, 31),
      header: COLUMNS.map((k) => t(locale, `dealersApi.column.${k}`, labels)),
      rows: cells(),
    });
  });
}
