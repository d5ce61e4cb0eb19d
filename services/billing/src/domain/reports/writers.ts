import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import type { Row, Sheet } from './kinds.js';

/**
 * A CSV cell (RFC 4180): quoted when it holds a quote, comma or line break (quotes doubled); a text cell starting
 * with = + - @ (or a tab or carriage return) gets a leading ' so a spreadsheet never runs it as a formula. Pure.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  let s = value ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
/** exceljs, loaded by the first report that needs it: ~10 MB of heap an idle service does not keep. */
let excel: typeof ExcelJS | undefined;
const loadExcel = () => (excel ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJS);

/**
 * How much of the sheet's XML may wait for the zip's deflate before add() waits for it. exceljs's sheet stream
 * (StreamBuf) pipes into the zip entry without back-pressure: a report written faster than deflate compresses kept
 * its whole sheet in memory (~75 MB per 100,000 rows).
 */
const ZIP_BACKLOG_BYTES = 4 * 1024 * 1024;
type ZipEntry = Writable & { _writableState?: { length: number; needDrain: boolean } };

/** One CSV record with its CRLF (RFC 4180). Pure. */
export const csvLine = (row: Row) => `${row.map(csvCell).join(',')}\r\n`;

/**
 * Writes a report's rows to a CSV and an xlsx file side by side, streaming both (the xlsx through exceljs's
 * stream.xlsx.WorkbookWriter: each row is committed, so memory stays flat whatever the row count).
 */
export class ReportFiles {
  private csv: WriteStream;
  private book: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet;
  rows = 0;
  /** A write error of the CSV stream (disk full …), thrown by the next add() or close(). */
  private failed: Error | undefined;

  constructor(
    readonly csvPath: string,
    readonly xlsxPath: string,
    sheetName: string,
    readonly columns: string[],
  ) {
    this.csv = createWriteStream(csvPath);
    this.csv.on('error', (err) => (this.failed ??= err));
    this.book = new (loadExcel().stream.xlsx.WorkbookWriter)({
      filename: xlsxPath,
      useStyles: true,
      useSharedStrings: false,
    });
    this.sheet = this.book.addWorksheet(sheetName.slice(0, 31));
    this.sheet.columns = columns.map((header) => ({ header, width: Math.max(12, header.length + 2) }));
    this.sheet.getRow(1).font = { bold: true };
    this.sheet.getRow(1).commit();
    this.csv.write(csvLine(columns));
  }

  /** Appends rows to both files, waiting when the CSV stream asks to (back-pressure). */
  async add(rows: Row[]): Promise<void> {
    if (this.failed) throw this.failed;
    if (!rows.length) return;
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine(row);
      this.sheet.addRow(row).commit();
    }
    this.rows += rows.length;
    if (!this.csv.write(chunk)) await once(this.csv, 'drain');
    await this.zipCaughtUp();
  }

  /**
   * Waits while the zip has more than ZIP_BACKLOG_BYTES of the sheet still to compress (memory flat). The entry is
   * archiver's readable-stream PassThrough: its writable state is read directly (that stream class has no
   * writableLength getter); it emits 'drain' once it has taken everything in.
   */
  private async zipCaughtUp(): Promise<void> {
    const sheet = this.sheet as unknown as { _stream?: { pipes?: ZipEntry[] } };
    const entry = sheet._stream?.pipes?.[0];
    const state = entry?._writableState;
    if (entry && state?.needDrain && state.length > ZIP_BACKLOG_BYTES) await once(entry, 'drain');
  }

  /** Ends both files (an optional second sheet in the xlsx). */
  async close(summary?: Sheet): Promise<void> {
    if (this.failed) throw this.failed;
    this.sheet.commit();
    if (summary) {
      const ws = this.book.addWorksheet(summary.name.slice(0, 31));
      ws.columns = summary.columns.map((header) => ({ header, width: Math.max(14, header.length + 2) }));
      ws.getRow(1).font = { bold: true };
      for (const row of summary.rows) ws.addRow(row).commit();
      ws.commit();
    }
    await this.book.commit();
    this.csv.end();
    await once(this.csv, 'finish');
  }

  /** Abandons both (cancel, failure): closes the streams; the caller removes the files. */
  async abort(): Promise<void> {
    this.csv.destroy();
    await this.book.commit().catch(() => undefined);
  }
}
