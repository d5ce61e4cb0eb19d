import fp from 'fastify-plugin';
import { ledgerKeys } from '../domain/ledger-key.js';
import { ledgerAnchoring, type LedgerAnchoring } from '../domain/ledger-anchoring.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ledger's anchoring (domain/ledger-anchoring.ts): verify against the signed checkpoints, anchor now. */
    ledgerAnchors: LedgerAnchoring;
  }
}

const LOCK = 'portal:orders:ledger-anchor:lock';

/**
 * The checkpoint job: every LEDGER_ANCHOR_INTERVAL_MS (0: never; the first run one interval after start, nothing at
 * import or build time) the orders written since the last run get their heads signed (domain/ledger-anchoring.ts).
 * Several instances take turns through a Redis lock; a checkpoint twice is stored once (its Nats-Msg-Id), so a lost
 * lock costs work, not correctness. The key is read and checked at build: a malformed LEDGER_SIGNING_KEY stops the
 * start.
 */
export const ledgerAnchorJob = fp(
  async (app) => {
    const env = app.env as unknown as Record<string, string | number>;
    const anchoring = ledgerAnchoring({
      jsm: () => app.jsm,
      js: () => app.js,
      keys: ledgerKeys(String(env.LEDGER_SIGNING_KEY), String(env.LEDGER_VERIFY_KEYS ?? '')),
      namespace: String(env.LEDGER_NAMESPACE ?? ''),
      maxBytes: Number(env.LEDGER_ANCHOR_MAX_BYTES),
      replicas: Number(env.STREAM_REPLICAS ?? 1),
      log: app.log,
    });
    app.decorate('ledgerAnchors', anchoring);

    const every = Number(env.LEDGER_ANCHOR_INTERVAL_MS);
    if (!every) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closed = false;
    const run = async () => {
      const token = `${process.pid}-${Date.now()}`;
      const got = await app.redis
        .set(LOCK, token, 'PX', Math.max(every * 5, 600_000), 'NX')
        .catch(() => 'OK');
      if (got !== 'OK') return;
      try {
        const t0 = Date.now();
        const signed = await anchoring.anchorChanged();
        if (signed) app.log.info({ signed, ms: Date.now() - t0 }, 'ledger checkpoints signed');
      } catch (err) {
        app.log.warn({ err: (err as Error).message }, 'ledger checkpoint run failed; next run retries');
      } finally {
        if ((await app.redis.get(LOCK).catch(() => null)) === token) await app.redis.del(LOCK).catch(() => 0);
      }
    };
    const schedule = () => {
      if (closed) return;
      timer = setTimeout(() => {
        running = run().finally(() => {
          running = undefined;
          schedule();
        });
      }, every);
      timer.unref();
    };
    app.addHook('onReady', async () => schedule());
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    });
  },
  { name: 'ledger-anchor-job' },
);
