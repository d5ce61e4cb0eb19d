#!/usr/bin/env node
// `npm run chaos [-- --short] [--keep] [--no-start]` — faults on the local cluster rehearsal (npm run cluster):
// steady order creates, check-in scans and schedule reads through the rehearsal's edge while one instance of each
// service and one NATS node are killed in turn (SIGKILL) and started again; then, from the stores themselves:
// every acknowledged write exists once, every order reached every consumer once (routing's and billing's read
// models at its version, its "New order" mails once per recipient), every durable drained, every stream's copies
// current. Reports the error rate during each fault and the time to recover. Starts the rehearsal when it is not
// running (and stops it after, unless --keep). Ends with "chaos: N passed, N failed"; exit 1 on any failure.
//   --short   the CI form: fewer requests, one instance of each service and one NATS node, short downtimes
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as C from '../deploy/local/cluster/cluster.mjs';
import * as L from '../deploy/local/cluster/layout.mjs';
import { usage } from '../deploy/local/cluster/procs.mjs';
import { failed, faultFigures, runFault } from '../bench/chaos/faults.mjs';
import { Traffic } from '../bench/chaos/traffic.mjs';
import { Stores, checkMails, checkReadModels, checkWrites, natsState } from '../bench/chaos/verify.mjs';
import { printReport } from '../bench/chaos/report.mjs';

