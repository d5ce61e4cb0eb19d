import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { buildService, type Env } from '@portal/service-kit';
import { listsRoutes } from './routes/lists.js';
import { orderRoutes } from './routes/order.js';
import { destinationRoutes } from './routes/destination.js';
import { bulkRoutes } from './routes/bulk.js';
import { labelsRoutes } from './routes/labels.js';
import { custodyRoutes } from './routes/custody.js';
import { manifestsRoutes } from './routes/manifests.js';
import { signingRoutes } from './routes/signing.js';
import { scanRoutes } from './routes/scan.js';
import { metrcRoutes } from './routes/metrc.js';
import { ledgerRoutes } from './routes/ledger.js';
import { fixOrdersRoutes } from './routes/fixorders.js';
import { ledgerAnchorJob } from './jobs/ledger-anchor.js';
import { workers } from './jobs/index.js';
import type { FastifyInstance } from 'fastify';
import { accountsFeed, consumers } from './events/index.js';
import { routeDaysConsumer } from './events/routing-routes.js';
import { Order } from './models/order.js';
import './models/member.js';
import { jobsRecovery } from './jobs/recovery.js';
import { readCacheDrops } from './models/read-cache-drops.js';

/**
 * Service env beyond the kit's: where routing answers `/api/routes/find` (the order form's day rule). Services find
 * each other by URL env like this one; the local default is routing's port on this host (deploy/local/env.sh).
 */
const OrdersEnv = Type.Object({
  ROUTING_URL: Type.String({ default: `http://127.0.0.1:${process.env.ROUTING_PORT ?? 4103}` }),
  /** Metrc: the state track-and-trace (Metrc) API — the local stub in dev and CI — and its keys. */
  METRC_URL: Type.String({ default: `http://127.0.0.1:${process.env.METRC_STUB_PORT ?? 8940}` }),
  METRC_VENDOR_KEY: Type.String({ default: 'local-vendor-key' }),
  METRC_USER_KEY: Type.String({ default: 'local-user-key' }),
  METRC_TIMEOUT_MS: Type.Integer({ default: 10_000 }),
  METRC_RETRIES: Type.Integer({ default: 3 }),
  METRC_CONCURRENCY: Type.Integer({ default: 4 }),
  /** A whole Sync Manifests run's deadline (the screen says "up to 5 minutes"); its calls are cancelled then. */
  METRC_SYNC_DEADLINE_MS: Type.Integer({ default: 300_000, minimum: 1000 }),
  /** Retries a run may spend across all its Metrc calls (a Metrc that is down fails the run after a few). */
  METRC_RETRY_BUDGET: Type.Integer({ default: 8, minimum: 0 }),
  /**
   * 'off': no snapshot request at start (F's accountsFeed). For suites that seed the read models themselves: a
   * snapshot arriving mid-test would add accounts' real members beside the seeded ones.
   */
  ORDERS_ACCOUNTS_FEED: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  /**
   * The ledger's anchoring (domain/ledger-anchor.ts): the Ed25519 key that signs the chains' checkpoints (base64
   * seed or PKCS#8; the local default is deploy/local/env.sh's, refused in production), older public keys still
   * trusted, the chains' namespace ('' = the database's own), how often the job runs (0 = never) and how much
   * LEDGER_ANCHORS may hold (full: new checkpoints are refused, none is dropped).
   */
  LEDGER_SIGNING_KEY: Type.String({ default: '6KCOC54ihDvT0gilvB8otIBFE3YHilyZgEvDpoc7BLo=' }),
  LEDGER_VERIFY_KEYS: Type.String({ default: '' }),
  LEDGER_NAMESPACE: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  LEDGER_ANCHOR_INTERVAL_MS: Type.Integer({ default: 60_000, minimum: 0 }),
  LEDGER_ANCHOR_MAX_BYTES: Type.Integer({ default: 256 * 1024 * 1024, minimum: 1024 * 1024 }),
});

/** The read model of accounts filled by a snapshot (readmodels/accounts-feed.ts) unless the env turns it off. */
async function feed(app: FastifyInstance) {
  if (app.env.ORDERS_ACCOUNTS_FEED !== 'off') await accountsFeed(app);
}

/**
 * Orders: the single order and its ledger, the lists, the bulk upload (jobs/), the destination's days, the chain of
 * custody (manifests, signing, labels, the custody report, check-in/out and hand-over scans, Metrc sync) and the weekly
 * schedule's assignments (fixorders). Owns `portal_orders` and the ORDERS stream; the Order model carries the outbox
 * (orders.order.*.v1). The parts and their calls: README.md.
 */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  return buildService(
    {
      name: 'orders',
      domain: 'orders',
      routes: [
        // the read models' short-lived copies dropped across replicas (models/read-cache.ts)
        readCacheDrops,
        feed,
        // the ledger's checkpoints (decorates app.ledgerAnchors before the order calls use it)
        ledgerAnchorJob,
        ledgerRoutes,
        listsRoutes,
        orderRoutes,
        destinationRoutes,
        bulkRoutes,
        // unfinished uploads and syncs queued again from their documents (start, Redis back)
        jobsRecovery,
        // the chain of custody, one plugin per part
        labelsRoutes,
        custodyRoutes,
        manifestsRoutes,
        signingRoutes,
        scanRoutes,
        metrcRoutes,
        // the schedules' writes onto orders: the weekly drivers (fixorders), Set to In Transit
        fixOrdersRoutes,
      ],
      // its stream and outbox on NATS, the bulk upload's and Metrc sync's queues on Redis, manifests in the object store
      backends: ['mongo', 'nats', 'redis', 's3'],
      models: [Order],
      // accounts' feed, billing's stamps, the readers' snapshot answers (events/index.ts); routing's route changes
      // drop this instance's kept day answers (its own durable: every instance must see every change)
      consumers: [...consumers, routeDaysConsumer(randomUUID().slice(0, 8))],
      // the bulk upload's BullMQ job (part C)
      workers,
      env: OrdersEnv,
    },
    overrides,
  );
}
