import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type ExcelJS from 'exceljs';
import { ReportFiles } from '../../src/domain/reports/writers.js';

// buffers measured after a collection: what is still held, not garbage not yet collected
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const columns = Array.from({ length: 14 }, (_, i) => `Column ${i}`);
const batch = (from: number) =>
  Array.from({ length: 1000 }, (_, k) =>
    columns.map((_, c) => (c % 3 ? `Bench Vendor ${from + k} column ${c}` : from + k)),
  );

// exceljs's sheet stream pipes into the zip without back-pressure: written faster than deflate compresses, the
// whole sheet waited in memory (~75 MB of buffers per 100,000 rows), so a big report's memory grew with its rows
test('a big report keeps its memory flat: the xlsx writer waits for the zip, both files hold every row', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'report-files-'));
  try {
    const files = new ReportFiles(path.join(dir, 'r.csv'), path.join(dir, 'r.xlsx'), 'status', columns);
    // what is held once 20,000 rows are written, against the most held over the next 40,000 (flat: no growth)
    const held = () => (gc(), process.memoryUsage().arrayBuffers);
    let early = 0;
    let late = 0;
    const rows = 60_000;
    for (let i = 0; i < rows; i += 1000) {
      await files.add(batch(i));
      if (i === 19_000) early = held();
      else if (i > 19_000 && i % 5000 === 0) late = Math.max(late, held());
    }
    await files.close();
    const grew = late - early;
    assert.ok(grew < 8e6, `buffers grew by ${(grew / 1e6).toFixed(1)} MB over 40,000 more rows`);
    assert.equal(files.rows, rows);
    assert.ok((await stat(path.join(dir, 'r.csv'))).size > 0);
    // the xlsx reads back whole: the header row and every data row, the last one intact
    const Excel = createRequire(import.meta.url)('exceljs') as typeof ExcelJS;
    const book = new Excel.Workbook();
    await book.xlsx.readFile(path.join(dir, 'r.xlsx'));
    const sheet = book.getWorksheet('status');
    assert.equal(sheet?.rowCount, rows + 1);
    assert.equal(sheet?.getRow(rows + 1).getCell(2).value, `Bench Vendor ${rows - 1} column 1`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
