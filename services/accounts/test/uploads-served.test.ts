import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { tokenFor } from '@portal/service-kit/testing';
import { call, startApp } from './helpers.js';

/**
 * Uploaded logos and signatures: a PDF carrying JavaScript is served only as a download under a sandbox CSP, an image
 * is shown inline under the same CSP, and an image whose header declares a pixel bomb is refused before anything
 * decodes it.
 */
let app: FastifyInstance;
let token: string;
before(async () => {
  app = await startApp();
  token = await tokenFor(3);
});
after(() => app.close());

const SCRIPTED_PDF =
  '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>\nendobj\n' +
  '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
  '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n' +
  '4 0 obj\n<< /S /JavaScript /JS (app.alert\\("owned"\\)) >>\nendobj\n' +
  'trailer\n<< /Root 1 0 R >>\n%%EOF\n';

/** A PNG whose header declares `w` × `h` pixels (no real pixel data: it is never decoded). */
function pngOf(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(w, 8);
  ihdr.writeUInt32BE(h, 12);
  ihdr.writeUInt8(8, 16); // bit depth
  ihdr.writeUInt8(6, 17); // RGBA
  const iend = Buffer.from('0000000049454e44ae426082', 'hex');
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, iend]);
}

async function stored(bytes: Buffer, declared: string, kind: 'logo' | 'signature') {
  const res = await call(app, 'POST', '/api/utils/uploadfile', token, {
    file: `data:${declared};base64,${bytes.toString('base64')}`,
    kind,
  });
  return res;
}

test('a logo PDF with JavaScript is served as an attachment under a sandbox CSP, never inline', async () => {
  const res = await stored(Buffer.from(SCRIPTED_PDF, 'latin1'), 'application/pdf', 'logo');
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const file = await app.inject({ url: (res.json.data.result as string).slice(app.env.APP_URL.length) });
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['content-type'], 'application/pdf');
  assert.match(String(file.headers['content-disposition']), /^attachment; filename="[0-9a-f-]{36}\.pdf"/);
  assert.match(String(file.headers['content-security-policy']), /(^|; )sandbox(;|$)/);
  assert.match(String(file.headers['content-security-policy']), /default-src 'none'/);
  assert.equal(file.headers['x-content-type-options'], 'nosniff');
});

test('a signature image is shown inline, under the same sandbox CSP and nosniff', async () => {
  const res = await stored(pngOf(600, 120), 'image/png', 'signature');
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const file = await app.inject({ url: (res.json.data.result as string).slice(app.env.APP_URL.length) });
  assert.equal(file.statusCode, 200);
  assert.match(String(file.headers['content-disposition']), /^inline/);
  assert.match(String(file.headers['content-security-policy']), /sandbox/);
  assert.equal(file.headers['x-content-type-options'], 'nosniff');
});

test('an image declaring 30,000 × 30,000 pixels is refused from its header, nothing stored', async () => {
  const res = await stored(pngOf(30_000, 30_000), 'image/png', 'logo');
  assert.equal(res.status, 400, JSON.stringify(res.json));
  assert.equal(
    res.json.message,
    'The image is too large to use: it is 30000 × 30000 pixels, more than 16 megapixels. Please upload a smaller image.',
  );
});
