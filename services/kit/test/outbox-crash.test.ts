import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
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
    assert.equal(doc?._outbox.length, 1, 'the event is still in the document outbox');
    const eventId = doc!._outbox[0].id as string;
    assert.equal(await streamCount(subject), fault === 'exit-after-write' ? 0 : 1);

    const restarted = runChild(['serve'], { OUTBOX_SWEEP_MS: '200' });
    await restarted.ready;
    await waitFor(async () => (await things().findOne({ name }))?._outbox.length === 0, 15_000);
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
