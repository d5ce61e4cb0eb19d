// Orders §9 "Vendor discrepancies reported within 48 hours": the notice on the print and the invoice, and the rule in
// reconciliation (a row reconciled more than 48 hours ago is settled; a new print does not stamp it again).
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { Role, type RoleNumber } from '@portal/contracts';
import { DISCREPANCY_HOURS, ReconWords, isSettled, reportByOf } from '@portal/contracts/billing';
import { startService, tokenFor } from '@portal/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { NameModel } from '../../src/readmodels/order-projection.js';
import { ReconPrint } from '../../src/models/recon-print.js';
import { buildApp } from '../../src/app.js';
import { freshLN, projected } from './fixtures.js';
import { RECON_TEST_ENV } from './env.js';
import { seedProjected } from '../helpers/projected.js';

let app: FastifyInstance;
const V = freshLN('DSC');
const RANGE = { from: '2026-10-05', to: '2026-10-11' };
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const ids = {
  old: `${V.toLowerCase()}-old`,
  fresh: `${V.toLowerCase()}-fresh`,
  none: `${V.toLowerCase()}-none`,
};

before(async () => {
  app = await startService(buildApp, RECON_TEST_ENV);
  await NameModel.create({
    _id: `vendor:${V}`,
    kind: 'vendor',
    name: 'Window Co',
    registered: true,
    updatedAt: '',
  });
  await seedProjected([
    projected(V, '2026-10-06', {
      _id: ids.old,
      billing: { amount: '10', amountCents: 1000, recon: { date: ago(72), user: 'Ada Admin' } },
    }),
    projected(V, '2026-10-07', {
      _id: ids.fresh,
      billing: { amount: '20', amountCents: 2000, recon: { date: ago(1), user: 'Ada Admin' } },
    }),
    projected(V, '2026-10-08', { _id: ids.none, billing: { amount: '30', amountCents: 3000 } }),
  ]);
});
after(async () => app?.close());

const call = async (role: RoleNumber, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await tokenFor(role)}` },
    ...(payload ? { payload } : {}),
  });

test('orders §9 48 hours: the window closes exactly 48 hours after the reconciliation', () => {
  assert.equal(DISCREPANCY_HOURS, 48);
  const at = '2026-11-20T09:00:00.000Z';
  assert.equal(reportByOf(at), '2026-11-22T09:00:00.000Z');
  assert.equal(isSettled(at, new Date('2026-11-22T08:59:59.999Z')), false);
  assert.equal(isSettled(at, new Date('2026-11-22T09:00:00.000Z')), true);
  assert.equal(isSettled(undefined, new Date()), false);
  assert.equal(isSettled('not a date', new Date()), false);
  assert.equal(
    ReconWords.discrepancyNotice('2026-11-22T09:00:00.000Z'),
    'Vendor discrepancies must be reported within 48 hours, by 2026-11-22 09:00 UTC.',
  );
});

test('orders §9 48 hours: the reconciliation flags settled rows; a print stamps only the unsettled and says by when', async () => {
  const screen = (
    await call(Role.Admin, 'POST', '/api/orders/reconciliation', { vendorLN: V, ...RANGE })
  ).json().data;
  const settled = Object.fromEntries(
    screen.orders.map((r: { id: string; settled?: boolean }) => [r.id, !!r.settled]),
  );
  assert.deepEqual(settled, { [ids.old]: true, [ids.fresh]: false, [ids.none]: false });
  assert.equal(screen.totals.count, 3, 'settled orders still count in the totals');

  const res = await call(Role.Admin, 'POST', '/api/billing/recon/print', { vendorLN: V, ...RANGE });
  assert.equal(res.statusCode, 201, res.body);
  const print = res.json().data.print;
  assert.equal(print.count, 2);
  assert.equal(print.settled, 1);
  assert.equal(print.reportBy, new Date(Date.parse(print.date) + 48 * HOUR).toISOString());
  const stored = await ReconPrint.findById(print.id).lean();
  assert.deepEqual([...stored!.orderIds].sort(), [ids.fresh, ids.none].sort());
});

test('orders §9 48 hours: the CSV and PDF invoices end with the notice and its deadline', async () => {
  const base = `/api/billing/invoice?vendorLN=${V}&from=${RANGE.from}&to=${RANGE.to}`;
  const t0 = Date.now();
  const csv = await call(Role.Admin, 'GET', `${base}&format=csv`);
  assert.equal(csv.statusCode, 200);
  const last = csv.body.trimEnd().split('\r\n').pop()!;
  const m =
    /^"Vendor discrepancies must be reported within 48 hours, by (\d{4}-\d\d-\d\d \d\d:\d\d) UTC\."$/.exec(
      last,
    );
  assert.ok(m, last);
  const by = Date.parse(`${m[1]!.replace(' ', 'T')}:00Z`);
  assert.ok(Math.abs(by - (t0 + 48 * HOUR)) < 2 * 60_000, 'by = now + 48 hours');

  const pdf = await call(Role.Admin, 'GET', `${base}&format=pdf`);
  assert.equal(pdf.statusCode, 200);
  const FONTS = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const doc = await getDocument({ data: new Uint8Array(pdf.rawPayload), standardFontDataUrl: FONTS }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const c = await (await doc.getPage(i)).getTextContent();
    text += c.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  assert.match(
    text,
    /Vendor discrepancies must be reported within 48 hours, by \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
  );
});