const argv = process.argv.slice(2);
const short = argv.includes('--short');
const say = (m) => console.log(`[chaos] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const letters = ['a', 'b'];

const cfg = short
  ? { perSecond: 3, warmMs: 5_000, downMs: 2_000, settleMs: 4_000, drainMs: 90_000 }
  : { perSecond: 4, warmMs: 10_000, downMs: 10_000, settleMs: 8_000, drainMs: 180_000 };
// short: one instance of each service (alternating a/b), then the NATS node every client dialled first;
// long: every instance, then every NATS node
cfg.faults = short
  ? [...L.SERVICE_NAMES.map((s, i) => `${s}-${letters[i % Math.min(2, L.REPLICAS)]}`), 'nats-1']
  : [...L.instances().map((s) => s.id), ...L.NATS_NODES.map((n) => `nats-${n}`)];
const LICENCES = (process.env.CHAOS_LICENCES ?? 'C11-0000101-LIC,C10-0000202-LIC').split(',');

async function allReady() {
  for (const u of C.UNITS()) if (!(await C.unitReady(u))) return false;
  return true;
}

/** Orders learns licences from accounts' events: wait until it knows both (as the order form does). */
async function licencesKnown(traffic) {
  const until = Date.now() + 90_000;
  for (const lic of LICENCES) {
    for (;;) {
      const r = await fetch(`${traffic.o.edge}/api/orders/destination?licence=${encodeURIComponent(lic)}`, {
        headers: { authorization: `Bearer ${await traffic.token()}` },
      }).catch(() => undefined);
      if (r?.ok && (await r.json()).data?.destination) break;
      if (Date.now() > until) throw new Error(`orders does not know licence ${lic} after 90 s`);
      await sleep(1000);
    }
  }
}

/** Polls the stores until every consumer caught up (or `ms`); answers the last verification and the time taken. */
async function drain(stores, traffic, run, ms) {
  const t = Date.now();
  for (;;) {
    const orders = await stores.orders(run);
    const writes = checkWrites(traffic, orders);
    const models = await checkReadModels(stores, orders);
    const mails = await checkMails(L.mailboxUrl(), orders);
    const nats = await natsState(L.natsUrls());
    const caughtUp =
      Object.values(models).every((m) => !m.missing && !m.behind) &&
      !mails.ordersWithout &&
      !mails.ordersShort &&
      nats.consumers.every((c) => c.orphan || (!c.pending && !c.ackPending));
    if (caughtUp || Date.now() - t > ms)
      return { orders, writes, models, mails, nats, caughtUp, drainMs: Date.now() - t };
    await sleep(1000);
  }
}

async function main() {
  const t0 = Date.now();
  let startedHere = false;
  if (!(await allReady())) {
    if (argv.includes('--no-start')) throw new Error('the rehearsal is not running (npm run cluster)');
    say('starting the cluster rehearsal (npm run cluster)…');
    await C.startCluster({ fresh: argv.includes('--fresh') });
    startedHere = true;
  }
  const env = C.serviceEnv();
  const run = Date.now().toString(36);
  const stores = new Stores(env, L.CLUSTER_DATASET);
  const traffic = new Traffic({
    edge: `http://127.0.0.1:${L.ports.edge}`,
    env,
    run,
    licences: LICENCES,
    perSecond: cfg.perSecond,
  });
  try {
    await fetch(`${L.mailboxUrl()}/api/messages`, { method: 'DELETE' });
    await licencesKnown(traffic);
    const before = await natsState(L.natsUrls());
    const cpu0 = Object.fromEntries(C.UNITS().map((u) => [u, usage(u)?.cpuS ?? 0]));
    const peak = {};
    const sampler = setInterval(() => {
      for (const u of C.UNITS()) peak[u] = Math.max(peak[u] ?? 0, usage(u)?.rssMb ?? 0);
    }, 5000);
    say(
      `run ${run}: ${cfg.perSecond} creates/s, scans and schedule reads ${cfg.perSecond / 2}/s each; faults: ${cfg.faults.join(' ')}`,
    );
    traffic.start();
    await sleep(cfg.warmMs);
    traffic.phase = 'steady';
    const windows = [];
    for (const unit of cfg.faults) {
      const w = await runFault(traffic, unit, env, cfg);
      say(`${unit}: ready ${w.ready - w.restart} ms after restart`);
      windows.push(w);
    }
    traffic.phase = 'after';
    await sleep(cfg.settleMs);
    await traffic.stop();
    clearInterval(sampler);
    const faults = windows.map((w) => faultFigures(traffic, w));
    say(`traffic stopped: ${traffic.records.length} requests; waiting for every consumer to catch up…`);
    const end = await drain(stores, traffic, run, cfg.drainMs);
    // a unit restarted during the run counts from its new start
    const cpu = Object.fromEntries(
      C.UNITS().map((u) => {
        const now = usage(u)?.cpuS ?? 0;
        return [u, now >= cpu0[u] ? now - cpu0[u] : now];
      }),
    );
    const deadBefore = before.streams.find((s) => s.name === 'DEADLETTER')?.messages ?? 0;
    const deadAfter = end.nats.streams.find((s) => s.name === 'DEADLETTER')?.messages ?? 0;
    const unitsReady = await allReady();
    const outside = traffic.records.filter((r) => !r.phase.startsWith('fault') && failed(r));
    const result = {
      run,
      form: short ? 'short' : 'long',
      seconds: Math.round((Date.now() - t0) / 1000),
      faults,
      ...end,
      deadLettered: deadAfter - deadBefore,
      unitsReady,
      errorsOutsideFaults: outside.length,
      outsideSample: outside.slice(0, 5).map((r) => `${r.phase} ${r.kind} ${r.status} ${r.error ?? ''}`),
      peakRssMb: peak,
      cpuS: cpu,
    };
    mkdirSync(L.dir, { recursive: true });
    writeFileSync(
      join(L.dir, `chaos-${run}.json`),
      JSON.stringify({ ...result, orders: undefined }, null, 2),
    );
    const { passed, failedChecks } = printReport(result, traffic);
    console.log(`chaos: ${passed} passed, ${failedChecks} failed`);
    process.exitCode = failedChecks ? 1 : 0;
  } finally {
    await stores.close();
    if (startedHere && !argv.includes('--keep')) {
      say('stopping the rehearsal (--keep leaves it running)');
      await C.stopCluster();
    }
  }
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch(async (err) => {
    console.error(`[chaos] ${err.stack ?? err.message}`);
    console.log('chaos: 0 passed, 1 failed');
    process.exit(1);
  });
