import mongoose from 'mongoose';
import { mapRow, type MappedRow } from './map.js';
import type { RowToWrite } from './write.js';
import { nextOrderIds } from '../order-ids.js';
import type { SheetRow } from './parse.js';
import { BulkRow, rowKey, type BulkRowClaim } from './store.js';
import type { BulkCaller } from './caller.js';

export type { BulkCaller };

export interface BulkRowError {
  row: number;
  /** The row's messages joined ("; "), for a one-line list. */
  message: string;
  messages: string[];
}
export interface BulkRowSaved {
  row: number;
  id: string;
  orderId: string;
}
/** The answer of an upload (POST /orders/bulk, or a job's result). */
export interface BulkResult {
  /** Order rows in the file (the heading row not counted). */
  total: number;
  saved: number;
  savedRows: BulkRowSaved[];
  /** Rows of this very file saved by an earlier upload (the idempotency key): not saved again. */
  already: number;
  alreadyRows: BulkRowSaved[];
  errors: BulkRowError[];
  jobId: string | null;
}

/** What the upload needs from the order domain: the rules' verdict on rows, and one order's create. */
export interface BulkPorts {
  /** Row number → the spec's messages for each row that breaks a rule (rows absent are valid). */
  check(rows: MappedRow[], caller: BulkCaller): Promise<Map<number, string[]>>;
  /** Writes a batch of new orders with the ids chosen (source 'bulk'); answers row → the server's text of failures. */
  write(rows: RowToWrite[], caller: BulkCaller): Promise<Map<number, string>>;
}

/** A checked upload: the rows to save and what is already known about the others. */
export interface CheckedUpload {
  fileHash: string;
  total: number;
  good: MappedRow[];
  errors: BulkRowError[];
  alreadyRows: BulkRowSaved[];
}

/** A pending claim older than this was left by a crash (a live upload writes a row in milliseconds). */
const STALE_CLAIM_MS = 2 * 60_000;
/** Orders written per insert (and per progress step): one round trip each, small enough to report progress. */
const BATCH = 250;
/** Batches written at once: the database's insert work runs on more than one core. */
const WRITERS = 2;

const errorOf = (row: number, messages: string[]): BulkRowError => ({
  row,
  message: messages.join('; '),
  messages,
});

/**
 * The upload's rows already saved by an earlier upload of the same bytes (row → its order). A claim is never
 * updated (FerretDB's updateMany rewrites each document: seconds for thousands): its order existing is what makes
 * it "saved". A claim without its order is a write in flight — or, once stale, one a crash cut short: dropped, and
 * the row is saved again.
 */
async function alreadySaved(fileHash: string, rows: number[]): Promise<Map<number, BulkRowSaved>> {
  const wanted = new Set(rows);
  const claims = (await BulkRow.find({ fileHash }).lean<BulkRowClaim[]>()).filter((c) => wanted.has(c.row));
  const Order = mongoose.model('Order');
  // a first upload has no claims: no query at all (an empty $in read every order on an unpatched FerretDB)
  const found = claims.length
    ? await Order.find({ _id: { $in: claims.map((c) => c.orderRef) } }, { orderId: 1 }).lean<
        { _id: mongoose.Types.ObjectId; orderId: string }[]
      >()
    : [];
  const written = new Map(found.map((o) => [String(o._id), o.orderId]));
  const out = new Map<number, BulkRowSaved>();
  const stale: string[] = [];
  for (const c of claims) {
    if (!written.has(c.orderRef) && Date.now() - (c.createdAt?.getTime() ?? 0) > STALE_CLAIM_MS)
      stale.push(c._id);
    else out.set(c.row, { row: c.row, id: c.orderRef, orderId: written.get(c.orderRef) ?? c.orderId });
  }
  if (stale.length) await BulkRow.deleteMany({ _id: { $in: stale } });
  return out;
}

/**
 * Every row of a file, checked before anything is written: its cells' types, whether this very file already saved
 * it (the idempotency key), and the order rules. Runs in the request for every size, so a bad file is answered at
 * once and a job only writes.
 */
