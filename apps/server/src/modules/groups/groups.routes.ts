import { isAllowed, LOCALE_BY_IDIOMA } from '@portal/domain';
import { t } from '@portal/i18n';
import { logRouteDenial } from '../../platform/http/denials.js';
import type { RouteContext } from '../../platform/module.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { cachedPortalProperties, portalLabels } from '../portal/portal.queries.js';
import { allDealerGroups } from './groups.queries.js';

/**
 * `GET /api/grupos.xlsx?busca=&active=&ordenacao=`: the dealer groups the list's filter shows, in its
 * order, streamed as .xlsx (`sendXlsx`: formula-like cells neutralised), with the list's guard
 * (`PORTAL_MANUTENCAO_DEALERS_GRUPO`). A bad `ordenacao` is 400.
 */
export function registerGroupRoutes({ app, services, authenticate }: RouteContext) {
  app.get('/api/grupos.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) {
      logRouteDenial(request, 'UNAUTHENTICATED', null);
      return reply.code(401).send({ error: 'UNAUTHENTICATED' });
    }
    if (!isAllowed(auth.user, { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] })) {
      logRouteDenial(request, 'FORBIDDEN', auth.user.id);
      return reply.code(403).send({ error: 'FORBIDDEN' });
    }
    const query = request.query as { busca?: string; active?: string; ordenacao?: string };
    const active = query.active === 'true' ? true : query.active === 'false' ? false : null;
    let rows: Awaited<ReturnType<typeof allDealerGroups>>;
    try {
      rows = await allDealerGroups(services.db, { busca: query.busca, active, ordenacao: query.ordenacao });
    } catch (error) {
      if ((error as { code?: string }).code === 'BAD_USER_INPUT')
        return reply.code(400).send({ error: 'BAD_USER_INPUT' });
      throw error;
    }
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];
    // The customer's words for groups and dealers name the file, the sheet and the column.
    const labels = portalLabels(await cachedPortalProperties(services.cache, services.db), locale);
    await sendXlsx(reply, {
      fileName: t(locale, 'dealerGroupsApi.file', labels),
      sheetName: t(locale, 'dealerGroupsApi.sheet', labels),
      header: ['name', 'dealers', 'status'].map((k) => t(locale, `dealerGroupsApi.column.${k}`, labels)),
      rows: rows.map((row) => [
        row.nome,
        row.dealers,
        t(locale, row.active ? 'dealerGroupsApi.active' : 'dealerGroupsApi.inactive'),
      ]),
    });
  });
}
