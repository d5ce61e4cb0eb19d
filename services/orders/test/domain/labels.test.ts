// Labels: the PDF's layout as printed (page size in points, one page per box, the texts, the
// QR code decoded from the drawn squares), the status rule with the spec's words, the count rule, the logo fallback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import QRCode from 'qrcode';
import { Deleted, OrderStatus } from '@portal/contracts';
import { labelCount, labelFacts, labelRefusal, usDate } from '../../src/domain/labels/facts.js';
import { fromDataUrl, labelLogo } from '../../src/domain/labels/logo.js';
import { renderLabels } from '../../src/domain/labels/pdf.js';
import { decodeQr, readPdf } from './labels-pdf-read.js';

const APP = 'http://localhost:8080';
const order = (over: Record<string, unknown> = {}, status: number = OrderStatus.approved) =>
  ({
    orderId: 'G-100042',
    deliveryDate: '',
    deleted: Deleted.no,
    data: {
      order: {
        status,
        pickupLN: 'TST-A-1001',
        destinationLN: 'TST-D-3001',
        route: 'Bakersfield 16',
        deliveryDate: '2026-12-05T12:00:00.000Z',
        weight: '3',
        ...over,
      },
      pickupCompany: { Licensee: 'Alpha Farms', DBA: 'Alpha Farms DBA', 'License #': 'TST-A-1001' },
      destCompany: {
        Licensee: 'Delta Store',
        DBA: 'Delta Store DBA',
        'License #': 'TST-D-3001',
        'Street Address': '1 Test Way',
        City: 'Bakersfield',
        Zip: '93326',
      },
    },
  }) as never;

test('labelFacts: vendor and ship-to by DBA, route, approved date as MM/DD/YYYY, the order URL', () => {
  const f = labelFacts(order(), `${APP}/`);
  assert.equal(f.vendor, 'Alpha Farms DBA');
  assert.deepEqual(f.shipTo, {
    name: 'Delta Store DBA',
    street: '1 Test Way',
    cityZip: 'Bakersfield 93326',
    licence: 'TST-D-3001',
  });
  assert.equal(f.route, 'Bakersfield 16');
  assert.equal(f.deliveryDate, '12/05/2026');
  assert.equal(f.url, 'http://localhost:8080/order/G-100042');
  assert.equal(usDate('2026-01-09'), '01/09/2026');
  assert.equal(usDate('nonsense'), '');
});

test('renderLabels: 286.56 × 239.04 pt pages, one per box, every fact printed, "i of n" on each', async () => {
  const pdf = await readPdf(await renderLabels(labelFacts(order(), APP), 3));
  assert.equal(pdf.pages.length, 3);
  for (const p of pdf.pages) {
    assert.ok(Math.abs(p.width - 286.56) < 0.01, `width ${p.width}`);
    assert.ok(Math.abs(p.height - 239.04) < 0.01, `height ${p.height}`);
  }
  for (const t of ['G-100042', 'Alpha Farms DBA', 'Delta Store DBA', '1 Test Way', 'Bakersfield 93326'])
    assert.ok(pdf.text.includes(t), `label shows ${t}`);
  for (const t of ['Bakersfield 16', '12/05/2026', '1 of 3', '2 of 3', '3 of 3', 'GPS'])
    assert.ok(pdf.text.includes(t), `label shows ${t}`);
});

test('the QR code drawn on the label decodes to {APP_URL}/order/{orderId}', async () => {
  const pdf = await readPdf(await renderLabels(labelFacts(order(), APP), 2));
  assert.equal(decodeQr(pdf.streams), 'http://localhost:8080/order/G-100042');
});

test('500 labels are one PDF of 500 pages', async () => {
  const pdf = await readPdf(await renderLabels(labelFacts(order(), APP), 500));
  assert.equal(pdf.pages.length, 500);
  assert.ok(pdf.text.includes('500 of 500'));
});

test('text the label font cannot print becomes ?, never an error', async () => {
  const facts = labelFacts(order(), APP);
  facts.vendor = 'Fleurs \u{1F33C} 花 Café';
  const pdf = await readPdf(await renderLabels(facts, 1));
  assert.ok(pdf.text.includes('Fleurs ? ? Caf\u00e9'), pdf.text.join('|'));
});

test('labelRefusal: received, delivered, rejections and cancelled refuse with the spec words; others print', () => {
  for (const s of [OrderStatus.approved, OrderStatus.pickedUp, OrderStatus.inTransit, OrderStatus.exception])
    assert.equal(labelRefusal(order({}, s)), null, `status ${s} prints`);
  const cases: [number, string][] = [
    [OrderStatus.received, 'Order Received'],
    [OrderStatus.delivered, 'Delivered'],
    [OrderStatus.fullRejection, 'Full Rejection'],
    [OrderStatus.partialRejection, 'Partial Rejection'],
    [OrderStatus.cancelled, 'Order Cancelled'],
  ];
  for (const [s, name] of cases) {
    const r = labelRefusal(order({}, s));
    assert.ok(r, `status ${s} refused`);
    assert.equal(r.currentStatus, name);
    assert.equal(r.allowedStatus, 'Order Approved');
    assert.equal(r.detail, `SHIPPING LABEL ERROR. Current status: ${name}. Allowed status: Order Approved.`);
  }
  const deleted = { ...(order() as object), deleted: Deleted.deleted } as never;
  assert.equal(labelRefusal(deleted)?.currentStatus, 'Order Approved (deleted)');
});

test('labelCount: the asked count, else the box count; integers 1..500 only', () => {
  assert.equal(labelCount(undefined, '4'), 4);
  assert.equal(labelCount(undefined, ''), 1);
  assert.equal(labelCount(undefined, 'abc'), 1);
  assert.equal(labelCount(undefined, undefined), 1);
  assert.equal(labelCount(7, '4'), 7);
  assert.equal(labelCount(0, '4'), null);
  assert.equal(labelCount(501, '4'), null);
  assert.equal(labelCount(2.5, '4'), null);
  assert.equal(labelCount(undefined, '900'), null, 'a box count over the cap is asked for explicitly');
});

test('logo: a PNG data URL is drawn as an image; junk and unreachable URLs fall back to the text logo fast', async () => {
  const png = await QRCode.toBuffer('logo', { type: 'png', width: 64 });
  const logo = fromDataUrl(`data:image/png;base64,${png.toString('base64')}`);
  assert.equal(logo?.type, 'png');
  const withLogo = await readPdf(await renderLabels(labelFacts(order(), APP), 1, logo));
  assert.ok(!withLogo.text.includes('GPS'), 'the image replaces the text logo');
  assert.equal(fromDataUrl('data:image/png;base64,bm90IGFuIGltYWdl'), null, 'not a PNG/JPEG');
  assert.equal(await labelLogo('', APP), null);
  const t = Date.now();
  assert.equal(await labelLogo('http://127.0.0.1:9/logo.png', APP), null, 'refused connection');
  assert.equal(await labelLogo('http://10.255.255.1/logo.png', APP), null, 'a black hole');
  assert.ok(Date.now() - t < 1500, `never waits long on the network (${Date.now() - t} ms)`);
});