export async function checkUpload(
  rows: SheetRow[],
  fileHash: string,
  caller: BulkCaller,
  ports: Pick<BulkPorts, 'check'>,
): Promise<CheckedUpload> {
  const mapped = rows.map(mapRow);
  const before = await alreadySaved(
    fileHash,
    mapped.map((m) => m.row),
  );
  const fresh = mapped.filter((m) => !before.has(m.row));
  const ruleErrors = await ports.check(
    fresh.filter((m) => !m.errors.length),
    caller,
  );
  const errors = fresh
    .map((m) => errorOf(m.row, [...m.errors, ...(ruleErrors.get(m.row) ?? [])]))
    .filter((e) => e.messages.length);
  const bad = new Set(errors.map((e) => e.row));
  return {
    fileHash,
    total: mapped.length,
    good: fresh.filter((m) => !bad.has(m.row)),
    errors,
    alreadyRows: [...before.values()],
  };
}

/** The answer of a checked upload before anything is saved (all-or-nothing refused, or a job just queued). */
export const unsaved = (c: CheckedUpload, jobId: string | null = null): BulkResult => ({
  total: c.total,
  saved: 0,
  savedRows: [],
  already: c.alreadyRows.length,
  alreadyRows: [...c.alreadyRows],
  errors: [...c.errors],
  jobId,
});

export interface SaveRun {
  checked: CheckedUpload;
  uploadId: string;
  caller: BulkCaller;
  ports: Pick<BulkPorts, 'write'>;
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

/**
 * Saves the good rows of a checked upload (the caller decided: no bad rows, or "save the good rows"). Each row is
 * claimed under its idempotency key (file hash + row) before its order is written; the answer names every row
 * saved, already there, or failed at the write (with the server's text) — never a silent half.
 */
export async function saveUpload(run: SaveRun): Promise<BulkResult> {
  const result = unsaved(run.checked);
  await saveRows(run, result);
  result.savedRows.sort((a, b) => a.row - b.row);
  result.alreadyRows.sort((a, b) => a.row - b.row);
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

/**
 * Chooses each good row's `_id` and human id, then a batch at a time (two in flight): claims the batch's rows under
 * their idempotency keys (a row another upload of the same file holds is "already there") and writes the claimed
 * ones. Claiming per batch keeps the first orders close to the answer instead of after 5,000 claims.
 */
async function saveRows(run: SaveRun, result: BulkResult): Promise<void> {
  const { caller, ports, uploadId } = run;
  const { fileHash, good } = run.checked;
  if (!good.length) return;
  const orderIds = await nextOrderIds(good.length);
  const rows = good.map((m, i) => ({
    claim: {
      _id: rowKey(fileHash, m.row),
      fileHash,
      row: m.row,
      orderRef: new mongoose.Types.ObjectId().toHexString(),
      orderId: orderIds[i]!,
      userId: caller.userId,
      uploadId,
      createdAt: new Date(),
    },
    input: m.input,
  }));
  const batches: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += BATCH) batches.push(rows.slice(i, i + BATCH));
  let done = 0;
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      const taken = await claimRows(batch.map((r) => r.claim));
      const toWrite: RowToWrite[] = [];
      for (const { claim: c, input } of batch) {
        if (taken.has(c._id)) toWrite.push({ row: c.row, input, id: c.orderRef, orderId: c.orderId });
        else result.alreadyRows.push({ row: c.row, id: '', orderId: '' }); // a concurrent upload of this file
      }
      const failed = await ports.write(toWrite, caller);
      const lost = toWrite.filter((r) => failed.has(r.row)).map((r) => rowKey(fileHash, r.row));
      if (lost.length) await BulkRow.deleteMany({ _id: { $in: lost } });
      for (const r of toWrite)
        if (!failed.has(r.row)) result.savedRows.push({ row: r.row, id: r.id, orderId: r.orderId });
      for (const [row, text] of failed) result.errors.push(errorOf(row, [text]));
      result.saved = result.savedRows.length;
      result.already = result.alreadyRows.length;
      done += batch.length;
      await run.onProgress?.(done, good.length);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, worker));
}

/** Inserts the claims (unordered: a duplicate key only skips that row); answers the keys this upload now holds. */
async function claimRows(claims: { _id: string }[]): Promise<Set<string>> {
  if (!claims.length) return new Set();
  try {
    await BulkRow.collection.insertMany(claims as never[], { ordered: false });
    return new Set(claims.map((c) => c._id));
  } catch (err) {
    const e = err as { writeErrors?: { err?: { index?: number }; index?: number }[]; code?: number };
    if (!e.writeErrors && e.code !== 11000) throw err;
    const lost = new Set((e.writeErrors ?? []).map((w) => w.index ?? w.err?.index));
    return new Set(claims.filter((_, i) => !lost.has(i)).map((c) => c._id));
  }
}
