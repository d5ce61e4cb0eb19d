import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import {
  checkZip,
  entryHead,
  imageSize,
  imageTooLarge,
  runBounded,
  WorkerLimitError,
  zipEntries,
  ZipLimitError,
  type ZipLimits,
} from '../src/index.js';

/** A zip of deflated entries, written by hand; `lie` rewrites an entry's claimed size or its local name. */
function zip(
  entries: { name: string; data: Buffer; claim?: number; localName?: string; zip64?: boolean }[],
): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const localName = Buffer.from(e.localName ?? e.name);
    const extra = e.zip64 ? Buffer.from('01001000' + '00'.repeat(16), 'hex') : Buffer.alloc(0);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(8, 8);
    lh.writeUInt32LE(packed.length, 18);
    lh.writeUInt32LE(e.claim ?? e.data.length, 22);
    lh.writeUInt16LE(localName.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(8, 10);
    ch.writeUInt32LE(packed.length, 20);
    ch.writeUInt32LE(e.claim ?? e.data.length, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt16LE(extra.length, 30);
    ch.writeUInt32LE(offset, 42);
    locals.push(lh, localName, packed);
    central.push(ch, name, extra);
    offset += 30 + localName.length + packed.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const LIMITS: ZipLimits = { maxEntries: 10, maxEntryBytes: 4 << 20, maxTotalBytes: 6 << 20, maxRatio: 100 };
const refusedWith = (re: RegExp) => (e: unknown) => e instanceof ZipLimitError && re.test(e.reason);

test('zip: entries are read from the directory; honest small archives pass and their heads can be read', async () => {
  const z = zip([
    { name: 'a.xml', data: Buffer.from('<a dim="1"/>'.repeat(10)) },
    { name: 'b.bin', data: Buffer.alloc(1000, 7) },
  ]);
  const entries = await checkZip(z, LIMITS);
  assert.deepEqual(
    entries.map((e) => [e.name, e.size]),
    [
      ['a.xml', 120],
      ['b.bin', 1000],
    ],
  );
  assert.equal(await entryHead(z, entries[0]!, 12), '<a dim="1"/>');
});

test('zip: refused by entry size, total, ratio, count — from the directory, before inflating', async () => {
  const big = Buffer.alloc(5 << 20, 'A');
  await assert.rejects(
    checkZip(zip([{ name: 'x', data: big }]), LIMITS),
    refusedWith(/x unpacks to 5 MB, more than 4 MB/),
  );
  const three = Buffer.alloc(3.5 * 1024 * 1024, 'A');
  await assert.rejects(
    checkZip(
      zip([
        { name: 'p', data: three },
        { name: 'q', data: three },
      ]),
      { ...LIMITS, maxRatio: 10_000 },
    ),
    refusedWith(/^the file unpacks to 7 MB, more than 6 MB$/),
  );
  await assert.rejects(
    checkZip(zip([{ name: 'r', data: three }]), LIMITS),
    refusedWith(/compressed \d+ to 1, more than 100 to 1/),
  );
  const many = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') }));
  await assert.rejects(checkZip(zip(many), LIMITS), refusedWith(/more than 10 entries/));
});

test('zip: an entry that inflates past its claim, a name that differs between headers, ZIP64 fields: refused', async () => {
  const lie = zip([{ name: 'a', data: Buffer.alloc(2 << 20, 'A'), claim: 1024 }]);
  await assert.rejects(
    checkZip(lie, { ...LIMITS, maxRatio: 1e9 }),
    refusedWith(/a unpacks to more than its archive says/),
  );
  assert.throws(
    () => zipEntries(zip([{ name: 'a', data: Buffer.from('x'), localName: 'b' }])),
    refusedWith(/two names/),
  );
  assert.throws(
    () => zipEntries(zip([{ name: 'a', data: Buffer.from('x'), zip64: true }])),
    refusedWith(/ZIP64/),
  );
  assert.throws(() => zipEntries(Buffer.from('not a zip at all')), refusedWith(/no central directory/));
});

test('images: the pixel size from the header (PNG, GIF, JPEG, WebP); a pixel bomb is named before decoding', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000075300000753008060000', 'hex');
  assert.deepEqual(imageSize(png), { width: 30000, height: 30000 });
  assert.match(imageTooLarge(png)!, /30000 × 30000 pixels, more than 16 megapixels/);
  const gif = Buffer.from('GIF89a\x40\x01\xf0\x00', 'latin1');
  assert.deepEqual(imageSize(gif), { width: 320, height: 240 });
  assert.equal(imageTooLarge(gif), null);
  const jpeg = Buffer.from(
    'ffd8ffe000104a46494600010100000100010000ffc0001108007800a003012200021101031101',
    'hex',
  );
  assert.deepEqual(imageSize(jpeg), { width: 160, height: 120 });
  const webp = Buffer.concat([
    Buffer.from('RIFF\0\0\0\0WEBPVP8X', 'latin1'),
    Buffer.alloc(8),
    Buffer.from('ff0300ff0300', 'hex'),
  ]);
  assert.deepEqual(imageSize(webp), { width: 1024, height: 1024 });
  assert.equal(imageTooLarge(Buffer.from('junk')), 'its size cannot be read');
});

test('bounded worker: an answer comes back; a heap bomb ends the worker, not the process', async () => {
  const file = new URL('./fixtures/bounded-worker.ts', import.meta.url);
  assert.equal(await runBounded<number>({ file, data: { n: 21 }, maxHeapMb: 64, timeoutMs: 20_000 }), 42);
  await assert.rejects(
    runBounded({ file, data: { bomb: true }, maxHeapMb: 32, timeoutMs: 60_000 }),
    (e) => e instanceof WorkerLimitError && e.limit === 'memory',
  );
  await assert.rejects(
    runBounded({ file, data: { spin: true }, maxHeapMb: 32, timeoutMs: 300 }),
    (e) => e instanceof WorkerLimitError && e.limit === 'time',
  );
});
