/**
 * A backend the service needs (its database, Redis) is unreachable: the request was fine and may succeed in a few
 * seconds, so the answer is a retryable 503 with Retry-After, never a bare 500. Only connection-level failures count:
 * a query the database refuses (a duplicate key, a bad operator) is still the request's own problem.
 */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
/** Seconds a client waits before trying again (the Retry-After header of a 503). */
export const RETRY_AFTER_S = 5;

/** The MongoDB driver's and mongoose's names for "no server answered" (not a refused query). */
const UNAVAILABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
]);
/**
 * Messages of the same: mongoose's buffering while disconnected, ioredis's closed or offline connection, a refused
 * or reset socket, and FerretDB's answer when its PostgreSQL is gone (it wraps the driver's "connection refused").
 */
const UNAVAILABLE_TEXT =
  /buffering timed out|Connection is closed|Stream isn't writeable|MaxRetriesPerRequest|ECONNREFUSED|ECONNRESET|connection refused|server selection|failed to connect to `?host=/i;

/** Whether `err` (or an error it wraps as `cause`) means a backend is unreachable. */
export function isBackendUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    name?: string;
    message?: string;
    code?: unknown;
    cause?: unknown;
    errorLabels?: unknown;
  };
  if (e.name && UNAVAILABLE_NAMES.has(e.name)) return true;
  // a server error with a code is the database answering: only its connection-failure texts count
  if (UNAVAILABLE_TEXT.test(`${e.message ?? ''}`)) return true;
  if (Array.isArray(e.errorLabels) && e.errorLabels.includes('ResetPool')) return true;
  return isBackendUnavailable(e.cause, depth + 1);
}
