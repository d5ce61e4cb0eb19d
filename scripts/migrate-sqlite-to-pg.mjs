#!/usr/bin/env node
// One-shot copy of a developer's local data from FerretDB-on-SQLite (the old local backend) to the running
// FerretDB-on-PostgreSQL. `npm start` re-seeds the demo data, but accounts, licences and invites a developer
// created themself live only in the old SQLite files: this copies them.
//
//   node scripts/migrate-sqlite-to-pg.mjs [--from DIR] [--to MONGO_URL] [--db NAME]... [--dry-run]
//
// It starts the old FerretDB binary with --handler=sqlite on a spare port against DIR (default
// deploy/local/.cache/ferretdb/data), copies every collection of every portal_* database (or the --db ones) into
// the target (default $MONGO_URL or mongodb://127.0.0.1:27027), and stops it. Idempotent: documents are upserted by
// _id, so a second run copies nothing twice. A document whose unique key is already taken by another _id in the
// target (typically a demo user re-seeded with a new _id) is reported, never overwritten. Documents holding
// unpublished outbox events get the `_outboxPending` flag the relay looks for. Indexes are made by the services'
// start-up migration, not here. Exit code 1 when a document could not be copied.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const from = opt('--from', join(root, 'deploy/local/.cache/ferretdb/data'));
const target = opt('--to', process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27027');
const only = args.flatMap((a, i) => (args[i - 1] === '--db' ? [a] : []));
const dryRun = args.includes('--dry-run');
const port = Number(opt('--port', '27047'));
const bin = join(root, 'deploy/local/.cache/bin/ferretdb');
const log = (...m) => console.log('[migrate]', ...m);

if (!existsSync(from) || !readdirSync(from).some((f) => f.endsWith('.sqlite'))) {
  log(`no SQLite data in ${from}: nothing to migrate`);
  process.exit(0);
}
if (!existsSync(bin)) {
  log(`${bin} missing: run \`bash deploy/local/stack.sh start\` first (it builds FerretDB)`);
  process.exit(1);
}

const state = mkdtempSync(join(tmpdir(), 'ferretdb-sqlite-state-'));
const old = spawn(
  bin,
  [
    '--handler=sqlite',
    `--sqlite-url=file:${from}/`,
    `--state-dir=${state}`,
    `--listen-addr=127.0.0.1:${port}`,
    `--debug-addr=127.0.0.1:${port + 1}`,
    '--telemetry=disable',
    '--log-level=error',
  ],
  // its warnings (e.g. the driver's endSessions, unknown to FerretDB v1) are noise here
  { stdio: ['ignore', 'ignore', 'ignore'] },
);
const stopOld = async () => {
  if (old.exitCode !== null) return;
  const gone = new Promise((r) => old.once('exit', r));
  old.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
  if (old.exitCode === null) old.kill('SIGKILL');
  rmSync(state, { recursive: true, force: true });
};

const src = new MongoClient(`mongodb://127.0.0.1:${port}/`, { serverSelectionTimeoutMS: 15_000 });
const dst = new MongoClient(target, { serverSelectionTimeoutMS: 15_000 });
let failed = 0;
try {
  await src.connect();
  await dst.connect();
  const { databases } = await src.db('admin').admin().listDatabases();
  const dbs = databases
    .map((d) => d.name)
    .filter((n) => (only.length ? only.includes(n) : n.startsWith('portal_')));
  log(
    `source ${from} (SQLite, port ${port}) → ${target}${dryRun ? ' (dry run)' : ''}: ${dbs.join(', ') || 'no portal_* database'}`,
  );
  for (const name of dbs) {
    for (const { name: coll } of await src.db(name).listCollections().toArray()) {
      const result = await copyCollection(src.db(name).collection(coll), dst.db(name).collection(coll));
      failed += result.failed;
      log(
        `${name}.${coll}: ${result.read} read, ${result.upserted} new, ${result.matched} already there, ` +
          `${result.conflicts.length} unique-key conflicts, ${result.failed} failed`,
      );
      for (const c of result.conflicts.slice(0, 10)) log(`  conflict: _id ${c._id}: ${c.message}`);
    }
  }
} finally {
  await src.close().catch(() => {});
  await dst.close().catch(() => {});
  await stopOld();
}
log(failed ? `${failed} document(s) not copied` : 'done');
process.exit(failed ? 1 : 0);

/** Upserts every document by _id in batches; unique-key conflicts are collected, not fatal. */
async function copyCollection(from, to) {
  const out = { read: 0, upserted: 0, matched: 0, conflicts: [], failed: 0 };
  const cursor = from.find({}).batchSize(1000);
  let batch = [];
  const flush = async () => {
    if (!batch.length || dryRun) return void (batch = []);
    const ops = batch.map((doc) => ({
      replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true },
    }));
    try {
      const r = await to.bulkWrite(ops, { ordered: false });
      out.upserted += r.upsertedCount;
      out.matched += r.matchedCount;
    } catch (err) {
      const r = err.result;
      out.upserted += r?.upsertedCount ?? 0;
      out.matched += r?.matchedCount ?? 0;
      for (const e of err.writeErrors ?? [err]) {
        const doc = batch[e.index ?? 0];
        if (e.code === 11000) out.conflicts.push({ _id: String(doc?._id), message: e.errmsg ?? e.message });
        else out.failed++;
      }
    }
    batch = [];
  };
  for await (const doc of cursor) {
    out.read++;
    if (Array.isArray(doc._outbox) && doc._outbox.length) doc._outboxPending = true;
    batch.push(doc);
    if (batch.length === 1000) await flush();
  }
  await flush();
  return out;
}
