/**
 * The ONE CSV export helper (accounts §2 "export CSV" and every later export): RFC 4180 quoting, CRLF rows, and
 * formula-injection escaping. A cell a spreadsheet would read as a formula (it starts with = + - @, a tab or a CR)
 * gets a leading apostrophe, so an email like `=HYPERLINK(...)@x.io` or a company named `+cmd|...` stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: formula prefixes neutralised, then quoted when it holds a comma, quote, CR or LF (quotes doubled). */
export function csvField(value: unknown): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const s = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvField(c.value(r))).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** e.g. accounts-2026-11-22.csv (the local date of the export). */
export function datedFileName(prefix: string, d = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.csv`;
}

/** Saves text as a file through a temporary object URL (a BOM so spreadsheet programs read UTF-8). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(fileName, new Blob(['\uFEFF', text], { type }));
}

/** Saves a blob (a CSV built here, a workbook a service answered) as a file through a temporary object URL. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
