import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Messages } from '@portal/contracts';
import { Problem } from '../../problem.js';

/**
 * `@fastify/rate-limit` over the stack's Redis, on every public `/api` route (login, sign-up, pins, passwords,
 * licence lookup, public schedule, config): a 429 problem+json with Retry-After. Counters live in Redis so that
 * every replica of a service counts together.
 *
 * Keys: the client address (behind the edge: X-Forwarded-For, see TRUST_PROXY) plus, for a route that declares
 * `config.rateLimitBy` (e.g. the email in a login body), that value: the account-keyed routes (login, pins,
 * password reset) are limited per address and account, so a test suite or an office behind one address that signs
 * in as many users never trips it, while guessing one account's password is throttled (Keycloak locks the account
 * too). Other public routes count per address and route, reads more loosely than writes.
 * Limits: RATE_LIMIT_WINDOW_MS, RATE_LIMIT_ACCOUNT_MAX, RATE_LIMIT_MAX, RATE_LIMIT_READ_MAX;
 * RATE_LIMIT_ALLOW lists addresses never limited (e.g. a benchmark host). A Redis outage lets requests through.
 */
export default fp(
  async (app) => {
    const env = app.env;
    const allow = env.RATE_LIMIT_ALLOW.split(',')
      .map((s) => s.trim())
      .filter(Boolean);

    // Runs before @fastify/rate-limit's own onRoute hook (registered below), so that hook sees our config.
    app.addHook('onRoute', (r) => {
      const config = (r.config ?? {}) as NonNullable<typeof r.config>;
      const url = r.url ?? r.path ?? '';
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

    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace: `portal-rl:${app.serviceName ?? 'svc'}:`,
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
