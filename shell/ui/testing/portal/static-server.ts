import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
};

/** The edge's own Content-Security-Policy, read from the nginx renderer, so every browser test runs under it. */
export const EDGE_CSP = /default "(default-src [^"]+)"/.exec(
  readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/local/nginx/render.mjs'),
    'utf8',
  ),
)![1]!;

export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

async function sendFile(res: ServerResponse, file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
  } catch {
    return false;
  }
  // keycloak-js's silent check-SSO page is framed by the portal itself, as the edge allows for that page only
  const framed = path.basename(file) === 'silent-check-sso.html';
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-security-policy': framed
      ? EDGE_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'")
      : EDGE_CSP,
  });
  res.end(await readFile(file));
  return true;
}

/**
 * The edge in miniature: / → shell/dist (SPA fallback), /mfe/<name>/ → mfe-<name>/dist, /api/* → `api`.
 * `remotes` adds remotes served from other directories (test fixtures), listed in /remotes.json after the built ones.
 */
export async function startEdge(
  repo: string,
  api: ApiHandler,
  remotes: Record<string, string> = {},
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/remotes.json' && Object.keys(remotes).length) {
        const built = JSON.parse(
          await readFile(path.join(repo, 'shell/dist/remotes.json'), 'utf8'),
        ) as object;
        const extra = Object.fromEntries(Object.keys(remotes).map((n) => [n, `/mfe/${n}/remoteEntry.js`]));
        return void json(res, 200, { ...built, ...extra });
      }
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) {
        if (!api(req, res)) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Not found' }));
        }
        return;
      }
      const mfe = /^\/mfe\/([a-z]+)\/(.*)$/.exec(url.pathname);
      const file = mfe
        ? path.join(remotes[mfe[1]!] ?? path.join(repo, `mfe-${mfe[1]}`, 'dist'), path.normalize(mfe[2]!))
        : path.join(repo, 'shell', 'dist', path.normalize(url.pathname));
      if (await sendFile(res, file)) return;
      if (mfe || path.extname(url.pathname)) {
        res.writeHead(404);
        res.end();
        return;
      }
      await sendFile(res, path.join(repo, 'shell', 'dist', 'index.html'));
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export function json(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
  return true;
}
