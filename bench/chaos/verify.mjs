// What the chaos run proves, read from the stores themselves (never from the services' answers): every
// acknowledged create is one order document, every acknowledged scan one ledger entry, every order reached each
// consumer (routing's and billing's read models at the order's version, its mails once), every durable drained.
import { MongoClient } from 'mongodb';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

const countBy = (xs, key) => {
  const m = new Map();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};

export class Stores {
  constructor(env, dataset) {
    this.env = env;
    this.dataset = dataset;
    this.mongo = new MongoClient(env.MONGO_URL, { serverSelectionTimeoutMS: 10_000 });
  }
  db = (svc) => this.mongo.db(`portal_${svc}_${this.dataset}`);
  async close() {
    await this.mongo.close();
  }

  /** The run's orders as stored: invoice, id, number, version and the scan ids in their ledgers. */
  async orders(run) {
    const docs = await this.db('orders')
      .collection('orders')
      .find(
        { 'data.billing.invoice': { $regex: `^CHAOS-${run}-` } },
        { projection: { orderId: 1, version: 1, status: 1, 'data.billing.invoice': 1, history: 1 } },
      )
      .toArray();
    return docs.map((d) => ({
      id: String(d._id),
      orderId: d.orderId,
      version: d.version,
      status: d.status,
      invoice: d.data.billing.invoice,
      scanIds: (d.history ?? []).flatMap((e) =>
        (e.changes ?? []).filter((c) => c.path === 'scanId').map((c) => c.to),
      ),
    }));
  }

  /** A read model's copies of `ids`: id → {version, n} (n: how many documents carry the id). */
  async copies(svc, collection, ids) {
    const docs = await this.db(svc)
      .collection(collection)
      .find({ _id: { $in: ids } }, { projection: { version: 1 } })
      .toArray();
    const out = new Map();
    for (const d of docs) {
      const prev = out.get(String(d._id));
      out.set(String(d._id), { version: d.version, n: (prev?.n ?? 0) + 1 });
    }
    return out;
  }
}

/** Creates and scans: acknowledged vs stored. */
export function checkWrites(traffic, orders) {
  const byInvoice = countBy(orders, (o) => o.invoice);
  const acked = [...traffic.creates.entries()];
  const lost = acked.filter(([inv]) => !byInvoice.get(inv)).map(([inv]) => inv);
  const duplicated = [...byInvoice.entries()].filter(([, n]) => n > 1).map(([inv]) => inv);
  const wrongId = acked.filter(([inv, a]) => {
    const o = orders.find((x) => x.invoice === inv);
    return o && o.id !== a.id;
  }).length;
  const numbers = [...countBy(orders, (o) => o.orderId).entries()].filter(([, n]) => n > 1);
  const ackedSet = new Set(traffic.creates.keys());
  // answered with an error (or not at all) yet stored: the client cannot know; a retry with a key would dedupe
  const inDoubtStored = orders.filter((o) => !ackedSet.has(o.invoice)).length;
  const refused = traffic.records.filter((r) => r.kind === 'create' && r.status >= 400 && r.status < 500);

  const scanIds = new Map();
  for (const o of orders) for (const s of o.scanIds) scanIds.set(s, (scanIds.get(s) ?? 0) + 1);
  const scansAcked = [...traffic.scans.keys()];
  return {
    creates: {
      sent: traffic.records.filter((r) => r.kind === 'create').length,
      acknowledged: acked.length,
      foundOnce: acked.length - lost.length - acked.filter(([inv]) => byInvoice.get(inv) > 1).length,
      lost: lost.length,
      duplicated: duplicated.length,
      wrongId,
      duplicateNumbers: numbers.length,
      inDoubtStored,
      refused4xx: refused.length,
      refusedSample: refused.slice(0, 3).map((r) => `${r.status} ${r.error ?? ''}`),
      lostSample: lost.slice(0, 5),
    },
    scans: {
      sent: traffic.records.filter((r) => r.kind === 'scan').length,
      acknowledged: scansAcked.length,
      lost: scansAcked.filter((s) => !scanIds.get(s)).length,
      duplicated: [...scanIds.values()].filter((n) => n > 1).length,
    },
  };
}

