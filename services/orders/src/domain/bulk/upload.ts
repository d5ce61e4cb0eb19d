import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OrderMessages, isStaff, type RoleNumber } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { memberOf } from '../../readmodels/members.js';
import { BULK_INLINE_ROWS } from './columns.js';
import { checkUpload, saveUpload, unsaved, type BulkCaller, type BulkPorts, type BulkResult } from './run.js';
import { BulkPayload, BulkUpload, packChecked } from './store.js';

export const BULK_QUEUE = 'orders-bulk-upload';

/**
 * The uploader as the rules need them (role from the token, company and name from the members read model). A
 * suspended account is refused in the spec's words (orders §6: blocked from ordering), like the single create.
 */
export async function bulkCallerOf(user: {
  sub: string;
  role: RoleNumber;
  suspended?: boolean;
}): Promise<BulkCaller> {
  const m = await memberOf(user.sub);
  if (user.suspended || m?.suspended) throw new Problem(403, OrderMessages.suspended);
  return {
    userId: user.sub,
    name: m?.name ?? '',
    role: user.role,
    companyKeys: m?.companyKeys ?? [],
    sameDayPickup: !!m?.sameDayPickup,
  };
}

export interface BulkFile {
  filename: string;
  bytes: Buffer;
  goodRows: boolean;
}

/** An upload's answer, and whether all-or-nothing refused it (nothing saved: a 400 with every bad row). */
export interface UploadAnswer {
  result: BulkResult;
  refused: boolean;
}

/**
 * One uploaded file: read (file-level problems throw BulkFileError), every row checked in the request, then — unless
 * all-or-nothing refuses it — the good rows saved at once, or by the job (answering `jobId`) when there are more
 * than BULK_INLINE_ROWS of them. The job's data is the upload's id only: the rows and the caller (no token) wait in
 * `bulkuploads`.
 */
export async function uploadBulk(
  app: FastifyInstance,
  file: BulkFile,
  caller: BulkCaller,
  ports: BulkPorts,
): Promise<UploadAnswer> {
  // SheetJS loads with the first upload, not with the service
  const { readUpload } = await import('./parse.js');
  const rows = await readUpload(file.filename, file.bytes);
  const fileHash = createHash('sha256').update(file.bytes).digest('hex');
  const checked = await checkUpload(rows, fileHash, caller, ports);
  if (checked.errors.length && !file.goodRows) return { result: unsaved(checked), refused: true };
  const uploadId = randomUUID();
  if (checked.good.length <= BULK_INLINE_ROWS)
    return { result: await saveUpload({ checked, uploadId, caller, ports }), refused: false };
  await BulkUpload.create({
    _id: uploadId,
    userId: caller.userId,
    caller,
    filename: file.filename,
    fileHash,
    total: checked.total,
    done: checked.total - checked.good.length,
  });
  await BulkPayload.create({ _id: uploadId, gz: packChecked(checked) });
  await app.jobs.add(BULK_QUEUE, 'upload', { uploadId }, { jobId: uploadId });
  return { result: unsaved(checked, uploadId), refused: false };
}

export interface BulkJobView {
  state: 'waiting' | 'active' | 'completed' | 'failed';
  /** Percent of the rows done (0–100). */
  progress: number;
  done: number;
  total: number;
  result: BulkResult | null;
  failedReason: string;
}

/** A job's state for its uploader (or staff); null when there is no such job or it is someone else's. */
export async function bulkJobOf(
  jobId: string,
  user: { sub: string; role: RoleNumber },
): Promise<BulkJobView | null> {
  const u = await BulkUpload.findById(jobId).lean<{
    userId: string;
    state: BulkJobView['state'];
    done: number;
    total: number;
    result: BulkResult | null;
    failedReason: string;
  }>();
  if (!u || (u.userId !== user.sub && !isStaff(user.role))) return null;
  const progress = u.state === 'completed' ? 100 : u.total ? Math.floor((u.done / u.total) * 100) : 0;
  return {
    state: u.state,
    progress,
    done: u.done,
    total: u.total,
    result: u.result ?? null,
    failedReason: u.failedReason ?? '',
  };
}
