// Entry for `node --import @portal/service-kit/telemetry`: works before or after `--import tsx`.
import { register } from 'tsx/esm/api';

register();
const { startTelemetry } = await import('./telemetry.ts');
await startTelemetry();
