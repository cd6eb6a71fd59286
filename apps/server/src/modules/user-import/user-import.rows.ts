import { IDIOMAS, type Idioma, isCalendarDay, LOCALE_BY_IDIOMA, USER_TYPES, type UserType } from '@portal/domain';
import { LOCALES, type Locale, t } from '@portal/i18n';
import type { DbOrTx } from '../../platform/db.js';
import type { Services } from '../../platform/services.js';
import type { XlsxCellValue, XlsxRow } from '../../platform/xlsx-reader.js';
import { activeDealerIdsByCodes, brandOptions } from '../dealers/dealers.queries.js';
import { listActiveDealerGroups } from '../groups/groups.queries.js';
import { cachedPortalProperties, portalLabels } from '../portal/portal.queries.js';
import { productCatalogue } from '../products/products.queries.js';
import { listActiveUserGroups } from '../user-groups/user-groups.queries.js';
import type { ImportedUser, ImportRowError } from '../users/users.import.js';
import { positionCatalogue } from '../users/users.list.js';
import { listDepartments } from '../users/users.queries.js';
import { IMPORT_COLUMNS, type ImportColumn, LIST_SEPARATOR } from './user-import.columns.js';

/**
 * From the sheet's cells to the users module's `ImportedUser` (docs/domains/user-import.md#the-sheet): headers
 * matched in any language, names and codes resolved to ids, every problem of a row collected as an i18n key on
 * its column. The users' rules (required fields, scope, grants, uniqueness) are the users module's.
 */

/** The columns a file must have. */
export const REQUIRED_COLUMNS: ImportColumn[] = ['nome', 'email'];
/** Longest text a cell may hold (a longer one is a row error, not a file error). */
export const MAX_CELL_CHARS = 1_000;

/** Lower case, no accents, single spaces, no trailing `*` (required marks): how names and headers compare. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The import's key of an e-mail: trimmed, NFC, lower case (two spellings of one address are one key). */
export const emailKey = (text: string) => text.trim().normalize('NFC').toLowerCase();

/** What names in the sheet resolve to, loaded once per import (dealer codes are resolved per chunk). */
export type ImportLookups = {
  headers: Map<string, ImportColumn>;
  tipos: Map<string, UserType>;
  idiomas: Map<string, Idioma>;
  marcas: Map<string, string>;
  grupos: Map<string, string>;
  gruposUsuarios: Map<string, string>;
  cargos: Map<string, string>;
  departamentos: Map<string, string>;
  /** Product name → its id and its access types by name. */
  produtos: Map<string, { id: string; tiposAcesso: Map<string, string> }>;
};

const byName = <T>(entries: Iterable<[string, T]>) => {
  const map = new Map<string, T>();
  for (const [name, value] of entries) if (!map.has(normalise(name))) map.set(normalise(name), value);
  return map;
};

/** Loads the lookups of one import: every header spelling (three languages, the customer labels), the catalogues. */
export async function loadImportLookups(services: Pick<Services, 'cache'> & { db: DbOrTx }): Promise<ImportLookups> {
  const { db } = services;
  const [props, brands, dealerGroups, userGroups, catalogue, positions, departments] = await Promise.all([
    cachedPortalProperties(services.cache, db),
    brandOptions(db),
    listActiveDealerGroups(db),
    listActiveUserGroups(db),
    productCatalogue(db),
    positionCatalogue(db),
    listDepartments(db),
  ]);
  const headers = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS) {
    headers.set(normalise(column), column);
    // The customer's labels (what the template says) and the catalogue's own words (an older template).
    for (const locale of LOCALES)
      for (const labels of [portalLabels(props, locale), portalLabels(null, locale)])
        headers.set(normalise(t(locale, `userImport.column.${column}`, labels)), column);
  }
  const tipos = new Map<string, UserType>();
  for (const tipo of USER_TYPES) {
    tipos.set(normalise(tipo), tipo);
    for (const locale of LOCALES) tipos.set(normalise(t(locale, `userType.${tipo}`)), tipo);
  }
  const idiomas = new Map<string, Idioma>();
  for (const idioma of IDIOMAS) {
    idiomas.set(normalise(idioma), idioma);
    idiomas.set(normalise(LOCALE_BY_IDIOMA[idioma]), idioma);
    for (const locale of LOCALES) idiomas.set(normalise(t(locale, `idioma.${idioma}`)), idioma);
  }
  const produtos = new Map<string, { id: string; tiposAcesso: Map<string, string> }>();
  for (const produto of catalogue.produtos) {
    const tiposAcesso = byName(
      catalogue.tipos
        .filter((tipo) => tipo.produtoId === produto.id)
        .map((tipo) => [tipo.nome, tipo.id] as [string, string]),
    );
    if (!produtos.has(normalise(produto.nome))) produtos.set(normalise(produto.nome), { id: produto.id, tiposAcesso });
  }
  return {
    headers,
    tipos,
    idiomas,
    marcas: byName(brands.filter((b) => b.active).map((b) => [b.descricao, b.id])),
    grupos: byName(dealerGroups.map((g) => [g.nome, g.id])),
    gruposUsuarios: byName(userGroups.map((g) => [g.nome, g.id])),
    cargos: byName(positions.map((p) => [p.nome, p.id])),
    departamentos: byName([
      ...departments.map((d) => [d.nome, d.id] as [string, string]),
      ...departments.map((d) => [d.sigla, d.id] as [string, string]),
    ]),
    produtos,
  };
}

