import { spawn, type ChildProcess } from 'node:child_process';
import { holdsListener } from './port-owner.js';
import { freePort } from './wait.js';

/**
 * A test's own redis-server on a free port, WITHOUT persistence (a restart empties it, like a Redis that lost its
 * data): a service under test points REDIS_URL at `url`, and the test restarts it mid-work. The shared stack's
 * Redis is never touched, so the other suites keep running.
 */
export async function ownRedis(bin = '/usr/bin/redis-server') {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const end = Date.now() + 15_000;
    // the child's own listener: a stranger that took the released port does not count
    while (!(await holdsListener(child.pid!, port))) {
      if (Date.now() > end || child.exitCode !== null)
        throw new Error(`redis-server did not listen on ${port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    /** Stopped and started again: empty (no persistence). */
    async restart() {
      await stop();
      await start();
    },
  };
}
export type OwnRedis = Awaited<ReturnType<typeof ownRedis>>;
