import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Problem } from '@portal/service-kit';
import {
  isPdf,
  missingLicences,
  pdfPages,
  pdfText,
  showsLicence,
} from '../../src/domain/manifests/pdf-check.js';
import { displayName, orderLicences } from '../../src/domain/manifests/upload.js';
import { manifestFilter, rangeOf } from '../../src/domain/manifests/query.js';
import { manifestKey, sha256 } from '../../src/domain/manifests/store.js';
import type { Caller } from '../../src/domain/order-access.js';

/** A manifest PDF made with pdf-lib: `lines` printed on the first page, `pages` pages. */
export async function manifestPdf(lines: string[], pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage([612, 792]);
    (n === 0 ? lines : [`Page ${n + 1}`]).forEach((l, i) =>
      page.drawText(l, { x: 50, y: 740 - i * 18, size: 11, font }),
    );
  }
  return doc.save();
}
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

test('magic bytes: a PDF starts with %PDF-; a PNG named .pdf does not', async () => {
  assert.equal(isPdf(await manifestPdf(['x'])), true);
  assert.equal(isPdf(PNG), false);
  assert.equal(isPdf(Buffer.from('%PD')), false);
  await assert.rejects(pdfPages(PNG), (e: Problem) => e.status === 415 && /not a PDF/.test(e.detail));
});

test('page count comes from pdf-lib; a truncated PDF is a 400', async () => {
  assert.equal(await pdfPages(await manifestPdf(['a'], 3)), 3);
  const cut = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('garbage '.repeat(20))]);
  await assert.rejects(pdfPages(cut), (e: Problem) => e.status === 400);
});

test('the printed licences are read from the PDF text', async () => {
  const text = await pdfText(
    await manifestPdf(['Shipper License: TST-A-1001', 'Receiver License Number  TST-D-3001']),
  );
  assert.match(text, /TST-A-1001/);
  assert.deepEqual(missingLicences(text, ['TST-A-1001', 'TST-D-3001']), []);
  assert.deepEqual(missingLicences(text, ['TST-A-1001', 'TST-B-2001']), ['TST-B-2001']);
  assert.deepEqual(missingLicences(text, ['', 'TST-D-3001']), [], 'an empty licence is not asked');
});

test('licence match is bounded and tolerates spaces and case', () => {
  assert.equal(showsLicence('lic tst-a-1001 here', 'TST-A-1001'), true);
  assert.equal(showsLicence('lic TST-A- 1001', 'TST-A-1001'), true);
  assert.equal(showsLicence('TST-A-10012', 'TST-A-1001'), false);
  assert.equal(showsLicence('XTST-A-1001', 'TST-A-1001'), false);
  assert.equal(showsLicence('C11-0000123-LIC.', 'C11-0000123-LIC'), true);
});

test('orderLicences prefers the typed licences, displayName is safe and ends in .pdf', () => {
  const o = { data: { order: { pickupLN: 'P-1', destinationLN: 'D-1' } }, pickupKey: 'X', destKey: 'Y' };
  assert.deepEqual(orderLicences(o as never), ['P-1', 'D-1']);
  assert.equal(displayName('C:\\fakepath\\my manifest.PDF'), 'my manifest.PDF');
  assert.equal(displayName('../../etc/passwd'), 'passwd.pdf');
  assert.equal(displayName('ünï.pdf'), '_n_.pdf');
});

test('keys: orders/{id}/manifest-{sha256 first 16}.pdf', () => {
  const sha = sha256(Buffer.from('x'));
  assert.equal(manifestKey('abc', sha), `orders/abc/manifest-${sha.slice(0, 16)}.pdf`);
});

const caller = (over: Partial<Caller>): Caller => ({
  userId: 'u',
  name: 'n',
  role: 3,
  companyKeys: ['A-1'],
  suspended: false,
  driverIds: [],
  sameDayPickup: false,
  ...over,
});

test('the download list is scoped like every order read, range default 4 weeks', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  assert.deepEqual(rangeOf({}, now), { from: '2026-10-28', to: '2026-11-25' });
  const out = manifestFilter(caller({}), {}, now)!;
  assert.deepEqual(out.pickupKey, { $in: ['A-1'] });
  assert.deepEqual(manifestFilter(caller({}), { incoming: true }, now)!.destKey, { $in: ['A-1'] });
  assert.equal(manifestFilter(caller({ companyKeys: [] }), {}, now), null);
  assert.equal(manifestFilter(caller({ role: 2, driverIds: [] }), {}, now), null);
  const staff = manifestFilter(caller({ role: 1, companyKeys: [] }), { search: 'Alpha' }, now)!;
  assert.equal(staff.pickupKey, undefined);
  assert.deepEqual(staff.$and, [{ searchTokens: { $regex: '^alpha' } }]);
  assert.deepEqual(staff['manifest.current.uploadedAt'], {
    $gte: '2026-10-28T00:00:00.000Z',
    $lt: '2026-11-26T00:00:00.000Z',
  });
});