/** Where each column is in the file (0-based), or the required columns it lacks. */
export type HeaderMap = { columns: Map<ImportColumn, number>; missing: ImportColumn[] };

/** Reads the header row: each known header (any language) names its column; unknown headers are ignored. */
export function matchHeader(cells: XlsxCellValue[], lookups: ImportLookups): HeaderMap {
  const columns = new Map<ImportColumn, number>();
  cells.forEach((cell, index) => {
    const column = typeof cell === 'string' ? lookups.headers.get(normalise(cell)) : undefined;
    if (column && !columns.has(column)) columns.set(column, index);
  });
  return { columns, missing: REQUIRED_COLUMNS.filter((c) => !columns.has(c)) };
}

/** The header row as text (the error report repeats it). */
export const headerTexts = (cells: XlsxCellValue[]) => cells.map((cell) => (cell === null ? '' : String(cell)));

/** Whether a row has no value at all (skipped: not a user, not counted). */
export const isBlankRow = (row: XlsxRow) =>
  row.problems.length === 0 &&
  row.cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** A day from a date cell, `dd/mm/aaaa` or `aaaa-mm-dd`: 'YYYY-MM-DD', or null when it is none. */
export function dayOf(value: XlsxCellValue): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDay(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const day = br ? `${br[3]}-${pad(Number(br[2]))}-${pad(Number(br[1]))}` : text;
  return isCalendarDay(day) ? day : null;
}

/** The dealer codes a row names (its dealers column and its positions' dealer codes): resolved per chunk. */
export function dealerCodesOf(row: XlsxRow, header: HeaderMap): string[] {
  const text = (column: ImportColumn) => {
    const index = header.columns.get(column);
    const cell = index === undefined ? null : row.cells[index];
    return cell === null || cell === undefined ? '' : String(cell);
  };
  const codes = splitList(text('dealers'));
  for (const entry of splitList(text('cargos'))) {
    const code = entry.split('|')[3]?.trim();
    if (code) codes.push(code);
  }
  return codes;
}

/** Resolves the dealer codes of a chunk of rows in one statement. */
export async function resolveDealerCodes(db: DbOrTx, rows: XlsxRow[], header: HeaderMap) {
  return activeDealerIdsByCodes(
    db,
    rows.flatMap((row) => dealerCodesOf(row, header)),
  );
}

const splitList = (text: string) =>
  text
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

/** The outcome of mapping one row: the user to import, or the row's problems. */
export type MappedRow = { ok: true; user: ImportedUser } | { ok: false; errors: ImportRowError[] };

/**
 * Maps one data row to an `ImportedUser`: an empty cell is `undefined` (an existing user keeps that field);
 * every problem (control characters, too long a text, a formula without a value, an unknown name, a bad date)
 * becomes an error on its column, and a row with any is not imported.
 */
