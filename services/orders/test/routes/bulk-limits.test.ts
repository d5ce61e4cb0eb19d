import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { buildService } from '@portal/service-kit';
import { startService, tokenFor } from '@portal/service-kit/testing';
import { bulkRoutes } from '../../src/routes/bulk.js';
import { Order } from '../../src/models/order.js';
import { BulkRow } from '../../src/domain/bulk/store.js';
import { xlsxBomb, xlsxWithDimension } from '../fixtures/bulk/bombs.js';

/**
 * Spreadsheets that expand far beyond their size (a "zip bomb" xlsx): refused from the zip's own directory before
 * anything is parsed, in the spec's "Unable to process spreadsheet: …" words, and the service's memory barely moves.
 * The answer's wall time is reported (a test's diagnostic), never asserted: a timed assertion fails on a busy host,
 * and the words already say which check refused the file (the zip's directory, or the inflate stopped at its claim).
 * Own database; the files are refused before any row is looked at, so nothing is written.
 */
let app: FastifyInstance;
before(async () => {
  app = await startService(
    (o) =>
      buildService(
        { name: 'orders', domain: 'orders', routes: [bulkRoutes], backends: ['mongo', 'redis'] },
        o,
      ),
    { MONGO_DB: 'portal_orders_bulk_limits_test', QUEUE_PREFIX: 'portal-orders-bulk-limits-test' },
  );
});
after(() => app?.close());

async function upload(name: string, bytes: Buffer) {
  const boundary = '----bomb' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: '/api/orders/bulk',
    headers: {
      authorization: `Bearer ${await tokenFor(Role.AccountAdmin)}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

/** Uploads `bytes` and measures the answer's wall time and the process's RSS growth (MB). */
async function measured(name: string, bytes: Buffer) {
  await tokenFor(Role.AccountAdmin); // the token fetched outside the measure
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const res = await upload(name, bytes);
  const ms = performance.now() - t0;
  const grewMb = (process.memoryUsage().rss - rss0) / 1024 / 1024;
  return { res, ms, grewMb };
}

for (const [where, lie] of [
  ['sheet', false],
  ['sst', false],
  ['sheet', true],
  ['sst', true],
] as const) {
  test(`an xlsx whose ${where === 'sheet' ? "sheet's XML" : 'shared strings'} inflate${lie ? 's past what its zip claims' : ''} to 128 MiB: 400 in words, RSS + < 100 MB`, async (t) => {
    const bomb = await xlsxBomb(where, 128, lie);
    assert.ok(bomb.length < 300 * 1024, `a few hundred KB (${bomb.length})`);
    const { res, ms, grewMb } = await measured('orders.xlsx', bomb);
    assert.equal(res.statusCode, 400, res.body);
    assert.match(String(res.headers['content-type']), /application\/problem\+json/);
    const part = where === 'sheet' ? 'xl/worksheets/sheet1.xml' : 'xl/sharedStrings.xml';
    assert.equal(
      res.json().detail,
      lie
        ? `Unable to process spreadsheet: the file is too large once unpacked: ${part} unpacks to more than its archive says (1 KB)`
        : `Unable to process spreadsheet: the file is too large once unpacked: ${part} unpacks to 128 MB, more than 24 MB`,
    );
    t.diagnostic(`answered in ${Math.round(ms)} ms`);
    assert.ok(grewMb < 100, `RSS grew ${Math.round(grewMb)} MB`);
  });
}

test('a sheet declaring A1:XFD1048576 is refused for its rows; one 16,384 columns wide for its columns', async (t) => {
  const huge = await measured('big.xlsx', await xlsxWithDimension('A1:XFD1048576'));
  assert.equal(huge.res.statusCode, 400, huge.res.body);
  assert.equal(
    huge.res.json().detail,
    'Unable to process spreadsheet: the file has more than 5,000 rows; split it into files of at most 5,000 rows',
  );
  t.diagnostic(`answered in ${Math.round(huge.ms)} ms`);
  const wide = await upload('wide.xlsx', await xlsxWithDimension('A1:XFD10'));
  assert.equal(wide.statusCode, 400, wide.body);
  assert.equal(
    wide.json().detail,
    "Unable to process spreadsheet: the first sheet spans A1:XFD10: 16,384 columns, more than 256; keep the template's columns",
  );
});

test('an OpenDocument or other format inside an .xlsx name is refused as not an xlsx workbook', async () => {
  const { zipOf, workbookParts } = await import('../fixtures/bulk/bombs.js');
  const ods = await zipOf([
    ...workbookParts(),
    { name: 'META-INF/manifest.xml', chunks: [Buffer.from('<manifest/>')] },
  ]);
  const res = await upload('o.xlsx', ods);
  assert.equal(res.statusCode, 400, res.body);
  assert.equal(res.json().detail, 'Unable to process spreadsheet: the file is not an xlsx workbook');
  assert.equal(await Order.countDocuments({}), 0, 'nothing written');
  assert.equal(await BulkRow.countDocuments({}), 0);
});
