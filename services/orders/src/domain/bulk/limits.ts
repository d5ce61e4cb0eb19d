import { checkZip, entryHead, ZipLimitError, type ZipEntry, type ZipLimits } from '@portal/service-kit';
import { BULK_MAX_ROWS } from './columns.js';
import { BulkFileError } from './errors.js';

/**
 * What a spreadsheet may expand to, checked from the xlsx's zip directory BEFORE SheetJS reads it (a 132 KB file can
 * hold a cell of 128 MB). Generous for real files: the 5,000-row template file is ~2.3 MB of sheet XML whatever its
 * compression; Excel's XML compresses 5–20 to 1.
 */
export const BULK_ZIP_LIMITS: ZipLimits = {
  maxEntries: 200,
  maxEntryBytes: 24 * 1024 * 1024,
  maxTotalBytes: 40 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};
/** Columns of the first sheet (the template has 12; a vendor's own extra columns are ignored, up to this many). */
export const BULK_MAX_COLUMNS = 256;
/** Distinct texts of a workbook (5,000 rows × every column different is 60,000 for the template). */
export const BULK_MAX_SHARED_STRINGS = 250_000;
/** The reader's worker: its heap and its time (a 5,000-row file needs ~60 MB and well under a second). */
export const BULK_READ_HEAP_MB = 256;
export const BULK_READ_TIMEOUT_MS = 20_000;

export const tooManyRows = () =>
  new BulkFileError(
    `the file has more than ${BULK_MAX_ROWS.toLocaleString('en-US')} rows; split it into files of at most ${BULK_MAX_ROWS.toLocaleString('en-US')} rows`,
  );

/** A1-style column letters → 0-based index; row digits → 0-based row. */
function cellOf(ref: string): { r: number; c: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i.exec(ref);
  if (!m) return null;
  const c = [...m[1]!.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return { r: Number(m[2]) - 1, c };
}

/** The rows and columns a `<dimension ref="A1:L201"/>` spans (from A1: SheetJS keeps the absolute end). */
export function dimensionOf(xmlHead: string): { rows: number; cols: number; ref: string } | null {
  const m = /<(?:\w+:)?dimension\b[^>]*\bref="([^"]+)"/.exec(xmlHead);
  if (!m) return null;
  const end = cellOf(m[1]!.split(':').pop()!);
  return end ? { rows: end.r + 1, cols: end.c + 1, ref: m[1]! } : null;
}

/** The path of the workbook's first sheet (workbook.xml's first <sheet>, through its relationship), or null. */
async function firstSheetPath(bytes: Buffer, byName: Map<string, ZipEntry>): Promise<string | null> {
  const wb = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!wb || !rels) return null;
  const sheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(await entryHead(bytes, wb, 64 * 1024))?.[0] ?? '';
  const id = /\b\w+:id="([^"]+)"/.exec(sheet)?.[1];
  if (!id) return null;
  for (const rel of (await entryHead(bytes, rels, 64 * 1024)).match(/<(?:\w+:)?Relationship\b[^>]*>/g) ??
    []) {
    if (/\bId="([^"]+)"/.exec(rel)?.[1] !== id) continue;
    const target = /\bTarget="([^"]+)"/.exec(rel)?.[1] ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return null;
}

const refused = (reason: string) => new BulkFileError(reason);

/**
 * Refuses an xlsx that would cost more to read than a real bulk file (BulkFileError, 400, in the spec's
 * "Unable to process spreadsheet: {message}"): what its zip expands to, a file that is another format inside an
 * xlsx name (OpenDocument, Numbers), the first sheet's declared rows and columns, the shared strings' count. Reads
 * only the zip directory and the first kilobytes of three parts.
 */
export async function checkWorkbook(bytes: Buffer): Promise<void> {
  let entries: ZipEntry[];
  try {
    entries = await checkZip(bytes, BULK_ZIP_LIMITS);
  } catch (err) {
    if (err instanceof ZipLimitError)
      throw refused(err.kind === 'size' ? `the file is too large once unpacked: ${err.reason}` : err.reason);
    throw err;
  }
  const byName = new Map(entries.map((z) => [z.name, z]));
  // SheetJS reads these as other formats (OpenDocument, Numbers, a nested zip) whatever the file's name
  const other = ['META-INF/manifest.xml', 'objectdata.xml', 'Index/Document.iwa', 'Index.zip'];
  if (
    !byName.has('[Content_Types].xml') ||
    !byName.has('xl/workbook.xml') ||
    other.some((n) => byName.has(n))
  )
    throw refused('the file is not an xlsx workbook');
  const first = await firstSheetPath(bytes, byName);
  const sheets = first && byName.has(first) ? [first] : entries.map((z) => z.name).filter(isSheet);
  for (const path of sheets) {
    const dim = dimensionOf(await entryHead(bytes, byName.get(path)!, 4096));
    if (!dim) continue;
    if (dim.rows > BULK_MAX_ROWS + 2) throw tooManyRows();
    if (dim.cols > BULK_MAX_COLUMNS)
      throw refused(
        `the first sheet spans ${dim.ref}: ${dim.cols.toLocaleString('en-US')} columns, more than ${BULK_MAX_COLUMNS}; keep the template's columns`,
      );
  }
  const sst = byName.get('xl/sharedStrings.xml');
  if (sst) {
    const head = /<(?:\w+:)?sst\b[^>]*>/.exec(await entryHead(bytes, sst, 2048))?.[0] ?? '';
    const unique = Number(/\buniqueCount="(\d+)"/.exec(head)?.[1] ?? 0);
    if (unique > BULK_MAX_SHARED_STRINGS)
      throw refused(
        `the file has ${unique.toLocaleString('en-US')} different texts, more than ${BULK_MAX_SHARED_STRINGS.toLocaleString('en-US')}`,
      );
  }
}

const isSheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);
