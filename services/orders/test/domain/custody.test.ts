// The custody report: built from the ledger, the steps in words with their facts, `verified` per entry
// from the recomputed chain (a tampered entry and everything after it fail), and the printable PDF.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OrderHistoryEntry } from '@portal/contracts';
import { nextEntry, type EntryInput } from '../../src/domain/ledger.js';
import { custodyReport } from '../../src/domain/custody/report.js';
import { renderCustodyPdf } from '../../src/domain/custody/pdf.js';
import { readPdf } from './labels-pdf-read.js';

const SHA = 'a'.repeat(64);
const admin = { userId: 'u-admin', name: 'Ada Admin', role: 1 };
const driver = { userId: 'u-driver', name: 'Dee Driver', role: 2 };
const vendor = { userId: 'u-vendor', name: 'Val Vendor', role: 3 };

function chain(): OrderHistoryEntry[] {
  const steps: Omit<EntryInput, 'at' | 'source'>[] = [
    {
      by: vendor,
      action: 'created',
      changes: [
        { path: 'data.order.pickupLN', to: 'TST-A-1001' },
        { path: 'data.order.destinationLN', to: 'TST-D-3001' },
        { path: 'data.order.notes', to: 'fragile' },
        { path: 'data.order.status', to: 0 },
      ],
    },
    { by: admin, action: 'status', changes: [{ path: 'data.order.status', from: 0, to: 1 }] },
    { by: vendor, action: 'updated', changes: [{ path: 'data.order.notes', from: 'fragile', to: 'glass' }] },
    { by: vendor, action: 'labels-printed', changes: [{ path: 'labels.printed', to: 3 }] },
    {
      by: driver,
      action: 'status',
      changes: [
        { path: 'data.order.status', from: 1, to: 7 },
        {
          path: 'data.order.signature.pickup',
          to: { name: 'Dee Driver', image: '[image]', date: '2026-11-25' },
        },
      ],
    },
    {
      by: driver,
      action: 'manifest-signed',
      changes: [{ path: 'manifest.signed', to: [{ kind: 'customer', sha256: SHA, unsignedSha256: SHA }] }],
    },
  ];
  const h: OrderHistoryEntry[] = [];
  steps.forEach((s, i) =>
    h.push(nextEntry(h, { ...s, at: new Date(Date.UTC(2026, 10, 25, 10, i)), source: 'form' })),
  );
  return h;
}

const order = (history: OrderHistoryEntry[]) =>
  ({ _id: 'abc123', orderId: 'G-100042', data: { order: { status: 7 } }, history }) as never;

test('the report lists the custody steps in words with their facts; plain note edits stay out', () => {
  const r = custodyReport(order(chain()), 1, new Date('2026-11-25T12:00:00Z'));
  assert.equal(r.orderId, 'G-100042');
  assert.equal(r.status, 'Order Picked Up');
  assert.equal(r.verified, true);
  assert.equal(r.ledgerEntries, 6);
  assert.deepEqual(
    r.entries.map((e) => [e.seq, e.title]),
    [
      [1, 'Order created'],
      [2, 'Order approved'],
      [4, '3 labels printed'],
      [5, 'Picked up'],
      [6, 'Manifest signed'],
    ],
  );
  const [created, approved, labels, picked, signed] = r.entries;
  assert.equal(created!.facts.pickupLN, 'TST-A-1001');
  assert.equal(created!.facts.notes, undefined, 'a created entry shows the custody facts, not every field');
  assert.equal(approved!.facts.status, 'Order Received -> Order Approved');
  assert.equal(approved!.by.name, 'Ada Admin');
  assert.equal(labels!.facts['labels.printed'], '3');
  assert.equal(picked!.facts['signature.pickup.name'], 'Dee Driver');
  assert.ok(!Object.keys(picked!.facts).some((k) => k.endsWith('image')), 'no signature image');
  assert.equal(signed!.facts['manifest.signed.sha256'], SHA);
  assert.ok(r.entries.every((e) => e.verified && /^[0-9a-f]{64}$/.test(e.hash)));
});

test('a gate entry shows everything that was missing, not only the last item', () => {
  const h: OrderHistoryEntry[] = [];
  h.push(
    nextEntry(h, {
      by: admin,
      action: 'gate-override',
      changes: [
        {
          path: 'gate',
          to: { step: 'delivered', missing: ['manifest', 'receiver-signature'], reason: 'paper-signed' },
        },
      ],
      at: new Date(Date.UTC(2026, 10, 25, 10, 0)),
      source: 'form',
    }),
  );
  const [gate] = custodyReport(order(h), 1, new Date('2026-11-25T12:00:00Z')).entries;
  assert.equal(gate!.facts['gate.missing'], 'manifest, receiver-signature');
  assert.equal(gate!.facts['gate.reason'], 'paper-signed');
});

test('a tampered entry: it and every later entry are not verified, the earlier ones still are', () => {
  const h = chain();
  h[3] = { ...h[3]!, changes: [{ path: 'labels.printed', to: 30 }] };
  const r = custodyReport(order(h), 1);
  assert.equal(r.verified, false);
  assert.equal(r.brokenAt, 4);
  assert.deepEqual(
    r.entries.map((e) => [e.seq, e.verified]),
    [
      [1, true],
      [2, true],
      [4, false],
      [5, false],
      [6, false],
    ],
  );
});

test('a vendor sees an Exception as Order Approved in the report (orders §4)', () => {
  const o = { ...(order(chain()) as object), data: { order: { status: 4 } } } as never;
  assert.equal(custodyReport(o, 3).status, 'Order Approved');
  assert.equal(custodyReport(o, 1).status, 'Exception');
});

test('the custody PDF shows the verdict, every step, its signer and its hash', async () => {
  const good = await readPdf(await renderCustodyPdf(custodyReport(order(chain()), 1)));
  const all = good.text.join('\n');
  assert.match(all, /LEDGER VERIFIED: all 6 entries/);
  for (const t of ['#2 Order approved', '#4 3 labels printed', '#6 Manifest signed', 'Ada Admin'])
    assert.ok(all.includes(t), `PDF shows ${t}`);
  assert.ok(all.includes(chain()[5]!.hash.slice(0, 20)), 'the hash is printed');
  const h = chain();
  h[1] = { ...h[1]!, by: driver };
  const bad = (await readPdf(await renderCustodyPdf(custodyReport(order(h), 1)))).text.join('\n');
  assert.match(bad, /LEDGER DOES NOT VERIFY: entry 2/);
  assert.match(bad, /NOT VERIFIED/);
});
