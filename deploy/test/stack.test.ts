// Checks the RUNNING local stack (bash deploy/local/stack.sh start) with the defaults of deploy/local/env.sh.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import mongoose from 'mongoose';
import { Redis } from 'ioredis';
import { Client as Minio } from 'minio';
import nodemailer from 'nodemailer';
import pg from 'pg';

const env = process.env;
const NATS_MONITOR = env.NATS_MONITOR_URL ?? 'http://127.0.0.1:8222';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6390';
const MONGO_URL = env.MONGO_URL ?? 'mongodb://127.0.0.1:27027/portal';
const POSTGRES_URL = env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5433/ferretdb';
const REALM = env.KEYCLOAK_REALM ?? 'portal';
const ISSUER = env.KEYCLOAK_ISSUER ?? 'http://localhost:8080/auth/realms/portal';
const MAILBOX_URL = env.MAILBOX_URL ?? 'http://127.0.0.1:8025';
const APP_URL = env.APP_URL ?? 'http://localhost:8080';
const JAEGER = env.JAEGER_QUERY_URL ?? 'http://127.0.0.1:16686';
const OTLP = env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://127.0.0.1:4318';

test('NATS: JetStream is enabled (monitor /jsz)', async () => {
  const res = await fetch(`${NATS_MONITOR}/jsz`);
  assert.equal(res.status, 200);
  const jsz = (await res.json()) as Record<string, any>;
  assert.notEqual(jsz.disabled, true);
  assert.ok(jsz.config?.store_dir, 'JetStream config with a store dir');
});

test("NATS: the demo's account (PORTAL) and everyone else's (TEST) do not see each other's events", async () => {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const url = env.NATS_URL ?? 'nats://127.0.0.1:4222';
  // no anonymous connection (each service is a user of its own: deploy/local/nats-config.ts)
  const anonymous = await connect({ servers: url, timeout: 3000 }).then(
    (nc) => nc.close().then(() => 'connected'),
    (err: Error) => err.message,
  );
  assert.notEqual(anonymous, 'connected', 'an anonymous NATS connection is refused');
  const tester = await connect({ servers: url, user: 'test', pass: 'test' }); // TEST's tool user
  // the demo account's read-only inspector (it cannot publish: the services' own users do)
  const demo = await connect({
    servers: url,
    user: env.PORTAL_NATS_USER ?? 'portal',
    pass: env.PORTAL_NATS_PASSWORD ?? 'portal-nats-local-6d2f9a',
  });
  const subject = `iso${randomUUID().slice(0, 8)}.orders.order.created.v1`;
  try {
    const seen: string[] = [];
    const sub = demo.subscribe(subject, { callback: (_e, m) => seen.push(m.string()) });
    const own = tester.subscribe(subject, { max: 1 });
    await demo.flush();
    await tester.flush();
    tester.publish(subject, 'from a test');
    for await (const m of own) assert.equal(m.string(), 'from a test'); // TEST hears itself
    await demo.flush();
    assert.deepEqual(seen, [], 'the demo account heard a test event');
    sub.unsubscribe();
    // and the streams are the account's own: one a test makes is not the demo's
    const names = async (nc: typeof demo) => {
      const out: string[] = [];
      for await (const si of (await jetstreamManager(nc)).streams.list()) out.push(si.config.name);
      return out;
    };
    const stream = subject.slice(0, 11).toUpperCase();
    const jsm = await jetstreamManager(tester);
    await jsm.streams.add({ name: stream, subjects: [`${subject.slice(0, 11)}.>`] });
    try {
      assert.ok((await names(tester)).includes(stream));
      assert.ok(!(await names(demo)).includes(stream), "a test's stream is in the demo's account");
    } finally {
      await jsm.streams.delete(stream);
    }
    const wrong = await connect({ servers: url, user: 'portal', pass: 'not-the-password' }).then(
      (nc) => nc.close().then(() => 'connected'),
      (err: Error) => err.message,
    );
    assert.notEqual(wrong, 'connected', 'a wrong password is refused');
  } finally {
    await tester.close();
    await demo.close();
  }
});

