import type { FastifyInstance } from 'fastify';

/** What a service re-queues or re-registers from its own database (`app.jobs.onRecover`). */
export type RecoverFn = (why: string) => Promise<unknown> | unknown;

/**
 * Runs the recoveries — the kit's durable job rows, then each service's own (`app.jobs.onRecover`: job state rows
 * re-queued, job schedulers registered again) — once the workers are up and again each time Redis comes back after
 * a loss: a Redis that restarted empty gets back every job and scheduler the databases say should exist. Every
 * recovery is idempotent (a job id, a scheduler key): running it twice, or on two instances, queues nothing twice.
 * One run at a time; a reconnect during a run asks for one more run after it. A failure is logged, not fatal.
 */
export function jobRecovery(app: FastifyInstance, own: () => Promise<void>) {
  const fns: RecoverFn[] = [];
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let closed = false;

  const once = async (why: string) => {
    const t = Date.now();
    for (const [i, fn] of [own, ...fns].entries()) {
      try {
        await fn(why);
      } catch (err) {
        app.log.warn({ err: (err as Error).message, why, step: i }, 'job recovery step failed');
      }
    }
    app.log.info({ why, ms: Date.now() - t }, 'jobs recovered');
  };
  const run = (why: string): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = once(why).finally(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        void run(`${why} (again)`);
      }
    });
    return running;
  };
  // 'ready' also fires on the first connect, before start(): only a reconnect after start counts
  const onRedisReady = () => {
    if (started) void run('redis reconnected');
  };

  return {
    onRecover(fn: RecoverFn) {
      fns.push(fn);
    },
    /** Runs every recovery now (and waits for it): start-up, tests, an operator's nudge. */
    run: () => run('requested'),
    start() {
      started = true;
      app.redis.on('ready', onRedisReady);
      void run('start');
    },
    async stop() {
      closed = true;
      app.redis.off('ready', onRedisReady);
      await running;
    },
  };
}
