import * as XLSX from '@e965/xlsx';
import {
  BULK_EXTENSIONS,
  BULK_MAX_ROWS,
  REQUIRED_FIELDS,
  fieldOfHeading,
  headingOf,
  type BulkField,
  type BulkFormat,
} from './columns.js';
import { runBounded, WorkerLimitError } from '@portal/service-kit';
import { BulkFileError } from './errors.js';
import { BULK_READ_HEAP_MB, BULK_READ_TIMEOUT_MS, checkWorkbook, tooManyRows } from './limits.js';

/** A cell as the upload keeps it: text (trimmed) or a number (dates in xlsx/xls are day serials). */
export type CellValue = string | number;

/** One data row of the first sheet: its spreadsheet row number (the heading row is 1) and the mapped cells. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<BulkField, CellValue>>;
  /** Problems found while reading (a formula, an error cell), in the row's own words. */
  errors: string[];
}

/** The format from the file name, checked against the bytes (a renamed file is refused, not guessed at). */
export function formatOf(filename: string, bytes: Buffer): BulkFormat {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (!(BULK_EXTENSIONS as readonly string[]).includes(ext))
    throw new BulkFileError('only csv, xlsx and xls files are accepted');
  const format = ext as BulkFormat;
  const zip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const ole = bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  if (format === 'xlsx' && !zip) throw new BulkFileError('the file is not an xlsx workbook');
  if (format === 'xls' && !ole) throw new BulkFileError('the file is not an xls workbook');
  if (format === 'csv' && (zip || ole || bytes.includes(0)))
    throw new BulkFileError('the file is not a csv text file');
  return format;
}

/** SheetJS's options: nothing evaluated, dense rows, the first sheet only, at most BULK_MAX_ROWS + 2 rows. */
const readOptions = (format: BulkFormat): XLSX.ParsingOptions => ({
  dense: true,
  sheets: 0,
  sheetRows: BULK_MAX_ROWS + 2,
  raw: format === 'csv',
  cellFormula: true,
  cellDates: false,
  cellHTML: false,
  cellText: false,
  cellStyles: false,
});

type Dense = (XLSX.CellObject | undefined)[][];

/**
 * Reads the first sheet of a csv/xlsx/xls file into rows keyed by the spec's headings, in this thread (tests and
 * trusted files; an upload goes through `readUpload`). Nothing is evaluated: a formula cell is refused (its cached
 * value is not trusted, and a formula is never stored), csv is read raw so "=1+2" or "-5" stay the text the vendor
 * typed, and SheetJS stops after BULK_MAX_ROWS + 1 rows so a huge sheet costs no more than a full one.
 */
export function readSheet(filename: string, bytes: Buffer): SheetRow[] {
  const format = formatOf(filename, bytes);
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, { ...readOptions(format), type: 'buffer' });
  } catch (err) {
    throw new BulkFileError(`the file could not be read (${(err as Error).message})`);
  }
  const ws = wb.Sheets[wb.SheetNames[0]];
  return sheetRows((ws?.['!data'] ?? []) as Dense, ws?.['!fullref'] ?? '');
}

/**
 * An uploaded file read with bounded work: an xlsx is first checked against what its zip expands to (limits.ts,
 * from the zip's directory, nothing inflated beyond the claims), then every format is read by SheetJS in a worker
 * thread with its own heap limit and deadline; a file that needs more is refused in the spec's words, and the
 * service's own heap never holds the workbook.
 */
export async function readUpload(filename: string, bytes: Buffer): Promise<SheetRow[]> {
  const format = formatOf(filename, bytes);
  if (format === 'xlsx') await checkWorkbook(bytes);
  let out: { data: Dense; fullref: string; error?: string };
  try {
    out = await runBounded({
      file: new URL('./sheet-worker.ts', import.meta.url),
      data: { bytes: new Uint8Array(bytes), opts: readOptions(format) },
      maxHeapMb: BULK_READ_HEAP_MB,
      timeoutMs: BULK_READ_TIMEOUT_MS,
    });
  } catch (err) {
    if (err instanceof WorkerLimitError)
      throw new BulkFileError(`the file is too large to read: ${err.message}`);
    throw err;
  }
  if (out.error) throw new BulkFileError(`the file could not be read (${out.error})`);
  return sheetRows(out.data, out.fullref);
}

/** The first sheet's dense cells (and its full range) as order rows, or the file-level refusal. */
function sheetRows(data: Dense, fullref: string): SheetRow[] {
  const fullRows = fullref ? XLSX.utils.decode_range(fullref).e.r + 1 : data.length;
  const header = data[0] ?? [];
  const columns = header.map((c) => fieldOfHeading(c?.v));
  const missing = REQUIRED_FIELDS.filter((f) => !columns.includes(f));
  if (!data.length) throw new BulkFileError('the first sheet is empty');
  if (missing.length)
    throw new BulkFileError(
      `the first row must hold the template's headings; missing: ${missing.map(headingOf).join(', ')}`,
    );
  const rows: SheetRow[] = [];
  for (let r = 1; r < data.length; r++) {
    const row = readRow(data[r] ?? [], columns, r + 1);
    if (row) rows.push(row);
  }
  if (rows.length > BULK_MAX_ROWS || fullRows - 1 > BULK_MAX_ROWS + 1) throw tooManyRows();
  if (!rows.length) throw new BulkFileError('the file has no order rows under the headings');
  return rows;
}

/** One row's mapped cells; null for a row with nothing in the template's columns (blank lines are skipped). */
function readRow(
  cells: (XLSX.CellObject | undefined)[],
  columns: (BulkField | undefined)[],
  rowNumber: number,
) {
  const out: SheetRow = { row: rowNumber, cells: {}, errors: [] };
  let any = false;
  columns.forEach((field, c) => {
    const cell = cells[c];
    if (!field || !cell) return;
    const ref = XLSX.utils.encode_cell({ r: rowNumber - 1, c });
    if (cell.f) {
      out.errors.push(`${headingOf(field)}: formulas are not accepted (cell ${ref}); enter the value itself`);
      any = true;
      return;
    }
    if (cell.t === 'e') {
      out.errors.push(`${headingOf(field)}: cell ${ref} holds an error value`);
      any = true;
      return;
    }
    const v = cell.t === 'n' ? (cell.v as number) : String(cell.v ?? '').trim();
    if (v === '') return;
    out.cells[field] = v;
    any = true;
  });
  return any ? out : null;
}
