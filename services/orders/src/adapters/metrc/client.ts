import {
  MetrcError,
  type MetrcConfig,
  type MetrcDelivery,
  type MetrcPackage,
  type MetrcTransfer,
} from './types.js';

export { MetrcError };
export type { MetrcConfig, MetrcDelivery, MetrcPackage, MetrcTransfer };

/** What the client has done (for the job's log and the tests): calls, retries, 429 waits. */
export interface MetrcStats {
  calls: number;
  retries: number;
  rateLimitWaits: number;
  waitedMs: number;
}

export interface MetrcClient {
  outgoing(licenseNumber: string, start: Date, end: Date): Promise<MetrcTransfer[]>;
  deliveries(transferId: number): Promise<MetrcDelivery[]>;
  packages(deliveryId: number): Promise<MetrcPackage[]>;
  stats(): MetrcStats;
}

/** Why an aborted signal stopped a call: its reason when it is a MetrcError, else "cancelled". */
export function abortReason(signal: AbortSignal | undefined): MetrcError {
  const r = signal?.reason as unknown;
  return r instanceof MetrcError ? r : new MetrcError('the sync was cancelled', 'cancelled');
}

/** Waits ms, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const t = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(t);
      reject(abortReason(signal));
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Retry-After in ms: delta seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const secs = Number(header);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

/** A semaphore: at most `n` functions run at once; the rest wait in order (and leave when `signal` aborts). */
export function limiter(n: number, signal?: AbortSignal) {
  let active = 0;
  const queue: (() => void)[] = [];
  signal?.addEventListener('abort', () => queue.splice(0).forEach((wake) => wake()), { once: true });
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    if (active >= n) await new Promise<void>((r) => queue.push(r));
    if (signal?.aborted) {
      queue.shift()?.(); // pass the turn on: the next waiter also leaves
      throw abortReason(signal);
    }
    active++;
    try {
      return await fn();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

/**
 * The Metrc transfers API at `baseUrl` with HTTP Basic auth (vendor key : user key). Each call: a timeout per try;
 * a 5xx, a timeout or a network error is tried again after an exponential backoff (with jitter), while the client's
 * retry budget lasts; a 429 waits its Retry-After (not counted as a retry, up to rateLimitWaits times); another 4xx
 * fails at once. At most `concurrency` calls are in flight, shared by everything using this client. `signal` (the
 * run's deadline and cancellation) ends all of it at once.
 */
export function metrcClient(cfg: MetrcConfig): MetrcClient {
  const timeoutMs = cfg.timeoutMs ?? 10_000;
  const retries = cfg.retries ?? 3;
  const backoffMs = cfg.backoffMs ?? 500;
  const waits = cfg.rateLimitWaits ?? 10;
  const maxWait = cfg.maxRetryAfterMs ?? 60_000;
  const auth = `Basic ${Buffer.from(`${cfg.vendorKey}:${cfg.userKey}`).toString('base64')}`;
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const signal = cfg.signal;
  const run = limiter(cfg.concurrency ?? 4, signal);
  let budget = cfg.retryBudget ?? 8;
  const stats: MetrcStats = { calls: 0, retries: 0, rateLimitWaits: 0, waitedMs: 0 };

  async function once(path: string, query: string): Promise<Response> {
    if (signal?.aborted) throw abortReason(signal);
    stats.calls++;
    const perTry = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(`${base}${path}${query}`, {
        headers: { authorization: auth, accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, perTry]) : perTry,
      });
    } catch (err) {
      const e = err as Error;
      if (signal?.aborted) throw abortReason(signal);
      if (e.name === 'TimeoutError' || e.name === 'AbortError')
        throw new MetrcError(`Metrc did not answer ${path} within ${timeoutMs / 1000} s`, 'timeout');
      throw new MetrcError(`Metrc could not be reached (${path})`, 'network');
    }
  }

  async function get<T>(path: string, params: Record<string, string> = {}): Promise<T> {
    const q = new URLSearchParams(params).toString();
    const query = q ? `?${q}` : '';
    let failures = 0;
    let limited = 0;
    for (;;) {
      let res: Response | undefined;
      let error: MetrcError;
      try {
        res = await run(() => once(path, query));
        if (res.ok) return (await res.json().catch(() => readFailed(signal, path))) as T;
        if (res.status === 429) {
          await res.body?.cancel();
          if (limited++ >= waits)
            throw new MetrcError(`Metrc kept refusing ${path}: too many requests (429)`, 'rate-limit', 429);
          const wait = Math.min(maxWait, retryAfterMs(res.headers.get('retry-after')));
          stats.rateLimitWaits++;
          stats.waitedMs += wait;
          await sleep(wait, signal);
          continue;
        }
        const text = await res.text().catch(() => '');
        error = new MetrcError(`Metrc answered ${res.status} to ${path}${detail(text)}`, 'http', res.status);
        if (res.status < 500) throw error;
      } catch (err) {
        if (
          !(err instanceof MetrcError) ||
          err.kind === 'rate-limit' ||
          err.kind === 'deadline' ||
          err.kind === 'cancelled' ||
          (err.kind === 'http' && err.status! < 500)
        )
          throw err;
        error = err;
      }
      if (failures++ >= retries || budget <= 0) throw withTries(error, failures);
      budget--;
      stats.retries++;
      const wait = backoffMs * 2 ** (failures - 1) * (0.75 + Math.random() * 0.5);
      await sleep(wait, signal);
    }
  }

  return {
    outgoing: (licenseNumber, start, end) =>
      get<MetrcTransfer[]>('/transfers/v1/outgoing', {
        licenseNumber,
        lastModifiedStart: start.toISOString(),
        lastModifiedEnd: end.toISOString(),
      }),
    deliveries: (id) => get<MetrcDelivery[]>(`/transfers/v1/${encodeURIComponent(String(id))}/deliveries`),
    packages: (id) =>
      get<MetrcPackage[]>(`/transfers/v1/delivery/${encodeURIComponent(String(id))}/packages`),
    stats: () => ({ ...stats }),
  };
}

/** Metrc's error message, if it sent one ([{message}] or {Message}), short. */
function detail(text: string): string {
  try {
    const j = JSON.parse(text) as { Message?: string; message?: string }[] | { Message?: string };
    const m = Array.isArray(j) ? (j[0]?.message ?? j[0]?.Message) : j.Message;
    return m ? `: ${String(m).slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/** A body cut off while read: the run's reason when it was aborted, else a network failure (retried). */
function readFailed(signal: AbortSignal | undefined, path: string): never {
  if (signal?.aborted) throw abortReason(signal);
  throw new MetrcError(`Metrc's answer to ${path} was cut off`, 'network');
}

function withTries(e: MetrcError, tries: number): MetrcError {
  return new MetrcError(`${e.message} (after ${tries} tries)`, e.kind, e.status);
}