/** Routing's and billing's copies of every stored order: missing, doubled, or behind the order's version. */
export async function checkReadModels(stores, orders) {
  const ids = orders.map((o) => o.id);
  const out = {};
  for (const [svc, coll] of [
    ['routing', 'read_orders'],
    ['billing', 'orders_projection'],
  ]) {
    const copies = await stores.copies(svc, coll, ids);
    out[svc] = {
      orders: ids.length,
      missing: orders.filter((o) => !copies.get(o.id)).length,
      doubled: [...copies.values()].filter((c) => c.n > 1).length,
      behind: orders.filter((o) => copies.get(o.id) && copies.get(o.id).version < o.version).length,
    };
  }
  return out;
}

/** The mailbox: each order's "New order" mail once per recipient; orders without one. */
export async function checkMails(mailboxUrl, orders) {
  const res = await fetch(`${mailboxUrl}/api/messages`, { signal: AbortSignal.timeout(30_000) });
  const msgs = await res.json();
  const numbers = new Set(orders.map((o) => o.orderId));
  const created = msgs.filter((m) => {
    const n = /^New order (\S+):/.exec(m.subject)?.[1];
    return n && numbers.has(n);
  });
  const pair = (m) => `${[...m.to].sort().join(',')}|${m.subject}`;
  const perPair = countBy(created, pair);
  // a copy the relay kept while the sender died before hearing so is sent again under the same Message-ID: one
  // message to the reader; two Message-IDs for one pair is a mail sent twice
  const idsPerPair = new Map();
  for (const m of created) {
    const k = pair(m);
    idsPerPair.set(k, (idsPerPair.get(k) ?? new Set()).add(m.messageId || m.id));
  }
  const perOrder = countBy(created, (m) => /^New order (\S+):/.exec(m.subject)[1]);
  const pairsPerOrder = countBy([...perPair.keys()], (k) => /^.*\|New order (\S+):/.exec(k)[1]);
  // how many recipients an order has is the data's: the most common count is the norm, fewer is a lost mail
  const norm =
    [...countBy([...pairsPerOrder.values()], (n) => n).entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  return {
    mails: created.length,
    orders: orders.length,
    recipientsPerOrder: norm,
    ordersWithout: orders.filter((o) => !perOrder.get(o.orderId)).length,
    ordersShort: [...numbers].filter((n) => (pairsPerOrder.get(n) ?? 0) < norm).length,
    duplicated: [...idsPerPair.values()].filter((ids) => ids.size > 1).length,
    resent: [...perPair.entries()].filter(([k, n]) => n > (idsPerPair.get(k)?.size ?? 0)).length,
  };
}

/** Every stream and durable of the rehearsal's TEST account: copies current, nothing pending or dead-lettered. */
export async function natsState(urls) {
  const nc = await connect({ servers: urls.split(','), user: 'test', pass: 'test', timeout: 5000 });
  try {
    const jsm = await jetstreamManager(nc, { timeout: 5000 });
    const streams = [];
    const consumers = [];
    for await (const s of jsm.streams.list()) {
      const replicas = s.cluster?.replicas ?? [];
      streams.push({
        name: s.config.name,
        replicas: s.config.num_replicas,
        current: 1 + replicas.filter((r) => r.current && !r.offline).length,
        messages: s.state.messages,
      });
      for await (const c of jsm.consumers.list(s.config.name)) {
        consumers.push({
          stream: s.config.name,
          durable: c.name,
          pending: c.num_pending,
          ackPending: c.num_ack_pending,
          redelivered: c.num_redelivered,
          // an instance's own durable (it expires once unused): a killed instance's is left behind, unread
          orphan: Boolean(c.config.inactive_threshold) && !c.num_waiting,
        });
      }
    }
    return { streams, consumers };
  } finally {
    await nc.close();
  }
}
