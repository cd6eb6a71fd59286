import { BUSINESS_TIME_ZONE, businessDay, type PortalLabelKey } from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import { cursorRows } from '../../platform/db.js';
import type { Services } from '../../platform/services.js';
import type { XlsxSheet, XlsxWorkbook } from '../../platform/xlsx.js';
import { usersByIds } from '../users/users.queries.js';
import { painelOf } from './communications.dashboard.js';
import {
  audienceNames,
  type ComunicadoRow,
  type LeituraRow,
  leiturasInOrderSql,
  streamLeituras,
} from './communications.queries.js';

/** The longest part of a communication's title kept in the report's file name. */
const FILE_TITLE_MAX = 80;
const PERCENT = '0.0%';

/**
 * The reads report of a sent communication, ready for Excel (issue 17 point 7;
 * docs/domains/communications.md#dashboard): a first sheet with the communication (title, sender, approver, send
 * date, audience, totals), the recipients streamed by name (read, read at, received at as date cells), and one
 * sheet per breakdown the dashboard shows (by dealer, dealer group, brand and user group, in the customer's words).
 * Named after the communication and the business day.
 */
export async function readsWorkbook(
  services: Services,
  c: ComunicadoRow,
  locale: Locale,
  labels: Record<PortalLabelKey, string>,
): Promise<XlsxWorkbook> {
  const db = services.db;
  const tr = (key: string, params: Record<string, string> = {}) =>
    t(locale, `communicationsApi.${key}`, { ...labels, ...params });
  // The dashboard's counters: the figures the author saw, without counting the deliveries again.
  const [slices, audience, people] = await Promise.all([
    painelOf(db, c.id),
    audienceNames(db, c.id),
    usersByIds(db, [c.criador_id, ...(c.aprovador_id ? [c.aprovador_id] : [])]),
  ]);
  const nameOf = (id: string | null) => people.find((u) => u.id === id)?.nome ?? '';
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const totals = { entregues: slices.entregues, lidos: slices.lidos };
  const rate = (read: number, of: number) => (of ? read / of : 0);
  const sentAt = c.envio_date_time ? new Date(c.envio_date_time) : null;

  const summary: XlsxSheet = {
    name: tr('summarySheet'),
    header: [tr('summary.field'), tr('summary.value')],
    widths: [28, 60],
    rows: [
      [tr('summary.title'), c.titulo],
      [tr('summary.sender'), nameOf(c.criador_id)],
      [tr('summary.approver'), nameOf(c.aprovador_id)],
      [tr('summary.sentAt'), sentAt],
      [tr('summary.userGroups'), audience.gruposUsuarios.join(', ')],
      [tr('summary.dealerGroups'), audience.grupos.join(', ')],
      [tr('summary.emails'), c.emails_avulsos.join(', ')],
      [tr('summary.delivered'), totals.entregues],
      [tr('summary.read'), totals.lidos],
      [tr('summary.unread'), totals.entregues - totals.lidos],
      [tr('summary.rate'), percent.format(rate(totals.lidos, totals.entregues))],
    ],
  };
  const readers: XlsxSheet = {
    name: tr('readsSheet'),
    header: ['name', 'email', 'read', 'readAt', 'receivedAt'].map((k) => tr(`column.${k}`)),
    widths: [36, 36, 8, 18, 18],
    rows: (async function* () {
      // From a cursor on PostgreSQL, by keyset on PGlite: a batch of rows in memory at a time.
      const all = cursorRows<LeituraRow>(services.database, leiturasInOrderSql(c.id)) ?? streamLeituras(db, c.id);
      for await (const row of all)
        yield [
          row.nome,
          row.email,
          tr(row.lido ? 'yes' : 'no'),
          row.data_leitura ? new Date(row.data_leitura) : null,
          new Date(row.data_recebimento),
        ];
    })(),
  };
  const breakdown = (key: 'porDealer' | 'porGrupo' | 'porMarca' | 'porGrupoUsuarios'): XlsxSheet => ({
    name: tr(`bySheet.${key}`),
    header: [tr('column.name'), tr('summary.delivered'), tr('summary.read'), tr('summary.unread'), tr('summary.rate')],
    widths: [40, 12, 12, 12, 14],
    formats: [undefined, undefined, undefined, undefined, PERCENT],
    rows: slices[key].map((s) => [
      s.nome,
      s.destinatarios,
      s.lidos,
      s.destinatarios - s.lidos,
      rate(s.lidos, s.destinatarios),
    ]),
  });

  const title = c.titulo.length > FILE_TITLE_MAX ? `${c.titulo.slice(0, FILE_TITLE_MAX).trimEnd()}…` : c.titulo;
  return {
    fileName: tr('exportFile', { titulo: title, data: businessDay(services.clock.now()) }),
    timeZone: BUSINESS_TIME_ZONE,
    dateFormat: tr('dateFormat'),
    sheets: [
      summary,
      readers,
      breakdown('porDealer'),
      breakdown('porGrupo'),
      breakdown('porMarca'),
      breakdown('porGrupoUsuarios'),
    ],
  };
}
