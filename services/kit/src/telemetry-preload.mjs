// Entry for `node --import @portal/service-kit/telemetry` when the service runs as TypeScript (tests, tools):
// works before or after `--import tsx`. Compiled services preload dist/telemetry.js (telemetry-start.ts) instead.
import { register } from 'tsx/esm/api';

register();
await import('./telemetry-start.ts');
