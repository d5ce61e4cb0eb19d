// A request to the portal's edge from a chosen loopback source address, for the attacks on per-address limits.
import http from 'node:http';
import { env } from './lib.mjs';

/**
 * One request through the edge from the loopback source address `from` (another client, as the edge sees it):
 * `url` a path on the portal's address, the cookies of `jar` sent and the answer's kept in it (when given).
 * Answers { status, text, headers }.
 */
export function fromAddress(from, url, { method = 'GET', body, headers = {}, jar = new Map() } = {}) {
  const edge = new URL(env.app);
  const u = new URL(url, edge);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: edge.port || 80,
        localAddress: from,
        method,
        path: `${u.pathname}${u.search}`,
        headers: {
          host: edge.host,
          ...(jar.size && { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }),
          ...(body !== undefined && {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
          }),
          ...headers,
        },
        timeout: 15_000,
      },
      (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          const i = pair.indexOf('=');
          jar.set(pair.slice(0, i).trim(), pair.slice(i + 1));
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, text, headers: res.headers }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}
