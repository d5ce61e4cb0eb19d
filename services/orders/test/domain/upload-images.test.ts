import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Problem } from '@portal/service-kit';
import { imageMark } from '../../src/domain/signing/rules.js';
import { fromDataUrl } from '../../src/domain/labels/logo.js';

/** A PNG whose header declares `w` × `h` pixels (never decoded: refused from the header). */
function pngOf(w: number, h: number): string {
  const head = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const dims = Buffer.alloc(13);
  dims.writeUInt32BE(w, 0);
  dims.writeUInt32BE(h, 4);
  dims.writeUInt8(8, 8);
  dims.writeUInt8(6, 9);
  return `data:image/png;base64,${Buffer.concat([head, dims, Buffer.alloc(16)]).toString('base64')}`;
}

test('a signature image declaring 30,000 × 30,000 pixels is a 400 before pdf-lib decodes it', () => {
  assert.ok(imageMark(pngOf(1500, 300)).png, 'a pad-sized signature passes');
  assert.throws(
    () => imageMark(pngOf(30_000, 30_000)),
    (e: Problem) =>
      e.status === 400 &&
      e.detail === 'The signature image is too large: it is 30000 × 30000 pixels, more than 16 megapixels.',
  );
});

test('a label logo declaring a pixel bomb prints the text logo instead of being decoded', () => {
  assert.equal(fromDataUrl(pngOf(400, 100))?.type, 'png');
  assert.equal(fromDataUrl(pngOf(20_000, 20_000)), null);
});
