// The print stamp and the invoice export against the real stack: the ReconPrint document, its
// billing.recon.stamped.v1 events read back from the BILLING stream, the double-click guard, the PDF's text and the
// CSV's figures equal to the screen's.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DeliverPolicy } from '@nats-io/jetstream';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  Role,
  Subjects,
  type EventEnvelope,
  type ReconStampedData,
  type RoleNumber,
} from '@portal/contracts';
import { startService, tokenFor, waitFor } from '@portal/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { NameModel, OrderProjection, fromStored } from '../../src/readmodels/order-projection.js';
import { ReconPrint } from '../../src/models/recon-print.js';
import { buildApp } from '../../src/app.js';
import { freshLN, projected } from './fixtures.js';
import { RECON_TEST_ENV } from './env.js';
import { seedProjected } from '../helpers/projected.js';

let app: FastifyInstance;
const events: EventEnvelope<ReconStampedData>[] = [];
let stop = () => {};
const V = freshLN('PRT');
const RANGE = { from: '2026-11-16', to: '2026-11-22' };

before(async () => {
  app = await startService(buildApp, RECON_TEST_ENV);
  const consumer = await app.js.consumers.get('BILLING', {
    filter_subjects: Subjects.reconStamped,
    deliver_policy: DeliverPolicy.New,
  });
  const messages = await consumer.consume();
  stop = () => void messages.stop();
  void (async () => {
    for await (const m of messages) events.push(m.json<EventEnvelope<ReconStampedData>>());
  })();
  await NameModel.create({
    _id: `vendor:${V}`,
    kind: 'vendor',
    name: 'Print & Co, "Ltd"',
    registered: true,
    updatedAt: '',
  });
  // 260 delivered orders (two stamp events: 250 + 10), one in transit (not stamped), '0.1' amounts and one big one
  await seedProjected([
    ...Array.from({ length: 260 }, (_, i) =>
      projected(V, i % 2 ? '2026-11-17' : '2026-11-20', {
        billing:
          i === 0
            ? { amount: '$1,250.50', amountCents: 125050, method: 'Cash 7' }
            : { amount: '0.1', amountCents: 10 },
      }),
    ),
    projected(V, '2026-11-18', { status: 1, billing: { amount: '40', amountCents: 4000 } }),
  ]);
});
after(async () => {
  stop();
  await app?.close();
});

const call = async (role: RoleNumber, method: 'GET' | 'POST', url: string, payload?: object, raw = false) => {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await tokenFor(role)}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, json: raw ? undefined : res.json(), res };
};

test('print: 201 with the print, the document, and the stamp events on NATS with the right ids', async () => {
  const screen = (await call(Role.Admin, 'POST', '/api/orders/reconciliation', { vendorLN: V, ...RANGE }))
    .json.data;
  assert.equal(screen.totals.count, 260);
  assert.equal(screen.totals.amountCents, 125050 + 259 * 10);
  const res = await call(Role.Admin, 'POST', '/api/billing/recon/print', {
    vendorLN: V,
    ...RANGE,
    courierName: 'Cody Courier',
  });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  const print = res.json.data.print;
  assert.equal(print.count, 260);
  assert.deepEqual(print.totals, screen.totals);
  assert.ok(print.user, 'who printed');
  const stored = await ReconPrint.findById(print.id).lean();
  assert.ok(stored);
  assert.equal(stored.courierName, 'Cody Courier');
  assert.equal(stored.orderIds.length, 260);
  const mine = await waitFor(() => {
    const got = events.filter((e) => e.data.stampId === print.id);
    return got.length === 2 ? got : undefined;
  }, 15_000);
  const ids = mine.flatMap((e) => e.data.orderIds);
  assert.deepEqual(
    mine.map((e) => e.data.orderIds.length).sort((a, b) => b - a),
    [250, 10],
  );
  const counted = (await OrderProjection.find({ vendorMonth: `${V}|2026-11` }).lean())
    .map(fromStored)
    .filter((o) => o.status === 3)
    .map((o) => o._id);
  assert.deepEqual([...ids].sort(), counted.sort());
  for (const e of mine) {
    assert.equal(e.data.vendorLN, V);
    assert.deepEqual([e.data.from, e.data.to], [RANGE.from, RANGE.to]);
    assert.equal(e.data.date, print.date);
    assert.equal(e.data.user, print.user);
    assert.ok(e.data.userId);
  }
});

test('a double-click makes one print; vendors and drivers print nothing', async () => {
  const before = await ReconPrint.countDocuments({ vendorLN: V });
  const body = { vendorLN: V, from: '2026-11-17', to: '2026-11-17' };
  const [a, b] = await Promise.all([
    call(Role.Admin, 'POST', '/api/billing/recon/print', body),
    call(Role.Admin, 'POST', '/api/billing/recon/print', body),
  ]);
  assert.deepEqual([a.status, b.status].sort(), [200, 201]);
  assert.equal(a.json.data.print.id, b.json.data.print.id);
  assert.equal(a.json.data.print.count, 130);
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    assert.equal((await call(role, 'POST', '/api/billing/recon/print', body)).status, 403);
  }
  assert.equal(await ReconPrint.countDocuments({ vendorLN: V }), before + 1);
});

test('the CSV invoice: the screen totals, quoted names, one line per listed order', async () => {
  const { status, res } = await call(
    Role.Admin,
    'GET',
    `/api/billing/invoice?vendorLN=${V}&from=${RANGE.from}&to=${RANGE.to}&format=csv`,
    undefined,
    true,
  );
  assert.equal(status, 200);
  assert.match(String(res.headers['content-type']), /^text\/csv/);
  assert.match(String(res.headers['content-disposition']), /attachment; filename="invoice-.*\.csv"/);
  const lines = res.body.split('\r\n');
  assert.equal(lines[0], `Vendor,"Print & Co, ""Ltd""",License,${V},Period,2026-11-16 to 2026-11-22`);
  assert.equal(lines.filter((l) => l.startsWith('R-')).length, 261);
  assert.ok(lines.includes('Cash 7,1,1250.50'));
  assert.ok(lines.includes('Net Terms,259,25.90'));
  assert.ok(lines.includes('Total,260,1276.40'));
});

test('the PDF invoice: vendor, period, totals by method, grand total and both signature lines', async () => {
  const { status, res } = await call(
    Role.Admin,
    'GET',
    `/api/billing/invoice?vendorLN=${V}&from=${RANGE.from}&to=${RANGE.to}&format=pdf&courierName=Cody%20Courier`,
    undefined,
    true,
  );
  assert.equal(status, 200);
  assert.equal(res.headers['content-type'], 'application/pdf');
  const FONTS = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const doc = await getDocument({ data: new Uint8Array(res.rawPayload), standardFontDataUrl: FONTS }).promise;
  assert.ok(doc.numPages >= 5, `261 lines take several pages (${doc.numPages})`);
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const c = await (await doc.getPage(i)).getTextContent();
    text += c.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  assert.match(text, /Invoice: Print & Co, "Ltd"/);
  assert.match(text, /Period 2026-11-16 to 2026-11-22/);
  assert.match(text, /Cash 7: 1 orders, \$1,250\.50/);
  assert.match(text, /Net Terms: 259 orders, \$25\.90/);
  assert.match(text, /Grand total: 260 orders, \$1,276\.40/);
  assert.match(text, /Courier signature: Cody Courier/);
  assert.match(text, /Vendor signature/);
});
