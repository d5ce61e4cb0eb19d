// Metrc: the adapter against the local Metrc stub (deploy/local/metrc-stub, started in-process): the three
// transfer calls with Basic auth; slow → timeout then retries; failing → retried, then an error in words; a failure
// that clears → the call succeeds on a retry; 429 → waits the Retry-After; bounded concurrency.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { limiter, metrcClient, MetrcError, retryAfterMs } from '../../src/adapters/metrc/client.js';
import { startMetrcStub } from '../../../../deploy/local/metrc-stub/server.mjs';

type Stub = Awaited<ReturnType<typeof startMetrcStub>>;
let stub: Stub;
const day = (d: string) => new Date(`${d}T00:00:00Z`);
const TRANSFERS = [
  {
    manifestNo: 'M-100',
    shipper: 'LIC-A',
    recipient: 'LIC-B',
    packages: 3,
    state: 'received',
    lastModified: '2026-11-20T10:00:00Z',
  },
  {
    manifestNo: 'M-101',
    shipper: 'LIC-A',
    recipient: 'LIC-C',
    packages: 1,
    state: 'in-transit',
    lastModified: '2026-11-21T10:00:00Z',
  },
  {
    manifestNo: 'M-200',
    shipper: 'LIC-Z',
    recipient: 'LIC-B',
    packages: 2,
    state: 'pending',
    lastModified: '2026-11-20T11:00:00Z',
  },
];

before(async () => {
  stub = await startMetrcStub({ port: 0, transfers: TRANSFERS, mongoUrl: '' });
});
after(() => stub?.close());

const client = (over = {}) =>
  metrcClient({ baseUrl: stub.url, vendorKey: 'vk', userKey: 'uk', backoffMs: 20, timeoutMs: 2000, ...over });

test('outgoing by licence and 24-hour window, then the deliveries and packages of a transfer', async () => {
  stub.setMode({ mode: 'normal' });
  const c = client();
  const list = await c.outgoing('LIC-A', day('2026-11-20'), new Date('2026-11-20T23:59:59Z'));
  assert.deepEqual(
    list.map((t) => t.ManifestNumber),
    ['M-100'],
  );
  assert.equal(list[0]!.ShipperFacilityLicenseNumber, 'LIC-A');
  assert.equal(list[0]!.PackageCount, 3);
  const [d] = await c.deliveries(list[0]!.Id);
  assert.equal(d!.RecipientFacilityLicenseNumber, 'LIC-B');
  assert.ok(d!.ReceivedDateTime);
  const p = await c.packages(d!.Id);
  assert.deepEqual(
    p.map((x) => x.ShipmentPackageState),
    ['Accepted', 'Accepted', 'Accepted'],
  );
  assert.equal(c.stats().calls, 3);
});

test('a window over 24 hours is refused by Metrc (400, not retried) with its message', async () => {
  stub.setMode({ mode: 'normal' });
  const c = client();
  await assert.rejects(c.outgoing('LIC-A', day('2026-11-20'), day('2026-11-22')), (e: MetrcError) => {
    assert.equal(e.status, 400);
    assert.match(
      e.message,
      /Metrc answered 400 to \/transfers\/v1\/outgoing: The time period .* cannot exceed 24 hours/,
    );
    return true;
  });
  assert.equal(c.stats().retries, 0);
});

test('wrong keys: 401 at once, and the message carries no key', async () => {
  const c = metrcClient({ baseUrl: stub.url, vendorKey: 'secret-vendor', userKey: '', backoffMs: 10 });
  await assert.rejects(
    c.deliveries(1),
    (e: MetrcError) => e.status === 401 && !/secret-vendor/.test(e.message),
  );
});

test('slow: each try times out, is retried with backoff, then fails as a timeout', async () => {
  stub.setMode({ mode: 'slow', delayMs: 400 });
  const c = client({ timeoutMs: 100, retries: 2 });
  const t0 = Date.now();
  await assert.rejects(c.deliveries(100000), (e: MetrcError) => {
    assert.equal(e.kind, 'timeout');
    assert.match(
      e.message,
      /did not answer \/transfers\/v1\/100000\/deliveries within 0.1 s \(after 3 tries\)/,
    );
    return true;
  });
  assert.equal(c.stats().calls, 3);
  assert.equal(c.stats().retries, 2);
  assert.ok(Date.now() - t0 >= 300, 'three timeouts of 100 ms');
});

test('slow but within the timeout: answered', async () => {
  stub.setMode({ mode: 'slow', delayMs: 150 });
  const [d] = await client({ timeoutMs: 1000 }).deliveries(100000);
  assert.equal(d!.ManifestNumber, 'M-100');
});

test('failing: 500s are retried, then the error says so', async () => {
  stub.setMode({ mode: 'failing' });
  const c = client({ retries: 3 });
  await assert.rejects(
    c.packages(1000001),
    /Metrc answered 500 to \/transfers\/v1\/delivery\/1000001\/packages: An error has occurred. \(after 4 tries\)/,
  );
  assert.equal(stub.stats().failed, 4);
});

test('a failure that clears: the retry gets the answer', async () => {
  stub.setMode({ mode: 'failing', failFirst: 2 });
  const c = client({ retries: 3 });
  const p = await c.packages(1000001);
  assert.equal(p.length, 3);
  assert.equal(c.stats().retries, 2);
});

test('rate limited: 429s are waited out for their Retry-After, and every call is answered', async () => {
  stub.setMode({ mode: 'rate-limited', burst: 2, retryAfter: 1 });
  const c = client({ concurrency: 4 });
  const t0 = Date.now();
  const answers = await Promise.all([1, 2, 3, 4, 5].map(() => c.deliveries(100001)));
  const ms = Date.now() - t0;
  assert.equal(answers.length, 5);
  for (const a of answers) assert.equal(a[0]!.RecipientFacilityLicenseNumber, 'LIC-C');
  assert.ok(stub.stats().rateLimited >= 3, `429s answered: ${stub.stats().rateLimited}`);
  assert.ok(c.stats().rateLimitWaits >= 3);
  assert.ok(ms >= 900, `waited the Retry-After (${ms} ms)`);
  assert.equal(c.stats().retries, 0, '429s are not failures');
});

test('Retry-After as seconds or an HTTP date; bounded concurrency', async () => {
  assert.equal(retryAfterMs('2'), 2000);
  assert.equal(retryAfterMs(null), 1000);
  assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 7000), 3000);
  const run = limiter(2);
  let active = 0;
  let peak = 0;
  await Promise.all(
    Array.from({ length: 6 }, () =>
      run(async () => {
        peak = Math.max(peak, ++active);
        await new Promise((r) => setTimeout(r, 20));
        active--;
      }),
    ),
  );
  assert.equal(peak, 2);
});
