import { Type, type Static } from 'typebox';

/**
 * Issue 13, part metrc: the state track-and-trace sync ("Sync Manifests", orders §2, §6 roles 0 and 1, §7
 * `POST /metrc/syncall {body}`, §9 "Sync Manifests may take up to 5 minutes"). The sync compares each order's
 * manifest number, licences, package count and status with the state system's (Metrc) transfer of that number.
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

/** POST /api/metrc/syncall: a range of delivery days (default the last 7 days) or orders by id. */
export const MetrcSyncBody = Type.Object(
  {
    from: Type.Optional(Type.String({ pattern: DAY, errorMessage: 'from must be a date (YYYY-MM-DD)' })),
    to: Type.Optional(Type.String({ pattern: DAY, errorMessage: 'to must be a date (YYYY-MM-DD)' })),
    orderIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: METRC.maxOrders }),
    ),
  },
  { additionalProperties: false },
);
export type MetrcSyncBody = Static<typeof MetrcSyncBody>;

export const MetrcSyncStarted = Type.Object({
  message: Type.String(),
  data: Type.Object({ jobId: Type.String() }),
});
export type MetrcSyncStarted = Static<typeof MetrcSyncStarted>;

/** One order's outcome. */
export const MetrcOrderResult = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  manifestNo: Type.String(),
  result: Type.Union([Type.Literal('synced'), Type.Literal('mismatch'), Type.Literal('not-found')]),
  /** The mismatches (empty unless result is mismatch). */
  mismatches: Type.Array(
    Type.Union([Type.Literal('licence'), Type.Literal('package-count'), Type.Literal('status')]),
  ),
  /** In words, for the table ("Package count: order 3, Metrc 4"). */
  reason: Type.String(),
  /** Metrc's view when the transfer was found. */
  metrc: Type.Optional(
    Type.Object({
      transferId: Type.Number(),
      state: Type.String(),
      packages: Type.Integer(),
      shipper: Type.String(),
      recipient: Type.String(),
    }),
  ),
  /** The custody step was written for this order by this sync (synced only; once). */
  recorded: Type.Boolean(),
});
export type MetrcOrderResult = Static<typeof MetrcOrderResult>;

/** GET /api/metrc/sync/:jobId. */
export const MetrcSyncView = Type.Object({
  jobId: Type.String(),
  state: Type.Union([
    Type.Literal('waiting'),
    Type.Literal('active'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ]),
  done: Type.Integer(),
  total: Type.Integer(),
  /** 0–100. */
  progress: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  counts: Type.Object({ synced: Type.Integer(), mismatch: Type.Integer(), notFound: Type.Integer() }),
  results: Type.Array(MetrcOrderResult),
  failedReason: Type.String(),
  createdAt: Type.String(),
  finishedAt: Type.String(),
});
export type MetrcSyncView = Static<typeof MetrcSyncView>;
export const MetrcSyncAnswer = Type.Object({ data: MetrcSyncView });
export type MetrcSyncAnswer = Static<typeof MetrcSyncAnswer>;
