// TEMPORARY STUB of Contract A (replaced by branch i15-reader at merge).
export type XlsxCellValue = string | number | boolean | Date | null;
export type XlsxCellProblem = { column: number; code: 'FORMULA_WITHOUT_VALUE' | 'ERROR_VALUE' };
export type XlsxRow = { number: number; cells: XlsxCellValue[]; problems: XlsxCellProblem[] };
export type XlsxReadLimits = {
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  maxEntryBytes: number;
  maxRatio: number;
  maxSharedStringsBytes: number;
  maxSharedStrings: number;
};
export type XlsxFileErrorCode =
  | 'NOT_XLSX'
  | 'ENCRYPTED'
  | 'CORRUPT'
  | 'TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'TOO_MANY_COLUMNS'
  | 'CELL_TOO_LONG'
  | 'UNSAFE_XML'
  | 'NO_SHEET';
export class XlsxFileError extends Error {
  constructor(readonly code: XlsxFileErrorCode) {
    super(code);
  }
}
export const DEFAULT_XLSX_LIMITS: XlsxReadLimits = {
  maxRows: 100_000,
  maxColumns: 200,
  maxCellChars: 32_767,
  maxEntryBytes: 200 * 1024 * 1024,
  maxRatio: 200,
  maxSharedStringsBytes: 50 * 1024 * 1024,
  maxSharedStrings: 1_000_000,
};
export async function* readXlsxRows(_filePath: string, _limits?: Partial<XlsxReadLimits>): AsyncGenerator<XlsxRow> {
  yield* [];
  throw new XlsxFileError('NOT_XLSX');
}
