import { neutraliseSpreadsheetCell, type PortalLabelKey, USER_TYPES } from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { loadExcelJS, startXlsxDownload } from '../../platform/xlsx.js';
import { IMPORT_COLUMNS, type ImportColumn } from './user-import.columns.js';
import { MAX_IMPORT_ROWS } from './user-import.process.js';

/** What the template's drop-downs and instructions need (loaded by the caller). */
export type TemplateLookups = { labels: Record<PortalLabelKey, string> };

/** Data rows of the users sheet that get the drop-downs (a larger file imports the same, without them). */
export const TEMPLATE_VALIDATED_ROWS = 1_000;
/** The values of the language drop-down (the reader also takes PT_BR, ES, EN and the languages' names). */
export const TEMPLATE_LANGUAGES = ['pt-BR', 'es', 'en'] as const;

const REQUIRED: Partial<Record<ImportColumn, 'required' | 'requiredOnCreate'>> = {
  nome: 'required',
  email: 'required',
  tipo: 'requiredOnCreate',
};
const WIDE: ImportColumn[] = ['cargos', 'produtos'];

/** The header row of the import sheet in `locale`, the customer's labels in it (`userImport.column.<c>`). */
export function templateHeaders(locale: Locale, labels: Record<PortalLabelKey, string>): string[] {
  return IMPORT_COLUMNS.map((column) => t(locale, `userImport.column.${column}`, labels));
}

/** Column letter of a 0-based index (the sheet has fewer than 27 columns). */
const letter = (index: number) => String.fromCharCode(65 + index);
/** A sheet name as a formula reference ('Listas'!…): quotes doubled. */
const sheetRef = (name: string) => `'${name.replace(/'/g, "''")}'`;

/**
 * Streams the import template in `locale` (GET /import/users/modelo.xlsx): sheet 1 the header row of
 * IMPORT_COLUMNS (bold, frozen) with drop-downs on `tipo` and `idioma` for 1,000 rows and a date format on
 * `dataAdmissao`; sheet 2 the instructions (general notes, then one line per column: header, required or not,
 * format, example); a hidden sheet 3 the drop-downs' lists. ExcelJS's streaming writer writes data validations
 * and column styles of a streamed sheet, so the template is streamed like every other download.
 */
export async function sendImportTemplate(reply: FastifyReply, locale: Locale, lookups: TemplateLookups): Promise<void> {
  const { labels } = lookups;
  const text = (key: string, params: Record<string, string | number> = {}) => t(locale, key, { ...labels, ...params });
  const headers = templateHeaders(locale, labels).map(neutraliseSpreadsheetCell);
  const typeLabels = USER_TYPES.map((tipo) => t(locale, `userType.${tipo}`));
  const listsName = text('userImport.template.sheetLists').slice(0, 31);

  const stream = startXlsxDownload(reply, text('userImport.template.fileName'));
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream, useStyles: true });

  // Sheet 1: the users. Text columns are formatted as text (codes and CPFs keep their leading zeros).
  const users = workbook.addWorksheet(text('userImport.template.sheetUsers').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  users.columns = IMPORT_COLUMNS.map((column, index) => ({
    key: column,
    width: WIDE.includes(column) ? 45 : Math.min(40, Math.max(16, headers[index].length + 4)),
    style: { numFmt: column === 'dataAdmissao' ? 'dd/mm/yyyy' : '@' },
  }));
  const last = TEMPLATE_VALIDATED_ROWS + 1;
  // ExcelJS writes a streamed sheet's `dataValidations` (by range) but its typings do not declare them.
  const validations = (users as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;
  const list = (column: ImportColumn, range: string, errorKey: string) => {
    const at = letter(IMPORT_COLUMNS.indexOf(column));
    validations.add(`${at}2:${at}${last}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`${sheetRef(listsName)}!${range}`],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: text('userImport.template.invalidTitle'),
      error: text(errorKey),
    });
  };
  list('tipo', `$A$1:$A$${typeLabels.length}`, 'userImport.template.invalidType');
  list('idioma', `$B$1:$B$${TEMPLATE_LANGUAGES.length}`, 'userImport.template.invalidLanguage');
  const headerRow = users.addRow(headers);
  headerRow.font = { bold: true };
  headerRow.commit();
  users.commit();

  // Sheet 2: the instructions.
  const help = workbook.addWorksheet(text('userImport.template.sheetHelp').slice(0, 31));
  help.columns = [{ width: 30 }, { width: 32 }, { width: 90 }, { width: 45 }];
  const title = help.addRow([text('userImport.template.title')]);
  title.font = { bold: true, size: 14 };
  title.commit();
  const max = new Intl.NumberFormat(locale).format(MAX_IMPORT_ROWS);
  for (const note of ['key', 'emptyKeeps', 'separator', 'maxRows', 'dryRun'])
    help.addRow([`• ${text(`userImport.template.notes.${note}`, { max })}`]).commit();
  help.addRow([]).commit();
  const tableHeader = help.addRow(
    ['column', 'required', 'format', 'example'].map((k) => text(`userImport.template.helpHeader.${k}`)),
  );
  tableHeader.font = { bold: true };
  tableHeader.commit();
  const params = { tipos: typeLabels.join(', '), tipoDealer: t(locale, 'userType.DEALER_GRUPO') };
  IMPORT_COLUMNS.forEach((column, index) => {
    const row = help.addRow([
      headers[index],
      text(`userImport.template.${REQUIRED[column] ?? 'optional'}`),
      text(`userImport.help.${column}`, params),
      column === 'tipo' ? t(locale, 'userType.MONTADORA') : text(`userImport.template.example.${column}`),
    ]);
    row.alignment = { wrapText: true, vertical: 'top' };
    row.commit();
  });
  help.commit();

  // Sheet 3 (hidden): the drop-downs' values, column A the user types, column B the languages.
  const lists = workbook.addWorksheet(listsName, { state: 'hidden' });
  for (let i = 0; i < Math.max(typeLabels.length, TEMPLATE_LANGUAGES.length); i++)
    lists.addRow([typeLabels[i] ?? null, TEMPLATE_LANGUAGES[i] ?? null]).commit();
  lists.commit();

  await workbook.commit();
}
