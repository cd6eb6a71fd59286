import type { PortalLabelKey } from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import type { FastifyReply } from 'fastify';
import { sendXlsx, type XlsxCell } from '../../platform/xlsx.js';
import type { XlsxCellValue } from '../../platform/xlsx-reader.js';
import { portalLabels } from '../portal/portal.queries.js';
import type { ImportRowError } from '../users/users.import.js';
import { IMPORT_COLUMNS, type ImportColumn } from './user-import.columns.js';

/** The users form's field names that are not the column's own name (`usuario.idsDealers` → `dealers`). */
const COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  idsDealers: 'dealers',
  idsGrupos: 'grupos',
  idsGruposUsuarios: 'gruposUsuarios',
  idsTiposAcesso: 'produtos',
  idsFuncionalidades: 'produtos',
};

/**
 * The import column an error's `field` is about: an import column's name (`dealers`), or a path of the users
 * form (`usuario.cpf`, `usuario.idsDealers`, `cargos.0.cargoId`, `infos.dataAdmissao`); null when none.
 */
export function columnOfField(field: string): ImportColumn | null {
  const parts = field.split('.');
  const name = parts[0] === 'usuario' || parts[0] === 'infos' ? parts[1] : parts[0];
  if (!name) return null;
  if ((IMPORT_COLUMNS as readonly string[]).includes(name)) return name as ImportColumn;
  return COLUMN_OF_FIELD[name] ?? null;
}

/**
 * One line of text of a row's errors in `locale` ("E-mail: e-mail já cadastrado; CPF: inválido"): each message
 * after its column's header (the template's, with the customer's labels), a message alone when its field is no
 * column; the same text twice is written once (two positions refused alike).
 */
export function describeRowErrors(
  locale: Locale,
  errors: ImportRowError[],
  labels: Record<PortalLabelKey, string> = portalLabels(null, locale),
): string {
  const texts = errors.map((error) => {
    const message = t(locale, error.message, { ...labels, ...error.params });
    const column = columnOfField(error.field);
    return column ? `${t(locale, `userImport.column.${column}`, labels)}: ${message}` : message;
  });
  return [...new Set(texts)].join('; ');
}

const ISO_MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00:00\.000Z$/;

/**
 * A cell written back (as the reader gave it, or as it came back from the JSON column: dates as ISO text): a date
 * cell (a `Date`, or its JSON text) becomes `aaaa-mm-dd`, which the import reads
 * again; everything else as uploaded (sendXlsx neutralises text a spreadsheet would run as a formula).
 */
function reportCell(value: XlsxCellValue | undefined): XlsxCell {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : reportCell(value.toISOString());
  if (typeof value === 'string') return ISO_MIDNIGHT.exec(value)?.[1] ?? value;
  return value ?? null;
}

/**
 * Streams the error report (GET /import/users/:id/erros.xlsx): the header of the file as uploaded + a last
 * column "Erros", one line per rejected row with its original cells (neutralised against formula injection) and
 * its messages in `locale`, so the person fixes the lines and uploads the report itself again (the import ignores
 * the errors column). Cells beyond the header are left out (the import ignored them). Rows are written as they
 * come (sendXlsx): a report of 100,000 rows holds no workbook in memory.
 */
export async function sendImportErrorReport(
  reply: FastifyReply,
  report: {
    fileName: string;
    locale: Locale;
    header: string[];
    rows: AsyncIterable<{ rowNumber: number; cells: XlsxCellValue[]; errors: ImportRowError[] }>;
    /** The customer's labels in `locale` (the errors' column names); the catalogue's words when absent. */
    labels?: Record<PortalLabelKey, string>;
  },
): Promise<void> {
  const { locale, header } = report;
  const labels = report.labels ?? portalLabels(null, locale);
  const base = report.fileName.replace(/\.xlsx$/i, '').trim();
  async function* lines() {
    for await (const row of report.rows)
      yield [...header.map((_, i) => reportCell(row.cells[i])), describeRowErrors(locale, row.errors, labels)];
  }
  await sendXlsx(reply, {
    fileName: `${base} - ${t(locale, 'userImport.report.suffix')}`,
    sheetName: t(locale, 'userImport.report.sheet').slice(0, 31),
    header: [...header, t(locale, 'userImport.report.errors')],
    rows: lines(),
  });
}
