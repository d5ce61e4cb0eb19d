import { ownServer } from './own-server.js';
import { freePort } from './wait.js';

/**
 * A test's own redis-server on a free port, WITHOUT persistence (a restart empties it, like a Redis that lost its
 * data): a service under test points REDIS_URL at `url`, and the test restarts it mid-work. The shared stack's
 * Redis is never touched, so the other suites keep running.
 */
export async function ownRedis(bin = '/usr/bin/redis-server') {
  const port = await freePort();
  const server = ownServer(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    port,
  );
  await server.start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start: () => server.start(),
    stop: () => server.stop(),
    /** Stopped and started again: empty (no persistence). */
    async restart() {
      await server.stop();
      await server.start();
    },
  };
}
export type OwnRedis = Awaited<ReturnType<typeof ownRedis>>;
