import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildService, publicUrl, type PortalApp } from '../src/index.js';

/**
 * Pre-signed downloads are handed out on the portal's own address (S3_PUBLIC_URL, locally the edge's /files/), never
 * on the object store's internal one (S3_ENDPOINT:S3_PORT, 127.0.0.1:9100 locally, which no other machine reaches).
 * Against the running stack: the edge forwards a signed GET to the store, which still checks signature, expiry and
 * the attachment disposition; anything else through /files/ is refused.
 */
const apps: PortalApp[] = [];
after(async () => {
  for (const a of apps) await a.close();
});
const EDGE = process.env.APP_URL ?? 'http://localhost:8080';

async function store() {
  const app = await buildService(
    { name: 'kitpublic', domain: 'kitpublic', routes: [], backends: ['mongo', 's3'] },
    { LOG_LEVEL: 'warn', S3_BUCKET: 'kit-public-test', S3_PUBLIC_URL: `${EDGE}/files` },
  );
  apps.push(app);
  await app.ready();
  await app.objectStore.ensureBucket();
  return app;
}

test('publicUrl: the signed path and query under the public base; an empty base keeps the URL as signed', () => {
  const signed = 'http://127.0.0.1:9100/b/k%20x.pdf?X-Amz-Signature=ab&X-Amz-Expires=300';
  assert.equal(
    publicUrl(signed, 'https://portal.example/files/'),
    'https://portal.example/files/b/k%20x.pdf?X-Amz-Signature=ab&X-Amz-Expires=300',
  );
  assert.equal(publicUrl(signed, ''), signed);
});

test('a download URL is on the portal address, works through the edge, is an attachment; nothing else passes', async () => {
  const app = await store();
  const key = `t/${Date.now()} report.pdf`;
  await app.objectStore.client.putObject('kit-public-test', key, Buffer.from('%PDF-1.4 public'));
  const url = await app.objectStore.presignedGet(key, { expires: 60, filename: 'report.pdf' });
  assert.ok(url.startsWith(`${EDGE}/files/kit-public-test/`), url);
  assert.ok(!url.includes(`${app.env.S3_ENDPOINT}:${app.env.S3_PORT}`), 'never the store’s own address');

  const got = await fetch(url);
  assert.equal(got.status, 200);
  assert.equal(await got.text(), '%PDF-1.4 public');
  assert.match(got.headers.get('content-disposition') ?? '', /^attachment; filename="report.pdf"/);
  // however the client reaches the edge (another machine uses the edge's public name): the same bytes
  const other = await fetch(url.replace('//localhost:', '//127.0.0.1:'));
  assert.equal(other.status, 200);

  const tampered = url.replace(
    /X-Amz-Signature=([0-9a-f])/,
    (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
  );
  const refused = await fetch(tampered);
  assert.equal(refused.status, 403, 'a changed signature is refused');
  // in words a person can act on, not the store's XML
  assert.match(((await refused.json()) as { detail: string }).detail, /expired or is not valid/);
  const unsigned = await fetch(`${EDGE}/files/kit-public-test/${encodeURIComponent(key)}`);
  assert.equal(unsigned.status, 404, 'no signature: the edge does not forward it');
  const put = await fetch(url, { method: 'PUT', body: 'overwrite' });
  assert.equal(put.status, 403, 'the edge forwards downloads only');
  const again = await fetch(url);
  assert.equal(await again.text(), '%PDF-1.4 public', 'nothing was overwritten');
  await app.objectStore.client.removeObject('kit-public-test', key);
});
