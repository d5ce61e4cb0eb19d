// Manifest uploads that cost more to read than they weigh (a compressed-stream bomb, a page bomb) are refused in
// words before any parser holds them, and every stored manifest leaves only as a download (attachment; the stream of
// this service also with a sandbox CSP), so a PDF carrying JavaScript is never rendered as a page of an origin.
// Real stack: FerretDB, Keycloak tokens, the S3 gateway. Own database (MANIFEST_ENV, shared with manifests.test.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { Role } from '@portal/contracts';
import { startService, tokenFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { LIC, call, orderInput, seedReadModels } from './order-helpers.js';
import { MANIFEST_ENV, manifestPdf, multipart } from './manifests-helpers.js';

let app: FastifyInstance;
let order: { id: string; orderId: string };
before(async () => {
  app = await startService(buildApp, MANIFEST_ENV);
  await seedReadModels();
  // staff place it (no routing call: the day rule is vendors'); company A's order, so A's users upload to it
  const r = await call(app, Role.Admin, 'POST', '/api/orders/create', { order: orderInput() });
  assert.equal(r.statusCode, 200, r.body);
  order = r.json().data.order;
});
after(() => app?.close());

// A full collection before each RSS reading (the test runner has no --expose-gc): what the check kept, not the
// 64 KB chunks it already let go and a busy host had not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function upload(bytes: Buffer, name = 'manifest.pdf') {
  const body = multipart({ order: order.id, force: 'false' }, { name, bytes });
  const token = await tokenFor(Role.AccountAdmin);
  gc();
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/manifestupload',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  const ms = performance.now() - t0;
  gc();
  return {
    res,
    ms,
    grewMb: (process.memoryUsage().rss - rss0) / 1024 / 1024,
  };
}

/** A one-page PDF whose page content stream inflates to `mib` MiB (a few hundred KB on disk). */
function contentBomb(mib: number): Buffer {
  const big = deflateSync(Buffer.alloc(mib * 1024 * 1024, ' '), { level: 9 });
  const head =
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n` +
    `2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n` +
    `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n` +
    `4 0 obj\n<< /Length ${big.length} /Filter /FlateDecode >>\nstream\n`;
  const tail = '\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head), big, Buffer.from(tail)]);
}

test('a PDF whose content stream inflates to 128 MiB: 400 in words, RSS + < 100 MB, nothing written', async (t) => {
  const before = await Order.findById(order.id).lean<any>();
  const bomb = contentBomb(128);
  assert.ok(bomb.length < 1024 * 1024, `under 1 MB (${bomb.length})`);
  const { res, ms, grewMb } = await upload(bomb);
  assert.equal(res.statusCode, 400, res.body);
  assert.match(String(res.headers['content-type']), /problem\+json/);
  assert.equal(
    res.json().detail,
    'The manifest is too large once unpacked: its compressed streams expand to more than 64 MB. Please export it again and retry.',
  );
  t.diagnostic(`answered in ${Math.round(ms)} ms`); // reported, not asserted: a busy host would fail it
  assert.ok(grewMb < 100, `RSS grew ${Math.round(grewMb)} MB`);
  const after = await Order.findById(order.id).lean<any>();
  assert.equal(after.version, before.version, 'nothing written');
});

test('a PDF of more than 300 pages is refused in words', async () => {
  const { res } = await upload(await manifestPdf(LIC.A, LIC.DEST, 301));
  assert.equal(res.statusCode, 400, res.body);
  assert.equal(
    res.json().detail,
    "The manifest has 301 pages, more than 300; upload the manifest's own pages only.",
  );
});

/** A matching manifest that runs JavaScript when opened (/OpenAction and a /JS name tree entry). */
async function scriptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.load(await manifestPdf(LIC.A, LIC.DEST));
  const js = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("owned")') });
  doc.catalog.set(PDFName.of('OpenAction'), js);
  doc.catalog.set(
    PDFName.of('Names'),
    doc.context.obj({ JavaScript: doc.context.obj({ Names: [PDFString.of('x'), js] }) }),
  );
  await doc.embedFont(StandardFonts.Helvetica);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

test('a manifest with JavaScript is only ever served as a download: the pre-signed URL and the stream', async () => {
  const pdf = await scriptedPdf();
  assert.match(pdf.toString('latin1'), /\/JavaScript/);
  const { res } = await upload(pdf, 'scripted.pdf');
  assert.equal(res.statusCode, 200, res.body);
  const sha = createHash('sha256').update(pdf).digest('hex');

  const auth = { authorization: `Bearer ${await tokenFor(Role.AccountAdmin)}` };
  const url = await app.inject({ url: `/api/orders/${order.id}/manifest`, headers: auth });
  assert.equal(url.statusCode, 200, url.body);
  const signed = await fetch(url.json().data.url);
  assert.equal(signed.status, 200);
  assert.match(String(signed.headers.get('content-disposition')), /^attachment; filename="scripted\.pdf"/);
  assert.equal(signed.headers.get('content-type'), 'application/pdf');
  const bytes = Buffer.from(await signed.arrayBuffer());
  assert.equal(createHash('sha256').update(bytes).digest('hex'), sha);

  const stream = await app.inject({ url: `/api/orders/${order.id}/manifest?stream=true`, headers: auth });
  assert.equal(stream.statusCode, 200);
  assert.match(String(stream.headers['content-disposition']), /^attachment; filename="scripted\.pdf"/);
  assert.equal(stream.headers['content-security-policy'], "sandbox; default-src 'none'");
  assert.equal(stream.headers['x-content-type-options'], 'nosniff');
  assert.equal(stream.headers['content-type'], 'application/pdf');
  assert.equal(createHash('sha256').update(stream.rawPayload).digest('hex'), sha);

  const other = await app.inject({
    url: `/api/orders/${order.id}/manifest?stream=true`,
    headers: { authorization: `Bearer ${await tokenFor(Role.User)}` },
  });
  assert.equal(other.statusCode, 404, "another company's user reads nothing");
});