test('Redis answers PING', async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    assert.equal(await redis.ping(), 'PONG');
  } finally {
    redis.disconnect();
  }
});

test('FerretDB: a bulkWrite of 200 updates completes and leaves the database answering (our update patch)', async () => {
  // unpatched, FerretDB 1.24 held one pooled connection per statement until the command returned: 50+ hung it
  const conn = await mongoose.createConnection(MONGO_URL, { dbName: 'portal_stack_test' }).asPromise();
  try {
    const coll = conn.collection(`bulk_${randomUUID().slice(0, 8)}`);
    const ids = Object.values(
      (await coll.insertMany(Array.from({ length: 200 }, (_, i) => ({ i })))).insertedIds,
    );
    const ops = ids.map((_id, n) => ({ updateOne: { filter: { _id }, update: { $set: { n } } } }));
    const hung = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('bulkWrite hung: FerretDB unpatched?')), 20_000),
    );
    const res = (await Promise.race([coll.bulkWrite(ops, { ordered: false }), hung])) as {
      modifiedCount: number;
    };
    assert.equal(res.modifiedCount, 200);
    assert.equal(await coll.countDocuments({ n: { $gte: 0 } }), 200);
    await coll.drop();
  } finally {
    await conn.close();
  }
});

test('FerretDB on PostgreSQL: mongoose insert + find, stored in its PostgreSQL schema', async () => {
  const url = new URL(MONGO_URL);
  url.pathname = '/portal_stacktest';
  const conn = await mongoose
    .createConnection(url.toString(), { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  try {
    const Thing = conn.model('Thing', new mongoose.Schema({ name: String, n: Number, tags: [String] }));
    const name = `thing-${randomUUID()}`;
    await Thing.create({ name, n: 42, tags: ['a', 'b'] });
    const found = await Thing.findOne({ name }).lean();
    assert.equal(found?.n, 42);
    assert.deepEqual(found?.tags, ['a', 'b']);
    const grouped = await Thing.aggregate([
      { $match: { name } },
      { $group: { _id: '$name', total: { $sum: '$n' } } },
    ]);
    assert.deepEqual(grouped, [{ _id: name, total: 42 }]);
    // the document really lives in PostgreSQL: schema portal_stacktest, table named in FerretDB's metadata
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      const meta = await client.query(
        `SELECT _jsonb->>'table' AS t FROM portal_stacktest._ferretdb_database_metadata WHERE _jsonb->>'_id' = 'things'`,
      );
      const table = meta.rows[0]?.t as string;
      assert.ok(table, 'FerretDB metadata lists the collection');
      const row = await client.query(
        `SELECT count(*)::int AS n FROM portal_stacktest."${table}" WHERE _jsonb->'name' @> $1`,
        [JSON.stringify(name)],
      );
      assert.equal(row.rows[0].n, 1);
      // the recipe's setting: without it GIN indexes made while FerretDB runs are ignored by cached plans
      assert.equal((await client.query('SHOW plan_cache_mode')).rows[0].plan_cache_mode, 'force_custom_plan');
      assert.match((await client.query('SHOW server_version')).rows[0].server_version, /^15\./);
    } finally {
      await client.end();
    }
    await Thing.deleteMany({ name });
  } finally {
    await conn.close();
  }
});

test('S3 (versitygw): buckets exist, put + presigned GET', async () => {
  const s3 = new Minio({
    endPoint: env.S3_ENDPOINT ?? '127.0.0.1',
    port: Number(env.S3_PORT ?? 9100),
    useSSL: (env.S3_USE_SSL ?? 'false') === 'true',
    accessKey: env.S3_ACCESS_KEY ?? 'portal',
    secretKey: env.S3_SECRET_KEY ?? 'portal-secret-key',
    region: 'us-east-1',
    pathStyle: true,
  });
  for (const b of ['manifests', 'uploads', 'logos']) assert.ok(await s3.bucketExists(b), `bucket ${b}`);
  const key = `stack-test/${randomUUID()}.txt`;
  const body = `hello ${key}`;
  await s3.putObject('manifests', key, Buffer.from(body), body.length, { 'Content-Type': 'text/plain' });
  const url = await s3.presignedGetObject('manifests', key, 60);
  const res = await fetch(url);
  assert.equal(res.status, 200);
  assert.equal(await res.text(), body);
  await s3.removeObject('manifests', key);
});

test('mailbox: SMTP in, HTTP API out (direct and through the edge)', async () => {
  const subject = `stack-test ${randomUUID()}`;
  const t = nodemailer.createTransport({
    host: env.SMTP_HOST ?? '127.0.0.1',
    port: Number(env.SMTP_PORT ?? 2525),
    secure: false,
    ignoreTLS: true,
  });
  await t.sendMail({ from: 'no-reply@demo.portal', to: 'someone@test.portal', subject, text: 'round trip' });
  for (const base of [MAILBOX_URL, `${APP_URL}/mailbox`]) {
    const list = (await (await fetch(`${base}/api/messages`)).json()) as Array<{
      id: string;
      subject: string;
      to: string[];
    }>;
    const m = list.find((x) => x.subject === subject);
    assert.ok(m, `message in ${base}`);
    assert.deepEqual(m.to, ['someone@test.portal']);
    const full = (await (await fetch(`${base}/api/messages/${m.id}`)).json()) as { text: string };
    assert.match(full.text, /round trip/);
  }
  const page = await fetch(`${APP_URL}/mailbox/`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Mailbox/);
});

test('nginx edge: /auth proxies to Keycloak, unknown /api is a 404 problem, gzip on', async () => {
  const res = await fetch(`${APP_URL}/auth/realms/${REALM}/.well-known/openid-configuration`);
  assert.equal(res.status, 200);
  const wk = (await res.json()) as Record<string, string>;
  assert.equal(wk.issuer, ISSUER);
  const api = await fetch(`${APP_URL}/api/no-such-prefix`);
  assert.equal(api.status, 404);
  assert.match(api.headers.get('content-type') ?? '', /problem\+json/);
  const gz = await fetch(`${APP_URL}/auth/realms/${REALM}/.well-known/openid-configuration`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
});

test("nginx edge: a bundle's prebuilt .br to a browser that accepts br, its .gz to one that accepts only gzip", async () => {
  const dist = new URL('../../shell/dist/', import.meta.url);
  const main = readdirSync(dist).find((f) => /^main\.[0-9a-f]{8}\.js$/.test(f));
  assert.ok(main, 'a built shell (shell/dist/main.*.js)');
  for (const [accept, encoding, ext] of [
    ['br, gzip, deflate', 'br', '.br'],
    ['gzip', 'gzip', '.gz'],
  ]) {
    const res = await fetch(`${APP_URL}/${main}`, { headers: { 'accept-encoding': accept! } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-encoding'), encoding, accept);
    // the file built next to the bundle, sent as it is (not compressed again on the way)
    assert.equal(Number(res.headers.get('content-length')), statSync(new URL(main + ext, dist)).size, accept);
    assert.match(res.headers.get('vary') ?? '', /accept-encoding/i);
  }
});

test('Jaeger: OTLP HTTP accepts traces, query API answers', { skip: env.PORTAL_JAEGER === '0' }, async () => {
  const res = await fetch(`${OTLP}/v1/traces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"resourceSpans":[]}',
  });
  assert.equal(res.status, 200);
  const q = await fetch(`${JAEGER}/api/services`);
  assert.equal(q.status, 200);
});

after(() => mongoose.disconnect());

test('stack.sh status covers PostgreSQL and FerretDB (pg_isready + a Mongo ping, not /debug/readyz alone)', async () => {
  const { execFileSync } = await import('node:child_process');
  let out: string;
  try {
    out = execFileSync('bash', [new URL('../local/stack.sh', import.meta.url).pathname, 'status'], {
      encoding: 'utf8',
    });
  } catch (err) {
    out = (err as { stdout?: string }).stdout ?? ''; // exit 1 when any component is down; the two lines still print
  }
  assert.match(out, /^postgres\s+(running\s+healthy|external healthy).*5433/m, out);
  assert.match(out, /^ferretdb\s+(running\s+healthy|external healthy).*postgresql handler/m, out);
});
