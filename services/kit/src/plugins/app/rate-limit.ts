import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '@portal/contracts';
import { Problem } from '../../problem.js';
import { BatchedRedisStore } from './rate-limit-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A guessing target (login): its failed answers (400/401) are counted per client address across all accounts
     * (password spraying) and per account across all addresses; past RATE_LIMIT_FAIL_ADDRESS_MAX or
     * RATE_LIMIT_FAIL_ACCOUNT_MAX in RATE_LIMIT_FAIL_WINDOW_MS every try answers 429, right or wrong.
     * 'every': every answer counts, per address only (a route that answers every address alike, e.g.
     * forgot-password: one address asking for many accounts is held after RATE_LIMIT_FAIL_ADDRESS_MAX).
     */
    failureLimit?: boolean | 'every';
  }
}

/** "42 seconds", "1 minute", "15 minutes": how long a 429 says to wait. */
const waitText = (ms: number) => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
};

/**
 * `@fastify/rate-limit` over the stack's Redis, on every public `/api` route (login, sign-up, pins, passwords,
 * licence lookup, public schedule, config): a 429 problem+json with Retry-After. Counters live in Redis so that
 * every replica of a service counts together; each replica counts locally and adds its counts in batches
 * (rate-limit-store.ts: one replica alone is exact, N together within N × 10 % of a limit for 100 ms).
 *
 * Keys: the client address (behind the edge: the address the edge appended to X-Forwarded-For, see TRUSTED_PROXIES
 * and trusted-proxies.ts; a client's own X-Forwarded-For counts for nothing) plus, for a route that declares
 * `config.rateLimitBy` (e.g. the email in a login body), that value: the account-keyed routes (login, pins,
 * password reset) are limited per address and account, so a test suite or an office behind one address that signs
 * in as many users never trips it, while guessing one account's password is throttled (Keycloak locks the account
 * too). Other public routes count per address and route, reads more loosely than writes.
 * Limits: RATE_LIMIT_WINDOW_MS, RATE_LIMIT_ACCOUNT_MAX, RATE_LIMIT_MAX, RATE_LIMIT_READ_MAX;
 * RATE_LIMIT_ALLOW lists addresses never limited (e.g. a benchmark host). A Redis outage lets requests through.
 * A route with `config.failureLimit` (login) also counts its failures per address across accounts and per account
 * across addresses (RATE_LIMIT_FAIL_*): password spraying from one address and a distributed guess at one account
 * both end in 429 while an office signing in many people rightly is never held.
 */
export default fp(
  async (app) => {
    const env = app.env;
    const allow = env.RATE_LIMIT_ALLOW.split(',')
      .map((s) => s.trim())
      .filter(Boolean);

    const failAllow = env.RATE_LIMIT_FAIL_ALLOW.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ns = `portal-rl:${app.serviceName ?? 'svc'}:fail:`;
    type By = ((r: FastifyRequest) => string | undefined) | undefined;
    const failKeys = (req: FastifyRequest, url: string, by: By) => {
      const account = by ? String(by(req) ?? '').toLowerCase() : '';
      return [`${ns}${url}:addr:${req.ip}`, ...(account ? [`${ns}${url}:acct:${account}`] : [])];
    };
    const failureLimit = (url: string, by: By, every: boolean) => ({
      /** Refuses a try once the address or the account has failed too often in the window. */
      gate: async (req: FastifyRequest, reply: FastifyReply) => {
        if (allow.includes(req.ip) || failAllow.includes(req.ip)) return;
        const keys = failKeys(req, url, by);
        const counts = await app.redis.mget(...keys).catch(() => null); // Redis down: serve
        const maxes = [env.RATE_LIMIT_FAIL_ADDRESS_MAX, env.RATE_LIMIT_FAIL_ACCOUNT_MAX];
        const over = keys.find((_, i) => Number(counts?.[i] ?? 0) >= maxes[i]!);
        if (!over) return;
        const ttl = await app.redis.pttl(over).catch(() => env.RATE_LIMIT_FAIL_WINDOW_MS);
        const wait = ttl > 0 ? ttl : env.RATE_LIMIT_FAIL_WINDOW_MS;
        reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new Problem(429, Messages.tooManyRequests(waitText(wait)));
      },
      /** Counts a failed answer (400/401; with 'every' any answer but a 429) against the address and the account. */
      count: async (req: FastifyRequest, reply: FastifyReply) => {
        if (reply.statusCode === 429) return;
        if (!every && reply.statusCode !== 400 && reply.statusCode !== 401) return;
        if (allow.includes(req.ip) || failAllow.includes(req.ip)) return;
        const m = app.redis.multi();
        // the window starts at the first failure (SET NX with its expiry; INCR keeps it)
        for (const k of failKeys(req, url, by))
          m.set(k, '0', 'PX', env.RATE_LIMIT_FAIL_WINDOW_MS, 'NX').incr(k);
        await m.exec().catch(() => undefined);
      },
    });

    // Runs before @fastify/rate-limit's own onRoute hook (registered below), so that hook sees our config.
    app.addHook('onRoute', (r) => {
      const config = (r.config ?? {}) as NonNullable<typeof r.config>;
      const url = r.url ?? r.path ?? '';
      if (config.failureLimit) {
        const every = config.failureLimit === 'every';
        const { gate, count } = failureLimit(url, every ? undefined : config.rateLimitBy, every);
        r.preHandler = [...[r.preHandler ?? []].flat(), gate] as typeof r.preHandler;
        r.onResponse = [...[r.onResponse ?? []].flat(), count] as typeof r.onResponse;
      }
      if (!config.public || !url.startsWith('/api/') || config.rateLimit !== undefined) return;
      const by = config.rateLimitBy;
      const methods = [r.method].flat();
      const read = methods.every((m) => m === 'GET' || m === 'HEAD');
      const max = by ? env.RATE_LIMIT_ACCOUNT_MAX : read ? env.RATE_LIMIT_READ_MAX : env.RATE_LIMIT_MAX;
      r.config = {
        ...config,
        rateLimit: {
          max,
          timeWindow: env.RATE_LIMIT_WINDOW_MS,
          // After validation: the account part of the key comes from the parsed body.
          hook: 'preHandler',
          keyGenerator: (req: FastifyRequest) => {
            const extra = by ? String(by(req) ?? '').toLowerCase() : '';
            return `${methods.join('')}:${url}:${req.ip}${extra ? `:${extra}` : ''}`;
          },
        },
      };
    });

    // counted locally, added to Redis in batches (rate-limit-store.ts): no round trip per request below a limit
    const store = BatchedRedisStore.create(app.redis, `portal-rl:${app.serviceName ?? 'svc'}:`);
    await app.register(rateLimit, {
      global: false,
      store: function PortalStore() {
        return store;
      } as never,
      skipOnError: true, // Redis down: serve rather than refuse everyone
      allowList: allow,
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_req, ctx) => new Problem(ctx.statusCode, Messages.tooManyRequests(ctx.after)),
    });
  },
  { name: 'rate-limit', dependencies: ['redis', 'problem'] },
);
