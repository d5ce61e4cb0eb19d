// One fault of the chaos run: a unit killed (SIGKILL, a crash), left down a moment, started again, and the traffic
// watched until it settles; the figures of that window.
import { killUnit, startUnit, waitReady } from '../../deploy/local/cluster/cluster.mjs';
import { natsState } from './verify.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const failed = (r) => r.status === 0 || r.status >= 500;

/** Waits until every stream has all its copies current again (after a NATS node's restart); answers the ms. */
async function streamsCurrent(urls, ms = 60_000) {
  const t = Date.now();
  while (Date.now() - t < ms) {
    const s = await natsState(urls).catch(() => undefined);
    if (s && s.streams.every((x) => x.current >= x.replicas)) return Date.now() - t;
    await sleep(500);
  }
  return undefined;
}

/**
 * Kills `unit`, restarts it after `downMs`, waits for its readiness (a NATS node: also every stream's copies
 * current), lets the traffic run `settleMs` more; the requests sent in that window carry the fault's phase.
 */
export async function runFault(traffic, unit, env, { downMs, settleMs }) {
  const phase = `fault ${unit}`;
  const f = { unit, kill: Date.now() };
  traffic.phase = phase;
  await killUnit(unit, 'SIGKILL');
  await sleep(downMs);
  f.restart = Date.now();
  startUnit(unit, env);
  await waitReady(unit);
  f.ready = Date.now();
  if (unit.startsWith('nats-')) f.streamsCurrentMs = await streamsCurrent(env.NATS_URL);
  await sleep(settleMs);
  traffic.phase = 'steady';
  return { ...f, phase };
}

/** A fault's figures, once every request has its answer (one still in flight is not a failure yet). */
export function faultFigures(traffic, f) {
  const recs = traffic.records.filter((r) => r.phase === f.phase);
  const bad = recs.filter(failed);
  const lastBad = bad.reduce((m, r) => Math.max(m, r.t + r.ms), 0);
  const label = (r) => `${r.kind} ${r.status || r.error}`;
  return {
    unit: f.unit,
    requests: recs.length,
    errors: bad.length,
    errorRate: recs.length ? bad.length / recs.length : 0,
    /** restart → ready */
    readyMs: f.ready - f.restart,
    /** kill → the last failed answer (0: none failed) */
    errorsForMs: lastBad ? lastBad - f.kill : 0,
    streamsCurrentMs: f.streamsCurrentMs,
    byStatus: Object.fromEntries(
      [...new Set(bad.map(label))].map((k) => [k, bad.filter((r) => label(r) === k).length]),
    ),
  };
}
