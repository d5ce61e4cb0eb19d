import { nanos } from '@nats-io/transport-node';
import { DiscardPolicy, StorageType, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { STREAMS, type OrderHistoryEntry } from '@portal/contracts';
import { canonicalJson, verifyChain } from './ledger.js';
import type { LedgerKeys } from './ledger-key.js';

/**
 * The ledger anchored outside the database. verifyChain (ledger.ts) finds an entry edited in place, but not a chain
 * rewritten whole (an entry edited and every later hash recomputed). So the chains' heads are checkpointed: a
 * checkpoint names a chain (namespace + orderId), its last seq, its head hash and the hashes of the entries since the
 * previous checkpoint, signed with the Ed25519 key of the environment (ledger-key.ts), which the database never
 * holds. Checkpoints are published on `orders.ledger.checkpoint.v1.<ns>.<orderId>` (the ORDERS stream, where the
 * service may publish) and kept by the LEDGER_ANCHORS stream, which sources them from ORDERS and is append-only:
 * deny_delete and deny_purge (NATS refuses to lift either by a config update), no max_age, no roll-up, and a full
 * stream refuses new messages instead of dropping old ones. `/history/verify` compares the stored chain with them.
 */

export const ANCHOR_STREAM = 'LEDGER_ANCHORS';
export const CHECKPOINT_SUBJECT = 'orders.ledger.checkpoint.v1';

/** A subject token from any string (a dot, space or wildcard would split or widen the subject). */
const token = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_') || '_';
export const checkpointSubject = (ns: string, orderId: string) =>
  `${CHECKPOINT_SUBJECT}.${token(ns)}.${token(orderId)}`;

export interface Checkpoint {
  v: 1;
  /** The ledger's namespace (one per orders database: LEDGER_NAMESPACE, else the database's own id). */
  ns: string;
  orderId: string;
  /** The last entry covered, and its hash (the chain's head at `at`). */
  seq: number;
  hash: string;
  /** The first seq whose hash is listed: hashes[i] is the hash of entry from + i (up to seq). */
  from: number;
  hashes: string[];
  at: string;
  keyId: string;
  sig: string;
}

const signedBytes = (cp: Omit<Checkpoint, 'sig'> & { sig?: string }) => {
  const { sig: _sig, ...body } = cp;
  return canonicalJson(body);
};

/** A checkpoint of `history` from entry `from` (the one after the previous checkpoint) to its head, signed. */
export function makeCheckpoint(
  keys: LedgerKeys,
  ns: string,
  orderId: string,
  history: readonly OrderHistoryEntry[],
  from: number,
  now = new Date(),
): Checkpoint {
  const head = history[history.length - 1]!;
  const body: Omit<Checkpoint, 'sig'> = {
    v: 1,
    ns,
    orderId,
    seq: head.seq,
    hash: head.hash,
    from,
    hashes: history.slice(from - 1).map((e) => e.hash),
    at: now.toISOString(),
    keyId: keys.keyId,
  };
  return { ...body, sig: keys.sign(signedBytes(body)) };
}

/** A checkpoint as read back: well-formed, for this chain and signed by a trusted key; anything else is refused. */
export function checkCheckpoint(
  keys: LedgerKeys,
  raw: unknown,
  ns: string,
  orderId: string,
): Checkpoint | null {
  const cp = raw as Checkpoint;
  if (!cp || typeof cp !== 'object' || cp.v !== 1 || cp.ns !== ns || cp.orderId !== orderId) return null;
  const wellFormed =
    Number.isInteger(cp.seq) &&
    Number.isInteger(cp.from) &&
    cp.from >= 1 &&
    Array.isArray(cp.hashes) &&
    cp.hashes.length === cp.seq - cp.from + 1 &&
    cp.hashes[cp.hashes.length - 1] === cp.hash;
  if (!wellFormed || !keys.verify(signedBytes(cp), cp.sig, cp.keyId)) return null;
  return cp;
}

/** Creates LEDGER_ANCHORS (or checks the existing one is still append-only). */
export async function ensureAnchorStream(
  jsm: JetStreamManager,
  maxBytes: number,
  replicas = 1,
): Promise<void> {
  let info = await jsm.streams.info(ANCHOR_STREAM).catch(() => null);
  if (!info) {
    await jsm.streams
      .add({
        name: ANCHOR_STREAM,
        storage: StorageType.File,
        sources: [{ name: STREAMS.orders, filter_subject: `${CHECKPOINT_SUBJECT}.>` }],
        deny_delete: true,
        deny_purge: true,
        allow_rollup_hdrs: false,
        allow_direct: true,
        max_age: 0,
        max_msgs: -1,
        max_msgs_per_subject: -1,
        max_bytes: maxBytes,
        discard: DiscardPolicy.New,
        duplicate_window: nanos(120_000),
        num_replicas: replicas,
      })
      .catch(async (err: Error) => {
        // created at the same time by a sibling instance
        if (!(await jsm.streams.info(ANCHOR_STREAM).catch(() => null))) throw err;
      });
    info = await jsm.streams.info(ANCHOR_STREAM);
  }
  const c = info.config;
  if (!c.deny_delete || !c.deny_purge || c.allow_rollup_hdrs || Number(c.max_age) !== 0)
    throw new Error(`${ANCHOR_STREAM} is not append-only (deny_delete, deny_purge, no roll-up, no max_age)`);
}

/**
 * Publishes a checkpoint. Its Nats-Msg-Id is the chain, seq and signature: a retried publish is stored once, while a
 * forged message cannot take the real checkpoint's id (with chain + seq alone, a forgery published first would
 * have made JetStream drop the real one as a duplicate). Instances take turns (the job's lock), so two checkpoints
 * of one head are rare, and harmless.
 */
export async function publishCheckpoint(js: JetStreamClient, cp: Checkpoint): Promise<void> {
  await js.publish(checkpointSubject(cp.ns, cp.orderId), JSON.stringify(cp), {
    msgID: `${cp.ns}:${cp.orderId}:${cp.seq}:${cp.sig.slice(0, 24)}`,
  });
}

export interface ChainCheckpoints {
  /** The valid checkpoints, oldest first. */
  valid: Checkpoint[];
  /** How many were refused (a bad signature, an unknown key, malformed). */
  refused: number;
}

/** Every checkpoint of one chain, read from LEDGER_ANCHORS (batched direct gets by subject). */
export async function readCheckpoints(
  jsm: JetStreamManager,
  keys: LedgerKeys,
  ns: string,
  orderId: string,
): Promise<ChainCheckpoints> {
  const out: ChainCheckpoints = { valid: [], refused: 0 };
  let seq = 1;
  for (;;) {
    let n = 0;
    let last = 0;
    try {
      const it = await jsm.direct.getBatch(ANCHOR_STREAM, {
        seq,
        batch: 256,
        next_by_subj: checkpointSubject(ns, orderId),
      });
      for await (const m of it) {
        n++;
        last = m.seq;
        let raw: unknown;
        try {
          raw = m.json();
        } catch {
          raw = null;
        }
        const claimed = (raw as Partial<Checkpoint> | null)?.orderId;
        // another chain whose id maps to the same subject token
        if (typeof claimed === 'string' && claimed !== orderId) continue;
        const cp = checkCheckpoint(keys, raw, ns, orderId);
        if (cp) out.valid.push(cp);
        else out.refused++;
      }
    } catch (err) {
      if (/no message|not found|404/i.test((err as Error).message)) break;
      throw err;
    }
    if (n < 256) break;
    seq = last + 1;
  }
  return out;
}

export interface AnchoredVerdict {
  ok: boolean;
  entries: number;
  /** The first entry that does not verify: in the chain itself, or against the signed checkpoints. */
  brokenAt?: number;
  /** Entries 1..anchored are covered by a signed checkpoint (0: none yet). */
  anchored: number;
  /** When the newest checkpoint was signed. */
  anchoredAt?: string;
  /** Checkpoints refused (bad signature, unknown key). */
  refused?: number;
  message: string;
}

/** The stored chain against its checkpoints: recomputed, and each anchored entry's hash equal to the signed one. */
export function compareWithAnchors(
  history: readonly OrderHistoryEntry[],
  cps: ChainCheckpoints,
): AnchoredVerdict {
  const chain = verifyChain(history);
  const signed = new Map<number, string>();
  for (const cp of cps.valid)
    cp.hashes.forEach((h, i) => {
      if (!signed.has(cp.from + i)) signed.set(cp.from + i, h);
    });
  const newest = cps.valid.reduce<Checkpoint | undefined>((a, b) => (!a || b.seq > a.seq ? b : a), undefined);
  const refused = cps.refused ? { refused: cps.refused } : {};
  const anchored = newest?.seq ?? 0;
  const at = newest ? { anchoredAt: newest.at } : {};
  let differs: number | undefined;
  for (const [seq, h] of [...signed].sort((a, b) => a[0] - b[0])) {
    if (history[seq - 1]?.hash !== h) {
      differs = seq;
      break;
    }
  }
  const base = { entries: history.length, anchored, ...at, ...refused };
  if (differs !== undefined) {
    const missing = differs > history.length;
    return {
      ok: false,
      ...base,
      brokenAt: chain.ok ? differs : Math.min(differs, chain.brokenAt!),
      message: missing
        ? `The history has ${history.length} entries but its signed checkpoint of ${newest!.at} covers ${anchored}: entry ${differs} is missing.`
        : `Entry ${differs} differs from the signed checkpoint of ${newest!.at}: the history was rewritten after it was anchored.`,
    };
  }
  if (!chain.ok)
    return {
      ok: false,
      ...base,
      brokenAt: chain.brokenAt!,
      message: `Entry ${chain.brokenAt} was changed or is missing.`,
    };
  const rest = history.length - anchored;
  return {
    ok: true,
    ...base,
    message: !anchored
      ? `All ${history.length} entries are intact; none is anchored by a signed checkpoint yet.`
      : rest
        ? `All ${history.length} entries are intact; entries 1-${anchored} are anchored (signed checkpoint of ${newest!.at}), ${rest} not yet.`
        : `All ${history.length} entries are intact and anchored (signed checkpoint of ${newest!.at}).`,
  };
}
