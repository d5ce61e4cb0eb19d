import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { holdsListener } from './port-owner.js';
import { freePort, waitFor } from './wait.js';

export interface Instance {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** What the process printed (stdout and stderr), for a failing assertion's message. */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

/**
 * One attempt at a given port (exported for its own test): the child, once it answers /readyz and holds the port's
 * listener itself.
 */
export async function spawnOn(
  serviceDir: string,
  port: number,
  overrides: Record<string, string | number>,
  readyTimeoutMs: number,
): Promise<Instance & { taken: boolean; error?: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', PORT: String(port) };
  for (const [k, v] of Object.entries(overrides)) env[k] = String(v);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(serviceDir, 'src/server.ts')],
    {
      cwd: serviceDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = (b: Buffer) => (out = (out + b.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(t);
  };
  const instance = { url, port, output: () => out, stop, taken: false };
  const end = Date.now() + readyTimeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // another process took the port between its reservation and the child's bind: the caller tries another
      return { ...instance, taken: out.includes('EADDRINUSE'), error: `instance exited (${child.exitCode})` };
    }
    const ready = (await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200;
    // an answer from whatever else holds the port is not this instance being ready
    if (ready && (await holdsListener(child.pid!, port))) return instance;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  return { ...instance, error: `not ready after ${readyTimeoutMs} ms` };
}

/**
 * Another instance of a service as its own process (`node --import tsx src/server.ts` in `serviceDir`), started by
 * `PORT` alone (the stack's `<NAME>_PORT` stays in the environment, as on a machine running the stack) with the
 * test's overrides (database, CONSUMER_SUFFIX, …) and ready: it answers /readyz 200 and the listener on its port is
 * its own (a reserved port another suite's server took meanwhile is given up for a fresh one). What one process
 * holds in module state (caches, locks, number blocks, in-process emitters) is not shared with the test's
 * in-process app: the pair is what two replicas are.
 */
export async function startInstance(
  serviceDir: string,
  overrides: Record<string, string | number>,
  readyTimeoutMs = 60_000,
): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    const { taken, error, ...instance } = await spawnOn(
      serviceDir,
      await freePort(),
      overrides,
      readyTimeoutMs,
    );
    if (!error) return instance;
    if (!taken || attempt === 3)
      throw new Error(`second instance not ready: ${error}\n${instance.output().slice(-3000)}`);
  }
}

/**
 * A script as another replica's process (`node --import tsx <file>` in `cwd`): it boots, prints `ready`, waits for
 * a line on stdin, does its part and prints `written`. `go()` lets it act and resolves once it exited 0, so the
 * test can take its own copy right before the other replica writes.
 */
export async function startReplicaScript(
  file: string,
  opts: { cwd: string; env: Record<string, string | undefined> },
): Promise<{ go(): Promise<void>; output(): string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => (out = (out + b.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  await waitFor(() => out.includes('ready') || child.exitCode !== null, 60_000, 50);
  if (!out.includes('ready')) throw new Error(`replica script did not start:\n${out.slice(-3000)}`);
  return {
    async go() {
      child.stdin!.end('go\n');
      const code = await exited;
      if (code !== 0 || !out.includes('written'))
        throw new Error(`replica script failed (${code}):\n${out.slice(-3000)}`);
    },
    output: () => out,
  };
}
