/**
 * The state track-and-trace sync ("Sync Manifests", orders §2, §6 roles 0 and 1, §7
 * `POST /metrc/syncall {body}`, §9 "Sync Manifests may take up to 5 minutes"). The sync compares each order's
 * manifest number, licences, package count and status with the state system's (Metrc) transfer of that number.
 * Plain JSON Schema (`as const`) and interfaces, so the browser imports this without the TypeBox runtime.
 */

/** orders §9. */
export const METRC_SYNC_HINT = 'Sync Manifests may take up to 5 minutes.';

export const METRC = {
  /** A sync covers at most this many delivery days (decided; README). */
  maxDays: 31,
  /** …or at most this many orders named by id. */
  maxOrders: 500,
  /** Default range: the delivery days of the last week up to today. */
  defaultDays: 7,
  /** The browser polls the job this often. */
  pollMs: 1000,
} as const;

export const MetrcMessages = {
  title: 'Sync Manifests',
  hint: METRC_SYNC_HINT,
  noSuchSync: 'No such sync',
  range: `Choose a range of at most ${METRC.maxDays} days, from before to.`,
  /** The job could not finish: the reason is the state system's answer (never a key). */
  failed: (reason: string) => `Sync Manifests failed: ${reason}`,
  notFoundReason: 'The manifest number is not in Metrc',
  noManifestReason: 'The order has no manifest number',
} as const;

/** The per-order outcome. */
export const METRC_RESULTS = ['synced', 'mismatch', 'not-found'] as const;
export type MetrcResult = (typeof METRC_RESULTS)[number];

/** What did not match on a mismatch. */
export const METRC_MISMATCHES = ['licence', 'package-count', 'status'] as const;
export type MetrcMismatch = (typeof METRC_MISMATCHES)[number];

/** The state of a transfer's delivery as Metrc shows it (from departure/receipt times and package states). */
export const METRC_STATES = ['pending', 'in-transit', 'received', 'rejected', 'partial'] as const;
export type MetrcState = (typeof METRC_STATES)[number];

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const obj = <const P extends Record<string, unknown>>(properties: P) =>
  ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false }) as const;

/** POST /api/metrc/syncall: a range of delivery days (default the last 7 days) or orders by id. */
export interface MetrcSyncBody {
  from?: string;
  to?: string;
  orderIds?: string[];
}
export const MetrcSyncBodySchema = {
  type: 'object',
  properties: {
    from: { type: 'string', pattern: DAY, errorMessage: 'from must be a date (YYYY-MM-DD)' },
    to: { type: 'string', pattern: DAY, errorMessage: 'to must be a date (YYYY-MM-DD)' },
    orderIds: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 64 },
      minItems: 1,
      maxItems: METRC.maxOrders,
    },
  },
  additionalProperties: false,
} as const;

export interface MetrcSyncStarted {
  message: string;
  data: { jobId: string };
}
export const MetrcSyncStartedSchema = obj({ message: str, data: obj({ jobId: str }) });

/** One order's outcome. */
export interface MetrcOrderResult {
  id: string;
  orderId: string;
  manifestNo: string;
  result: MetrcResult;
  /** The mismatches (empty unless result is mismatch). */
  mismatches: MetrcMismatch[];
  /** In words, for the table ("Package count: order 3, Metrc 4"). */
  reason: string;
  /** Metrc's view when the transfer was found. */
  metrc?: { transferId: number; state: MetrcState; packages: number; shipper: string; recipient: string };
  /** The custody step was written for this order by this sync (synced only; once). */
  recorded: boolean;
}
const metrcView = obj({
  transferId: { type: 'number' },
  state: str,
  packages: int,
  shipper: str,
  recipient: str,
});
const resultSchema = {
  type: 'object',
  properties: {
    id: str,
    orderId: str,
    manifestNo: str,
    result: { type: 'string', enum: METRC_RESULTS },
    mismatches: { type: 'array', items: { type: 'string', enum: METRC_MISMATCHES } },
    reason: str,
    metrc: metrcView,
    recorded: { type: 'boolean' },
  },
  required: ['id', 'orderId', 'manifestNo', 'result', 'mismatches', 'reason', 'recorded'],
  additionalProperties: false,
} as const;

export type MetrcSyncState = 'waiting' | 'active' | 'completed' | 'failed';

/** GET /api/metrc/sync/:jobId. */
export interface MetrcSyncView {
  jobId: string;
  state: MetrcSyncState;
  done: number;
  total: number;
  /** 0–100. */
  progress: number;
  from: string;
  to: string;
  counts: { synced: number; mismatch: number; notFound: number };
  results: MetrcOrderResult[];
  failedReason: string;
  createdAt: string;
  finishedAt: string;
}
export interface MetrcSyncAnswer {
  data: MetrcSyncView;
}
export const MetrcSyncAnswerSchema = obj({
  data: obj({
    jobId: str,
    state: { type: 'string', enum: ['waiting', 'active', 'completed', 'failed'] },
    done: int,
    total: int,
    progress: int,
    from: str,
    to: str,
    counts: obj({ synced: int, mismatch: int, notFound: int }),
    results: { type: 'array', items: resultSchema },
    failedReason: str,
    createdAt: str,
    finishedAt: str,
  }),
});
