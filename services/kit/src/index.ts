export { buildService, type ServiceOptions, type RoutePlugin, type PortalApp } from './build-service.js';
export { Problem, ProblemSchema, problemBody } from './problem.js';
export {
  defineConsumer,
  defineWorker,
  type ConsumerDef,
  type ConsumerContext,
  type WorkerDef,
  type WorkerContext,
} from './consumers.js';
export {
  withOutbox,
  type OutboxEvent,
  type OutboxMethods,
  type OutboxStatics,
  type OutboxModel,
  type NewEvent,
} from './outbox.js';
export { withSpan, injectTrace, extractTrace, currentTraceId, shutdownTelemetry } from './telemetry.js';
export { loadEnv, EnvSchema, type Env } from './env.js';
export { runService } from './server-main.js';
export { ensureStream, streamName, streamLimits, type StreamLimits } from './plugins/external/nats.js';
export { queuePrefix } from './plugins/app/queues.js';
export { durableName, deadLetterSubject } from './plugins/app/consumers.js';
export type { AuthUser, RouteInfo, Queues } from './types.js';
export type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export { seal, openSealed, sealKey, SealError, SealEnvKey, SEAL_PREFIX, type SealOptions } from './seal.js';
export { Queue as BullQueue, UnrecoverableError } from 'bullmq';
export { sendProblem } from './plugins/app/problem.js';
