import { spawn, type ChildProcess } from 'node:child_process';
import { holdsListener } from './port-owner.js';

/** Exited or ended by a signal (then it has a signal code and no exit code): its 'exit' has come and will not again. */
const ended = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

/**
 * A test's own server process (NATS, Redis, FerretDB) on a port of its own, to stop and start at will (the shared
 * stack is never touched): start() spawns `bin args` and waits for the child's own listener on the port; stop()
 * SIGTERMs and waits for the exit.
 */
export function ownServer(bin: string, args: string[], port: number) {
  let child: ChildProcess | undefined;
  return {
    async start() {
      child = spawn(bin, args, { stdio: 'ignore' });
      const end = Date.now() + 15_000;
      // the child's own listener: a stranger that took the released port does not count
      while (!(await holdsListener(child.pid!, port))) {
        if (Date.now() > end || ended(child)) throw new Error(`${bin} did not listen on ${port}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      const c = child;
      child = undefined;
      if (!c || ended(c)) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    },
  };
}
