import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  OrderMessages,
  isStaff,
  type MetrcSyncBody,
  type MetrcSyncView,
  type RoleNumber,
} from '@portal/contracts';
import { Problem, type AuthUser } from '@portal/service-kit';
import type { MetrcConfig } from '../../adapters/metrc/types.js';
import { memberOf } from '../../readmodels/members.js';
import { rangeOf } from './plan.js';
import { MetrcSync, syncViewOf, type StoredSync, type SyncCaller } from './store.js';

export const METRC_QUEUE = 'orders-metrc-sync';

/** The adapter's settings from the service env (keys never logged: the env schema marks nothing of them public). */
export function metrcConfigOf(env: Record<string, unknown>): MetrcConfig {
  return {
    baseUrl: String(env.METRC_URL),
    vendorKey: String(env.METRC_VENDOR_KEY ?? ''),
    userKey: String(env.METRC_USER_KEY ?? ''),
    timeoutMs: Number(env.METRC_TIMEOUT_MS ?? 10_000),
    retries: Number(env.METRC_RETRIES ?? 3),
    concurrency: Number(env.METRC_CONCURRENCY ?? 4),
    retryBudget: Number(env.METRC_RETRY_BUDGET ?? 8),
  };
}

/** The requesting admin as the job records them (name from the members read model; no token). */
export async function syncCallerOf(user: AuthUser): Promise<SyncCaller> {
  const m = await memberOf(user.sub);
  if (user.suspended || m?.suspended) throw new Problem(403, OrderMessages.suspended);
  return { userId: user.sub, name: m?.name || user.name || user.email || user.sub, role: user.role };
}

/**
 * POST /metrc/syncall: the request is stored (`metrcsyncs`) and the job queued with the same id; the answer is that
 * id. Days from..to (default the last 7) or the orders named.
 */
export async function startSync(
  app: FastifyInstance,
  body: MetrcSyncBody,
  caller: SyncCaller,
  now = new Date(),
): Promise<string> {
  const { from, to } = body.orderIds?.length ? { from: '', to: '' } : rangeOf(body, now);
  const id = randomUUID();
  await MetrcSync.create({
    _id: id,
    userId: caller.userId,
    caller,
    from,
    to,
    orderIds: body.orderIds ?? [],
  });
  await app.jobs.add(METRC_QUEUE, 'sync', { syncId: id }, { jobId: id });
  return id;
}

/** A run for its requester or any staff member; null when there is none. */
export async function syncOf(
  id: string,
  user: { sub: string; role: RoleNumber },
): Promise<MetrcSyncView | null> {
  const s = await MetrcSync.findById(id).lean<StoredSync>();
  if (!s || (s.userId !== user.sub && !isStaff(user.role))) return null;
  return syncViewOf(s);
}
