// The running stack's consumers of the orders events (billing's projection, routing's feed, notifications' mails:
// the durables without a suffix in the NATS account the bench publishes to) take every event a write bench's
// orders instance publishes. A bulk upload leaves them thousands of deliveries to work through for minutes after
// its figure is taken; the next write bench (the 1m bulk right after the 100k one) then measured that backlog on
// the shared cores too (read as 2.27x "growth" one run, 0.84x the next). `settled` waits until they have caught up.
// Only durables someone pulls from count (a stopped bench instance's stay behind until NATS removes them).
const MONITOR = `http://127.0.0.1:${process.env.NATS_MONITOR_PORT ?? 8222}`;

/** Messages the active durables of `stream` have yet to take or ack (every account), or undefined. */
export async function stackBacklog(stream = 'ORDERS') {
  const res = await fetch(`${MONITOR}/jsz?accounts=true&streams=true&consumers=true`).catch(() => undefined);
  if (!res?.ok) return undefined;
  const jsz = await res.json();
  let n = 0;
  for (const account of jsz.account_details ?? [])
    for (const s of account.stream_detail ?? [])
      if (s.name === stream)
        for (const c of s.consumer_detail ?? []) {
          const last = Date.parse(c.delivered?.last_active ?? '') || 0;
          if (c.num_waiting > 0 || Date.now() - last < 60_000)
            n += (c.num_pending ?? 0) + (c.num_ack_pending ?? 0);
        }
  return n;
}

/** Waits (up to `maxMs`) until the stack's consumers have no orders events left; answers the wait in seconds. */
export async function settled(log, { maxMs = 120_000, stream = 'ORDERS' } = {}) {
  const t0 = Date.now();
  let left = await stackBacklog(stream);
  while (left && Date.now() - t0 < maxMs) {
    await new Promise((r) => setTimeout(r, 1000));
    left = await stackBacklog(stream);
  }
  const s = Math.round((Date.now() - t0) / 1000);
  if (s)
    log(`the stack's consumers took their ${stream} backlog in ${s} s${left ? ` (${left} still left)` : ''}`);
  return s;
}
