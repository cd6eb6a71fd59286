import { isAllowed, LOCALE_BY_IDIOMA, neutraliseSpreadsheetCell } from '@portal/domain';
import { t } from '@portal/i18n';
import ExcelJS from 'exceljs';
import { logRouteDenial } from '../../platform/http/denials.js';
import type { RouteContext } from '../../platform/module.js';
import { allDealerGroups } from './groups.queries.js';

/**
 * `GET /api/grupos.xlsx?busca=&active=&ordenacao=`: the dealer groups the list's filter shows, in its
 * order, streamed as .xlsx (same guard as the list, `PORTAL_MANUTENCAO_DEALERS_GRUPO`). Cells that
 * start with = + - @ are neutralised (formula injection).
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
      if ((error as { code?: string }).code === 'BAD_USER_INPUT') {
        return reply.code(400).send({ error: 'BAD_USER_INPUT' });
      }
      throw error;
    }
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];

    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="grupos.xlsx"; filename*=UTF-8''${encodeURIComponent(
        `${t(locale, 'dealerGroupsApi.file')}.xlsx`,
      )}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: reply.raw, useStyles: false });
    const sheet = workbook.addWorksheet(t(locale, 'dealerGroupsApi.sheet'));
    sheet.addRow(['name', 'dealers', 'status'].map((k) => t(locale, `dealerGroupsApi.column.${k}`))).commit();
    for (const row of rows) {
      sheet
        .addRow([
          neutraliseSpreadsheetCell(row.nome),
          row.dealers,
          t(locale, row.active ? 'dealerGroupsApi.active' : 'dealerGroupsApi.inactive'),
        ])
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  });
}
