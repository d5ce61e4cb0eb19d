// The tracing preload's body: `--import` it before the service so the instrumentations' hooks are in place before
// fastify, mongoose and the mongodb driver load. Compiled services load it as dist/telemetry.js
// (scripts/build-services.mjs); in TypeScript, telemetry-preload.mjs registers tsx and imports this file.
import { startTelemetry } from './telemetry.js';

await startTelemetry();
