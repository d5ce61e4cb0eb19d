// The signing domain without HTTP (the signature pad): the stamped PDF carries the printed name, the two
// hashes and one more image; the unsigned hash is the stored one; a swapped file is detectable by recomputing; the
// request rules (printed name, signature, who signs what, back-to-transit confirmation, replays).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { OrderMessages, Role, SigningMessages as SM, type SignManifestBody } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { PNG_DATA_URL, manifestPdf } from './signing-fixtures.js';
import { stampManifest } from '../../src/domain/signing/stamp.js';
import { assertMaySign, findReplay, prepareSigning, statusAfter } from '../../src/domain/signing/rules.js';

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

const FONTS = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
async function textOf(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: pdf.slice(), standardFontDataUrl: FONTS }).promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const c = await (await doc.getPage(i)).getTextContent();
    out += c.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  return out;
}
/** Images drawn on the pages (an image's transparency mask, a second Image object, is not counted). */
async function imageCount(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  const all = doc.context
    .enumerateIndirectObjects()
    .filter(
      ([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    );
  const masks = new Set(all.map(([, o]) => String((o as PDFRawStream).dict.get(PDFName.of('SMask')))));
  return all.filter(([ref]) => !masks.has(String(ref))).length;
}

const body = (over: Partial<SignManifestBody> = {}): SignManifestBody => ({
  ids: ['x'],
  kind: 'customer',
  name: 'Rita Receiver',
  signature: { image: PNG_DATA_URL },
  ...over,
});

test('the stamped manifest: name, date, kind, both hashes on an appended page, one more image, same pages before', async () => {
  const pdf = await manifestPdf();
  const p = prepareSigning(body({ tags: ['1A4FF0000000022000000123'] }), undefined);
  const at = new Date('2026-11-25T21:05:00Z');
  const out = await stampManifest({
    pdf,
    mark: p.mark,
    kind: 'customer',
    name: p.name,
    at,
    orderId: 'G-100123',
    signedBy: { userId: 'u-1', name: 'Rita R' },
    unsignedSha256: sha(pdf),
    signatureSha256: p.signatureSha256,
    tags: p.tags,
  });
  const text = await textOf(out);
  for (const want of [
    'Rita Receiver',
    'G-100123',
    'Customer (receiver)',
    '2026-11-25 21:05:00',
    sha(pdf),
    p.signatureSha256,
    '1A4FF0000000022000000123',
  ])
    assert.ok(text.includes(want), `the signed copy shows ${want}`);
  assert.ok(text.includes('MANIFEST 0001 page 2'), 'the manifest pages are kept');
  assert.equal((await PDFDocument.load(out)).getPageCount(), 3, 'one signature page appended');
  assert.equal((await imageCount(out)) - (await imageCount(pdf)), 1, 'exactly one more image: the signature');
  assert.equal(
    p.signatureSha256,
    sha(Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64')),
    'hash of the image bytes',
  );
  const kw = (await PDFDocument.load(out)).getKeywords() ?? '';
  assert.ok(kw.includes(`unsigned-sha256:${sha(pdf)}`), 'the hash is in the metadata too');
});

test('a typed signature is drawn in the script face (no image); its hash is of the typed text', async () => {
  const pdf = await manifestPdf();
  const p = prepareSigning(body({ signature: { typed: '  Rita Receiver ' } }), undefined);
  assert.equal(p.signatureSha256, sha('Rita Receiver'));
  const svg = Buffer.from(p.image!.split(',')[1]!, 'base64').toString();
  assert.match(p.image!, /^data:image\/svg\+xml;base64,/, 'the order keeps a picture of the typed name');
  assert.match(svg, />Rita Receiver<\/text>/);
  assert.ok(
    !prepareSigning(body({ signature: { typed: '<script>x</script>' } }), undefined).image!.includes(
      'script>',
    ),
  );
  const out = await stampManifest({
    pdf,
    mark: p.mark,
    kind: 'driver',
    name: p.name,
    at: new Date(),
    orderId: 'G-1',
    signedBy: { userId: 'u', name: 'n' },
    unsignedSha256: sha(pdf),
    signatureSha256: p.signatureSha256,
  });
  assert.equal(await imageCount(out), 0);
  assert.match(await textOf(out), /Driver/);
});

test('a swapped file is detectable: the recorded unsigned hash no longer matches the recomputed one', async () => {
  const original = await manifestPdf('MANIFEST 0001');
  const swapped = await manifestPdf('MANIFEST 0666');
  const recorded = sha(original);
  assert.equal(sha(original), recorded, 'the unsigned hash is recomputable from the stored bytes');
  assert.notEqual(sha(swapped), recorded, 'another file under the same key is told apart');
});

const code = (fn: () => unknown, status: number, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof Problem && e.status === status && e.detail === message);

test('request rules: printed name, signature, profile signature, image bytes, emails', () => {
  code(() => prepareSigning(body({ name: '   ' }), undefined), 400, SM.nameRequired);
  code(() => prepareSigning(body({ signature: { typed: ' ' } }), undefined), 400, SM.signatureRequired);
  code(
    () => prepareSigning(body({ signature: { profile: true } }), undefined),
    400,
    OrderMessages.noSignature,
  );
  code(
    () => prepareSigning(body({ signature: { image: 'data:image/png;base64,aGVsbG8=' } }), undefined),
    400,
    SM.badImage,
  );
  assert.throws(() => prepareSigning(body({ emails: ['not-an-email'] }), undefined), /not-an-email/);
  const p = prepareSigning(body({ emails: [' A@B.io', 'a@b.io'], signature: { profile: true } }), {
    name: 'Rita',
    image: PNG_DATA_URL,
  });
  assert.deepEqual(p.emails, ['a@b.io']);
  assert.equal(p.image, PNG_DATA_URL);
});

test('who signs as what: staff either, driver as driver, receiver as customer, vendor never; not cancelled', () => {
  const o = { pickupKey: 'V', destKey: 'R', deleted: 0, status: 7 };
  assertMaySign({ role: Role.Admin, companyKeys: [] }, o, 'customer');
  assertMaySign({ role: Role.SuperAdmin, companyKeys: [] }, o, 'driver');
  assertMaySign({ role: Role.Driver, companyKeys: [] }, o, 'driver');
  code(() => assertMaySign({ role: Role.Driver, companyKeys: [] }, o, 'customer'), 403, SM.driverKindOnly);
  assertMaySign({ role: Role.User, companyKeys: ['R'] }, o, 'customer');
  code(() => assertMaySign({ role: Role.User, companyKeys: ['R'] }, o, 'driver'), 403, SM.receiverKindOnly);
  code(
    () => assertMaySign({ role: Role.AccountAdmin, companyKeys: ['V'] }, o, 'customer'),
    403,
    SM.vendorCannotSign,
  );
  code(
    () => assertMaySign({ role: Role.Admin, companyKeys: [] }, { ...o, deleted: 2, status: 8 }, 'customer'),
    409,
    OrderMessages.orderCancelled,
  );
});

test('a driver signature puts the order in transit; finished orders only after the confirmation (§4)', () => {
  const driver = { role: Role.Driver, companyKeys: [] };
  const o = { pickupKey: 'V', destKey: 'R', deleted: 0 };
  const p = prepareSigning(body({ kind: 'driver' }), undefined);
  assert.equal(statusAfter(driver, { ...o, status: 7 }, p), 2);
  code(() => statusAfter(driver, { ...o, status: 3 }, p), 409, SM.backToTransit);
  assert.equal(statusAfter(driver, { ...o, status: 5 }, { ...p, confirmed: true }), 2);
  const customer = prepareSigning(body(), undefined);
  assert.equal(
    statusAfter({ role: Role.User, companyKeys: ['R'] }, { ...o, status: 3 }, customer),
    3,
    'unchanged',
  );
});

test('a replay is the same manifest, signature, name and kind', () => {
  const p = prepareSigning(body(), undefined);
  const rec = {
    key: 'k',
    filename: 'f',
    sha256: 's',
    unsignedSha256: 'u',
    signatureSha256: p.signatureSha256,
    kind: 'customer' as const,
    name: 'Rita Receiver',
    signedAt: '',
    signedBy: { userId: '', name: '' },
  };
  assert.equal(findReplay([rec], 'u', p), rec);
  assert.equal(findReplay([rec], 'other-manifest', p), undefined);
  assert.equal(findReplay([rec], 'u', { ...p, kind: 'driver' }), undefined);
});
