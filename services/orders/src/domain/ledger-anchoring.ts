import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { OrderHistoryEntry } from '@portal/contracts';
import { Order } from '../models/order.js';
import type { LedgerKeys } from './ledger-key.js';
import {
  compareWithAnchors,
  ensureAnchorStream,
  makeCheckpoint,
  publishCheckpoint,
  readCheckpoints,
  type AnchoredVerdict,
} from './ledger-anchor.js';

/**
 * The anchoring of every order's ledger (ledger-anchor.ts holds the checkpoint and its stream): `anchor` checkpoints
 * the chains written since the last run (the job, jobs/ledger-anchor.ts, every LEDGER_ANCHOR_INTERVAL_MS; staff on
 * demand), `verify` is `/history/verify`. A chain is only ever extended: before its head is signed, the stored chain
 * must verify and match every earlier checkpoint, so a chain rewritten in the database is never signed as the truth
 * (the job logs it and leaves it to verify to report).
 */

export interface AnchorDeps {
  jsm: () => JetStreamManager;
  js: () => JetStreamClient;
  keys: LedgerKeys;
  /** LEDGER_NAMESPACE ('' = the database's own, made once and kept in `ledger_meta`). */
  namespace: string;
  maxBytes: number;
  /** copies of LEDGER_ANCHORS in a JetStream cluster (the kit's STREAM_REPLICAS) */
  replicas?: number;
  log: {
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
    info(o: object, m: string): void;
  };
}

type Chain = { orderId: string; history: OrderHistoryEntry[] };

const meta = () =>
  mongoose.connection.collection<{ _id: string; ns?: string; at?: Date; id?: string }>('ledger_meta');
/** Writes newer than this before the last run's newest are looked at again (clocks of several instances). */
const OVERLAP_MS = 30_000;
/** Writes younger than this wait for the next run (a write in flight commits with a slightly older lastUpdated). */
const SETTLE_MS = 2_000;
const PAGE = 200;
const PARALLEL = 8;
/** Chains read or signed in one run (a first run over a large database takes several). */
const MAX_PER_RUN = 5000;

export function ledgerAnchoring(deps: AnchorDeps) {
  let ns: Promise<string> | undefined;
  let streamReady: Promise<void> | undefined;
  /** orderId → the seq this instance knows is anchored (skips a read per unchanged chain). */
  const known = new Map<string, number>();

  const namespace = () =>
    (ns ??= (async () => {
      if (deps.namespace) return deps.namespace;
      const doc = await meta().findOneAndUpdate(
        { _id: 'namespace' },
        { $setOnInsert: { ns: randomBytes(8).toString('hex') } },
        { upsert: true, returnDocument: 'after' },
      );
      return doc!.ns!;
    })().catch((err) => {
      ns = undefined;
      throw err;
    }));
  const stream = () =>
    (streamReady ??= ensureAnchorStream(deps.jsm(), deps.maxBytes, deps.replicas).catch((err) => {
      streamReady = undefined;
      throw err;
    }));

  async function verdictOf(c: Chain): Promise<AnchoredVerdict> {
    await stream();
    return compareWithAnchors(
      c.history,
      await readCheckpoints(deps.jsm(), deps.keys, await namespace(), c.orderId),
    );
  }

  /** Checkpoints one chain's head unless it is anchored already or does not match its anchors. */
  async function anchorOne(c: Chain, force = false): Promise<'known' | 'checked' | 'signed'> {
    const head = c.history[c.history.length - 1];
    if (!head || (!force && (known.get(c.orderId) ?? 0) >= head.seq)) return 'known';
    const v = await verdictOf(c);
    if (!v.ok) {
      deps.log.error({ orderId: c.orderId, brokenAt: v.brokenAt }, `ledger not anchored: ${v.message}`);
      return 'checked';
    }
    if (v.anchored < head.seq) {
      await publishCheckpoint(
        deps.js(),
        makeCheckpoint(deps.keys, await namespace(), c.orderId, c.history, v.anchored + 1),
      );
    }
    if (known.size > 100_000) known.clear();
    known.set(c.orderId, head.seq);
    return v.anchored < head.seq ? 'signed' : 'checked';
  }

  /**
   * One run over the orders written since the last one (all of them the first time, MAX_PER_RUN chains a run: the
   * checkpoints pass through ORDERS, whose events they must not crowd out). Returns how many were signed. A chain
   * that failed (NATS away) holds the cursor there, so the next run takes it again. `settleMs` 0 (on demand): a
   * write of this very moment is taken too.
   */
  async function anchorChanged(now = new Date(), settleMs = SETTLE_MS): Promise<number> {
    await stream();
    const cursor = await meta().findOne({ _id: 'cursor' });
    const since = new Date((cursor?.at?.getTime() ?? 0) - OVERLAP_MS);
    const upTo = new Date(now.getTime() - settleMs);
    let signed = 0;
    let checked = 0;
    let failedAt: Date | undefined;
    let after: { at: Date; id: mongoose.Types.ObjectId } | undefined;
    for (;;) {
      const range = { lastUpdated: { $gte: since, $lte: upTo } };
      const filter = after
        ? {
            ...range,
            $or: [{ lastUpdated: { $gt: after.at } }, { lastUpdated: after.at, _id: { $gt: after.id } }],
          }
        : range;
      const page = await Order.find(filter)
        .sort({ lastUpdated: 1, _id: 1 })
        .limit(PAGE)
        .select({ orderId: 1, history: 1, lastUpdated: 1 })
        .lean<(Chain & { _id: mongoose.Types.ObjectId; lastUpdated: Date })[]>();
      for (let i = 0; i < page.length; i += PARALLEL) {
        const done = await Promise.all(
          page.slice(i, i + PARALLEL).map((c) =>
            anchorOne(c).catch((err: Error) => {
              deps.log.warn({ orderId: c.orderId, err: err.message }, 'ledger checkpoint failed');
              if (!failedAt || c.lastUpdated < failedAt) failedAt = c.lastUpdated;
              return 'checked' as const;
            }),
          ),
        );
        signed += done.filter((d) => d === 'signed').length;
        checked += done.filter((d) => d !== 'known').length;
      }
      if (page.length) after = { at: page[page.length - 1]!.lastUpdated, id: page[page.length - 1]!._id };
      if (page.length < PAGE || checked >= MAX_PER_RUN) break;
    }
    const next = failedAt && (!after || failedAt < after.at) ? failedAt : after?.at;
    if (next && next.getTime() !== cursor?.at?.getTime())
      await meta().updateOne({ _id: 'cursor' }, { $set: { at: next } }, { upsert: true });
    return signed;
  }

  /** On demand: this order's head signed now (if it matches its anchors), then its verdict. */
  async function anchorNow(c: Chain): Promise<AnchoredVerdict> {
    await anchorOne(c, true);
    const head = c.history[c.history.length - 1];
    // LEDGER_ANCHORS sources the checkpoint from ORDERS: wait the moment it takes
    for (let i = 0; ; i++) {
      const v = await verdictOf(c);
      if (!head || !v.ok || v.anchored >= head.seq || i >= 40) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    namespace,
    anchorChanged,
    anchorNow,
    verify: verdictOf,
    publicKey: deps.keys.publicKey,
    keyId: deps.keys.keyId,
  };
}

export type LedgerAnchoring = ReturnType<typeof ledgerAnchoring>;
