import { createHash } from 'node:crypto';
import { LEDGER_GENESIS, type OrderHistoryEntry, type OrderSource } from '@portal/contracts';

/**
 * The order history as a tamper-evident ledger: each entry carries the hash of the previous one, and its
 * own hash is sha256 over the canonical JSON of the entry without `hash`. Appended in the SAME conditional write as
 * the change (domain/order-write.ts: filter {_id, version}), so an entry exists exactly when its change does.
 * `verifyChain` recomputes the chain: an edited, removed or reordered entry shows as the first seq that fails.
 */

/** JSON with object keys sorted at every level and undefined dropped: the same bytes for the same facts. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

export const hashOf = (entry: Omit<OrderHistoryEntry, 'hash'>): string =>
  createHash('sha256').update(canonicalJson(entry)).digest('hex');

export interface Change {
  path: string;
  from?: unknown;
  to?: unknown;
}

export interface EntryInput {
  at: Date;
  by: { userId: string; name: string; role: number };
  source: OrderSource;
  action: string;
  changes: Change[];
}

/** The next entry after `history` (the stored chain), hashed and linked. */
export function nextEntry(history: readonly OrderHistoryEntry[], e: EntryInput): OrderHistoryEntry {
  const last = history[history.length - 1];
  const body: Omit<OrderHistoryEntry, 'hash'> = {
    seq: last ? last.seq + 1 : 1,
    at: e.at.toISOString(),
    by: { userId: e.by.userId, name: e.by.name, role: e.by.role },
    source: e.source,
    action: e.action,
    // values as JSON keeps them (undefined → absent), so the stored entry hashes as it was hashed here
    changes: JSON.parse(JSON.stringify(e.changes)) as Change[],
    prevHash: last ? last.hash : LEDGER_GENESIS,
  };
  return { ...body, hash: hashOf(body) };
}

export interface ChainCheck {
  ok: boolean;
  entries: number;
  brokenAt?: number;
}

/** Recomputes every hash and link: the first entry that does not verify (by seq, else position + 1) is brokenAt. */
export function verifyChain(history: readonly OrderHistoryEntry[]): ChainCheck {
  let prev = LEDGER_GENESIS;
  for (let i = 0; i < history.length; i++) {
    const { hash, ...body } = history[i]!;
    const broken = body.prevHash !== prev || body.seq !== i + 1 || hashOf(body) !== hash;
    if (broken)
      return { ok: false, entries: history.length, brokenAt: Number.isInteger(body.seq) ? body.seq : i + 1 };
    prev = hash;
  }
  return { ok: true, entries: history.length };
}

/** The leaf-level differences between two JSON values ('data.order.status' paths); arrays compare whole. */
export function diff(before: unknown, after: unknown, path = ''): Change[] {
  const isObj = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
  if (isObj(before) && isObj(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diff(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (isObj(after) && before === undefined) return diff({}, after, path);
  if (canonicalJson(before) === canonicalJson(after)) return [];
  return [
    {
      path,
      ...(before !== undefined ? { from: before } : {}),
      ...(after !== undefined ? { to: after } : {}),
    },
  ];
}

/** Signature images stay out of the ledger (and of events): an entry names the signer, not the picture. */
export function redactImages(changes: Change[]): Change[] {
  return changes.map((c) =>
    /(^|\.)image$/.test(c.path)
      ? {
          path: c.path,
          ...(c.from !== undefined ? { from: '[image]' } : {}),
          ...(c.to !== undefined ? { to: '[image]' } : {}),
        }
      : c,
  );
}
