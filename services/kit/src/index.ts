export {
  buildService,
  DEFAULT_BACKENDS,
  type ServiceOptions,
  type RoutePlugin,
  type PortalApp,
} from './build-service.js';
export type { Backend } from './plugins/app/health.js';
export type { ServicePart } from './service-part.js';
export {
  EventValidators,
  subjectMatches,
  type TypedEvent,
  type ExtraEvents,
  type EventCheck,
} from './events.js';
export type { Bus } from './backends/bus.js';
export {
  attachment,
  publicUrl,
  type ObjectStore,
  type PresignGetOptions,
  type PresignPutOptions,
  type PresignedUpload,
} from './backends/object-store.js';
export {
  SmtpEnvSchema,
  createMailer,
  transportOptions,
  type Mailer,
  type Mail,
  type SmtpEnv,
} from './backends/smtp.js';
export type { RelayHooks } from './plugins/app/outbox-relay.js';
export { Problem, ProblemSchema, problemBody } from './problem.js';
export { isBackendUnavailable, UNAVAILABLE_MESSAGE, RETRY_AFTER_S } from './unavailable.js';
export { STATE_TTL_S, type UserStateStore, type UserState } from './plugins/app/user-state.js';
export { JOB_ROWS as JOB_ROWS_COLLECTION } from './plugins/app/job-rows.js';
export {
  defineConsumer,
  INSTANCE_DURABLE_INACTIVE_MS,
  defineWorker,
  JOB_DEFAULTS,
  type ConsumerDef,
  type ConsumerContext,
  type PayloadOf,
  type WorkerDef,
  type WorkerContext,
} from './consumers.js';
export {
  withOutbox,
  withDocLock,
  type OutboxEvent,
  type OutboxMethods,
  type OutboxStatics,
  type OutboxModel,
  type NewEvent,
  type UntypedEvent,
  type ParkedEvent,
  OUTBOX_PARKED,
  onIntentAbandoned,
} from './outbox.js';
export { Batcher, batchedInsert, insertEach } from './batch.js';
export { cacheCounter, cacheFigures, type CacheCounter, type CacheFigures } from './cache-stats.js';
// read models of others' records: snapshot request and answer, the version rule (readmodel/)
export * from './readmodel/index.js';
export { withSpan, injectTrace, extractTrace, currentTraceId, shutdownTelemetry } from './telemetry.js';
export {
  loadEnv,
  EnvSchema,
  productionRequired,
  PRODUCTION_REQUIRED,
  BACKEND_REQUIRED,
  type Env,
} from './env.js';
export { runService, servicePort } from './server-main.js';
export { Lease, LEASES, LEASE_TTL_MS, processHolder, type LeaseDoc } from './lease.js';
export { replicaDrops, type ReplicaDrops } from './replica-drops.js';
export { ensureStream, streamName, streamLimits, type StreamLimits } from './plugins/external/nats.js';
export { queuePrefix, workerOptions } from './plugins/app/queues.js';
export { durableName, deadLetterSubject } from './plugins/app/consumers.js';
export { PROCESSED_MODEL } from './plugins/app/processed-events.js';
export type { AuthUser, RouteInfo, Queues, Jobs } from './types.js';
export type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export { seal, openSealed, sealKey, SealError, SealEnvKey, SEAL_PREFIX, type SealOptions } from './seal.js';
// Receivers' tracking links
export {
  signTrackingToken,
  verifyTrackingToken,
  TrackingEnvKey,
  TRACKING_PREFIX,
  DEV_TRACKING_SECRET,
  type TrackingClaims,
} from './tracking-token.js';
export { UnrecoverableError } from './consumers.js';
export { sendProblem } from './plugins/app/problem.js';
export { serializedOnce } from './serialized-once.js';
// uploads that unpack or decode: bounded before and while they are read
export * from './uploads/index.js';
