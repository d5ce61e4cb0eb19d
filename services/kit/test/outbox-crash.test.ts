import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../testing/index.js';
import type { PortalApp } from '../src/index.js';
import { buildThingApp, recorder } from './fixtures/thing-service.js';

/**
 * THE CRASH TEST: a child service (kitcrash) dies right after the outbox write, or right after the publish;
 * restarted without the fault it delivers the event, and the consumer (this process) sees it exactly once.
 */
const child = fileURLToPath(new URL('./fixtures/crash-child.ts', import.meta.url));
const rec = recorder('kitcrash-recorder', 'kitcrash', ['kitcrash.>']);
let app: PortalApp;

function runChild(args: string[], env: Record<string, string> = {}) {
  const p = spawn(process.execPath, ['--import', 'tsx', child, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => p.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve) =>
    p.stdout.on('data', (b: Buffer) => b.toString().includes('ready') && resolve()),
  );
  return { p, exited, ready };
}

async function streamCount(subject: string): Promise<number> {
  const info = await app.jsm.streams.info('KITCRASH', { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
}
const things = () => app.mongo.useDb('portal_kitcrash').collection('things');
const intents = () => app.mongo.useDb('portal_kitcrash').collection<Record<string, any>>('outbox_intents');

before(async () => {
  app = await buildThingApp('kitcrashconsumer', { consumers: [rec.consumer], models: false });
  await app.ready();
});
after(() => app.close());

for (const fault of ['exit-after-write', 'exit-after-publish'] as const) {
  test(`${fault}: the event survives the crash and is consumed exactly once`, async () => {
    const name = `c${Date.now().toString(36)}`;
    const subject = `kitcrash.${name}.created`;
    const mine = () => rec.received.filter((e) => e.type === subject);

    const crashed = runChild(['write', name, fault], { OUTBOX_SWEEP_MS: '60000' });
    assert.equal(await crashed.exited, 137);
    const doc = await things().findOne({ name });
    assert.ok(doc, 'the document was written');
    // a new document's only event waits as an intent beside it (kit outbox.ts OUTBOX_INTENTS), not on the document
    const intent = await intents().findOne({ doc: doc._id });
    assert.equal(intent?.col, 'things', 'the event is still waiting as the intent of the document');
    const eventId = intent!._id as unknown as string; // the intent's id is its event's
    assert.equal(JSON.parse(intent!.json).id, eventId, 'the intent holds the event as its JSON text');
    assert.equal(await streamCount(subject), fault === 'exit-after-write' ? 0 : 1);

    const restarted = runChild(['serve'], { OUTBOX_SWEEP_MS: '200' });
    await restarted.ready;
    await waitFor(async () => !(await intents().findOne({ doc: doc._id })), 15_000);
    await waitFor(() => mine().length > 0, 15_000);
    restarted.p.kill('SIGTERM');
    assert.equal(await restarted.exited, 0);
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(
      mine().map((e) => e.id),
      [eventId],
    );
    assert.equal(await streamCount(subject), 1, 'JetStream kept one copy (Nats-Msg-Id de-dup)');
  });
}

/**
 * The process died between the intent and the document (or the insert failed): the event is never published. An
 * intent without its document is left alone while young (another process may be inserting it) and published once the
 * document is there; an old one is dropped.
 */
test('an intent without its document: published once the document comes, dropped when old, never published alone', async () => {
  const run = Date.now().toString(36);
  const event = (name: string) => ({
    id: randomUUID(),
    subject: `kitcrash.${name}.created`,
    data: { name },
    time: new Date(),
  });
  const late = event(`late${run}`);
  const lost = event(`lost${run}`);
  const lateId = new mongoose.Types.ObjectId();
  // one intent as written now (the event's JSON text), one as written before (the event as a document)
  await intents().insertMany([
    { _id: late.id, col: 'things', doc: lateId, json: JSON.stringify(late), at: new Date() },
    {
      _id: lost.id,
      col: 'things',
      doc: new mongoose.Types.ObjectId(),
      event: lost,
      at: new Date(Date.now() - 5 * 60_000),
    },
  ] as never[]);
  const served = runChild(['serve'], { OUTBOX_SWEEP_MS: '200' });
  await served.ready;
  await waitFor(async () => !(await intents().findOne({ _id: lost.id } as never)), 15_000);
  await new Promise((r) => setTimeout(r, 1000)); // several sweeps
  assert.ok(await intents().findOne({ _id: late.id } as never), 'a young intent without its document waits');
  await things().insertOne({ _id: lateId, name: `late${run}`, _outbox: [] });
  await waitFor(async () => !(await intents().findOne({ _id: late.id } as never)), 15_000);
  await waitFor(() => rec.received.some((e) => e.id === late.id), 15_000);
  served.p.kill('SIGTERM');
  assert.equal(await served.exited, 0);
  assert.equal(await streamCount(lost.subject), 0, 'the event of a document never written is not published');
  assert.ok(!rec.received.some((e) => e.id === lost.id));
});
