import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
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
 * Another instance of a service as its own process (`node --import tsx src/server.ts` in `serviceDir`), started by
 * `PORT` alone (the stack's `<NAME>_PORT` stays in the environment, as on a machine running the stack) with the
 * test's overrides (database, CONSUMER_SUFFIX, …) and ready (/readyz 200). What one process holds in module state
 * (caches, locks, number blocks, in-process emitters) is not shared with the test's in-process app: the pair is
 * what two replicas are.
 */
export async function startInstance(
  serviceDir: string,
  overrides: Record<string, string | number>,
  readyTimeoutMs = 60_000,
): Promise<Instance> {
  const port = await freePort();
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
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`instance exited (${child.exitCode})`);
        return (await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200;
      },
      readyTimeoutMs,
      250,
    );
  } catch (err) {
    await stop();
    throw new Error(`second instance not ready: ${(err as Error).message}\n${out.slice(-3000)}`);
  }
  return { url, port, output: () => out, stop };
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
