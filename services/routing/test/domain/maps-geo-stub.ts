import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two documented APIs the adapters call (never the internet in tests): Nominatim's
 * `GET /search?q=…&format=jsonv2` → `[{lat, lon, display_name}]` (strings, as Nominatim sends them) and OSRM's
 * `GET /route/v1/driving/{lon,lat;…}` → `{code: 'Ok', routes: [{geometry: {coordinates}, distance, duration}]}`.
 * `mode` switches it to failing ('500'), hanging ('hang') or answering nothing ('empty').
 */
export async function startGeoStub() {
  const calls: string[] = [];
  const state = { mode: 'ok' as 'ok' | '500' | 'hang' | 'empty' };
  const known: Record<string, [number, number]> = {
    '1 main st, trenton, nj 08608': [40.2206, -74.7597],
  };
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    calls.push(url.pathname + url.search);
    if (state.mode === 'hang') return; // never answers: the caller's timeout must fire
    if (state.mode === '500') return void res.writeHead(500).end('boom');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/search') {
      const hit = known[(url.searchParams.get('q') ?? '').toLowerCase()];
      const body =
        hit && state.mode === 'ok' ? [{ lat: String(hit[0]), lon: String(hit[1]), display_name: 'x' }] : [];
      return void res.end(JSON.stringify(body));
    }
    const m = /^\/route\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (m) {
      if (state.mode === 'empty') return void res.end(JSON.stringify({ code: 'NoRoute', routes: [] }));
      const pts = m[1]!.split(';').map((p) => p.split(',').map(Number) as [number, number]);
      // a "road": each leg bends through a midpoint shifted north, so the line has more points than the stops
      const coords: [number, number][] = [];
      pts.forEach((p, i) => {
        if (i) coords.push([(pts[i - 1]![0] + p[0]) / 2, (pts[i - 1]![1] + p[1]) / 2 + 0.01]);
        coords.push(p);
      });
      return void res.end(
        JSON.stringify({
          code: 'Ok',
          routes: [{ geometry: { coordinates: coords }, distance: 12345.6, duration: 987.4 }],
        }),
      );
    }
    res.writeHead(404).end('[]');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
