/**
 * The attribute that marks a span to export whatever the trace ratio said (an error of an unsampled trace). Its own
 * module: telemetry.ts (loaded by every service) needs it without loading the SDK that sampling.ts imports.
 */
export const KEEP_ATTRIBUTE = 'portal.sampling.keep';