export function mapRow(
  row: XlsxRow,
  header: HeaderMap,
  lookups: ImportLookups,
  dealers: Map<string, string>,
): MappedRow {
  const errors: ImportRowError[] = [];
  const fail = (field: ImportColumn, message: string, params?: Record<string, string | number>) => {
    errors.push(params ? { field, message, params } : { field, message });
    return undefined;
  };
  const problemColumns = new Map(row.problems.map((p) => [p.column, p.code]));

  /** The cell of `column` as trimmed text, '' when empty; null after recording a problem. */
  const textOf = (column: ImportColumn): string | null => {
    const index = header.columns.get(column);
    if (index === undefined) return '';
    const problem = problemColumns.get(index);
    if (problem) {
      fail(column, problem === 'ERROR_VALUE' ? 'userImport.row.errorValue' : 'userImport.row.formulaWithoutValue');
      return null;
    }
    const cell = row.cells[index];
    if (cell === null || cell === undefined) return '';
    if (cell instanceof Date) return dayOf(cell) ?? '';
    const text = typeof cell === 'number' && column === 'cpf' ? String(cell).padStart(11, '0') : String(cell);
    if (text.length > MAX_CELL_CHARS) {
      fail(column, 'userImport.row.tooLong', { max: MAX_CELL_CHARS });
      return null;
    }
    if (CONTROL.test(text)) {
      fail(column, 'userImport.row.controlCharacters');
      return null;
    }
    return text.normalize('NFC').trim();
  };

  /** A `;` list of names resolved through `map`: ids, undefined when empty, or errors per unknown name. */
  const idsOf = (column: ImportColumn, map: Map<string, string>, unknown: string, key = normalise) => {
    const text = textOf(column);
    if (!text) return undefined;
    const ids: string[] = [];
    for (const name of splitList(text)) {
      const id = map.get(key(name));
      if (id) ids.push(id);
      else fail(column, unknown, { value: name });
    }
    return [...new Set(ids)];
  };

  const email = textOf('email');
  if (email === '') fail('email', 'validation.required');
  const user: ImportedUser = { rowNumber: row.number, email: emailKey(email ?? '') };

  const nome = textOf('nome');
  if (nome) user.nome = nome;
  const cpf = textOf('cpf');
  if (cpf) user.cpf = cpf;
  const tipo = textOf('tipo');
  if (tipo)
    user.tipo = lookups.tipos.get(normalise(tipo)) ?? fail('tipo', 'userImport.row.unknownType', { value: tipo });
  const idioma = textOf('idioma');
  if (idioma)
    user.idioma =
      lookups.idiomas.get(normalise(idioma)) ?? fail('idioma', 'userImport.row.unknownLanguage', { value: idioma });
  user.marcas = idsOf('marcas', lookups.marcas, 'userImport.row.unknownBrand');
  user.idsDealers = idsOf('dealers', dealers, 'userImport.row.unknownDealer', (code) => code.trim());
  user.idsGrupos = idsOf('grupos', lookups.grupos, 'userImport.row.unknownGroup');
  user.idsGruposUsuarios = idsOf('gruposUsuarios', lookups.gruposUsuarios, 'userImport.row.unknownUserGroup');

  const produtos = textOf('produtos');
  if (produtos) {
    const ids: string[] = [];
    for (const entry of splitList(produtos)) {
      const [productName, types = ''] = entry.split(':');
      const produto = lookups.produtos.get(normalise(productName));
      if (!produto) {
        fail('produtos', 'userImport.row.unknownProduct', { value: productName.trim() });
        continue;
      }
      const names = types
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (!names.length) fail('produtos', 'userImport.row.accessTypeRequired', { value: productName.trim() });
      for (const name of names) {
        const id = produto.tiposAcesso.get(normalise(name));
        if (id) ids.push(id);
        else fail('produtos', 'userImport.row.unknownAccessType', { value: name });
      }
    }
    user.idsTiposAcesso = [...new Set(ids)];
  }

  const cargos = textOf('cargos');
  if (cargos) {
    user.cargos = [];
    for (const entry of splitList(cargos)) {
      const [cargoName = '', departmentName = '', start = '', dealerCode = ''] = entry.split('|').map((p) => p.trim());
      const cargoId = lookups.cargos.get(normalise(cargoName));
      const departamentoId = departmentName ? lookups.departamentos.get(normalise(departmentName)) : null;
      const dataInicio = dayOf(start);
      const dealerId = dealerCode ? dealers.get(dealerCode) : null;
      if (!cargoId) fail('cargos', 'userImport.row.unknownPosition', { value: cargoName });
      if (departamentoId === undefined) fail('cargos', 'userImport.row.unknownDepartment', { value: departmentName });
      if (!dataInicio) fail('cargos', 'userImport.row.badDate', { value: start });
      if (dealerId === undefined) fail('cargos', 'userImport.row.unknownDealer', { value: dealerCode });
      if (cargoId && departamentoId !== undefined && dataInicio && dealerId !== undefined)
        user.cargos.push({ cargoId, departamentoId, dataInicio, dealerId });
    }
  }

  const admissao = textOf('dataAdmissao');
  const superior = textOf('emailSuperior');
  if (admissao || superior) {
    user.infos = {};
    if (admissao)
      user.infos.dataAdmissao = dayOf(admissao) ?? fail('dataAdmissao', 'userImport.row.badDate', { value: admissao });
    if (superior) user.infos.emailSuperior = superior;
  }
  return errors.length ? { ok: false, errors } : { ok: true, user };
}

/** The language of an import's texts (its uploader's when uploaded). */
export const localeOf = (idioma: string): Locale => LOCALE_BY_IDIOMA[idioma as Idioma] ?? 'pt-BR';
