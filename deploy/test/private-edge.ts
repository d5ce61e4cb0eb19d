// A private nginx rendered by deploy/local/nginx/render.mjs on a free port, with the given ports and environment
// (EDGE_PORT is set here): the edge tests' own edge, independent of the running stack.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repo = resolve(import.meta.dirname, '..', '..');

export const freePort = () =>
  new Promise<number>((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });

export interface PrivateEdge {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  /** The directory of its config, logs and pid (the rendered nginx.conf is in it). */
  dir: string;
  stop(): void;
}

export async function startPrivateEdge(name: string, env: Record<string, string>): Promise<PrivateEdge> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  const r = spawnSync(
    'node',
    [
      join(repo, 'deploy/local/nginx/render.mjs'),
      '--out',
      conf,
      '--logs',
      dir,
      '--pid',
      join(dir, 'nginx.pid'),
    ],
    { env: { ...process.env, ...env, EDGE_PORT: String(port) }, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const nginx = spawn('nginx', ['-p', dir, '-c', conf, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const stop = () => {
    nginx.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`${base}/edge-healthz`).then(
        (x) => x.ok,
        () => false,
      )
    )
      return { base, port, dir, stop };
    await new Promise((ok) => setTimeout(ok, 100));
  }
  stop();
  throw new Error('private nginx did not start');
}
