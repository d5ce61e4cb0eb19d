// A local stand-in for the state track-and-trace system's transfers API (the public Metrc REST API, v1):
//   GET /transfers/v1/outgoing?licenseNumber=…&lastModifiedStart=…&lastModifiedEnd=…  (a window of at most 24 hours)
//   GET /transfers/v1/{id}/deliveries
//   GET /transfers/v1/delivery/{id}/packages
// HTTP Basic auth (vendor key : user key; any non-empty pair) else 401. Modes (env METRC_STUB_MODE or
// POST /__stub/mode {mode, delayMs?, failFirst?, burst?, retryAfter?}): normal; slow (delayMs per call); failing
// (500s, or only the first `failFirst` calls); rate-limited (`burst` calls per `retryAfter` seconds, then 429 with
// Retry-After). PUT /__stub/transfers {transfers} sets the data set (data.mjs transferOf), DELETE goes back to the
// demo orders' (data.mjs transfersFromOrders). GET /__stub/calls: how many calls, 429s and 500s were answered.
// Tests start it in-process (startMetrcStub); `node deploy/local/metrc-stub/server.mjs` runs it on METRC_STUB_PORT.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { readDemoOrders, transferOf, transfersFromOrders } from './data.mjs';

const DAY_MS = 86_400_000;
const DEMO_TTL_MS = 30_000;

export function startMetrcStub({
  port = 8940,
  host = '127.0.0.1',
  transfers,
  mode = { mode: 'normal' },
  mongoUrl = process.env.MONGO_URL,
  ordersDb = process.env.METRC_STUB_ORDERS_DB ?? 'portal_orders',
} = {}) {
  let given = transfers ? transfers.map(transferOf) : null;
  let demo = { at: 0, list: [] };
  let m = { ...mode };
  let stats = { calls: 0, ok: 0, rateLimited: 0, failed: 0, unauthorized: 0 };
  let window = { start: 0, used: 0 };

  async function dataSet() {
    if (given) return given;
    if (Date.now() - demo.at > DEMO_TTL_MS && mongoUrl) {
      const orders = await readDemoOrders(mongoUrl, ordersDb);
      demo = { at: Date.now(), list: transfersFromOrders(orders).map(transferOf) };
    }
    return demo.list;
  }

  const strip = ({ delivery: _d, ...t }) => t;
  const stripDelivery = ({ packages: _p, ...d }) => d;

  async function api(url, send) {
    const list = await dataSet();
    let r;
    if (url.pathname === '/transfers/v1/outgoing') {
      const lic = url.searchParams.get('licenseNumber');
      const s = Date.parse(url.searchParams.get('lastModifiedStart') ?? '');
      const e = Date.parse(url.searchParams.get('lastModifiedEnd') ?? '');
      if (!lic) return send(400, [{ message: 'No license number was specified.' }]);
      if (Number.isNaN(s) || Number.isNaN(e) || e < s || e - s > DAY_MS)
        return send(400, [
          {
            message: 'The time period between lastModifiedStart and lastModifiedEnd cannot exceed 24 hours.',
          },
        ]);
      const at = (t) => Date.parse(t.LastModified);
      return send(
        200,
        list.filter((t) => t.ShipperFacilityLicenseNumber === lic && at(t) >= s && at(t) <= e).map(strip),
      );
    }
    if ((r = /^\/transfers\/v1\/(\d+)\/deliveries$/.exec(url.pathname))) {
      const t = list.find((x) => x.Id === Number(r[1]));
      return t ? send(200, [stripDelivery(t.delivery)]) : send(404, { Message: 'Transfer not found' });
    }
    if ((r = /^\/transfers\/v1\/delivery\/(\d+)\/packages$/.exec(url.pathname))) {
      const t = list.find((x) => x.delivery.Id === Number(r[1]));
      return t ? send(200, t.delivery.packages) : send(404, { Message: 'Delivery not found' });
    }
    return send(404, { Message: 'No HTTP resource was found that matches the request URI.' });
  }

  /** Answers the mode's way before the data: 500, 429 with Retry-After, or a delay; null to go on. */
  async function gate(send, res) {
    const now = m;
    if (now.mode === 'slow') await new Promise((r) => setTimeout(r, Number(now.delayMs ?? 2000)));
    if (now !== m) return send(503, { Message: 'mode changed' });
    if (m.mode === 'failing' && (m.failFirst === undefined || stats.failed < m.failFirst)) {
      stats.failed++;
      return send(500, { Message: 'An error has occurred.' });
    }
    if (m.mode === 'rate-limited') {
      const per = Number(m.retryAfter ?? 1) * 1000;
      const now = Date.now();
      if (now - window.start >= per) window = { start: now, used: 0 };
      if (window.used >= Number(m.burst ?? 2)) {
        stats.rateLimited++;
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil((window.start + per - now) / 1000))));
        return send(429, { Message: 'Too many requests' });
      }
      window.used++;
    }
    return null;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const send = (status, body) => {
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
      return true;
    };
    try {
      if (url.pathname === '/healthz') return send(200, { ok: true, mode: m.mode });
      if (url.pathname.startsWith('/__stub/')) return await control(req, url, send);
      if (req.method !== 'GET') return send(405, { Message: 'method not allowed' });
      stats.calls++;
      const [kind, token] = (req.headers.authorization ?? '').split(' ');
      const [vendor, user] = Buffer.from(token ?? '', 'base64')
        .toString()
        .split(':');
      if (kind !== 'Basic' || !vendor || !user) {
        stats.unauthorized++;
        return send(401, { Message: 'Authorization has been denied for this request.' });
      }
      if (await gate(send, res)) return;
      stats.ok++;
      await api(url, send);
    } catch (err) {
      send(500, { Message: String(err?.message ?? err) });
    }
  });

  async function control(req, url, send) {
    const body = await new Promise((resolve) => {
      let b = '';
      req.on('data', (c) => (b += c));
      req.on('end', () => resolve(b ? JSON.parse(b) : {}));
    });
    if (url.pathname === '/__stub/mode' && req.method === 'POST') {
      m = { mode: 'normal', ...body };
      stats = { calls: 0, ok: 0, rateLimited: 0, failed: 0, unauthorized: 0 };
      window = { start: 0, used: 0 };
      return send(200, m);
    }
    if (url.pathname === '/__stub/transfers' && req.method === 'PUT') {
      given = (body.transfers ?? []).map(transferOf);
      return send(200, { count: given.length });
    }
    if (url.pathname === '/__stub/transfers' && req.method === 'DELETE') {
      given = null;
      demo = { at: 0, list: [] };
      return send(200, { count: (await dataSet()).length });
    }
    if (url.pathname === '/__stub/calls') return send(200, { ...stats, mode: m });
    return send(404, { Message: 'unknown control call' });
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address();
      resolve({
        url: `http://${host}:${typeof addr === 'object' && addr ? addr.port : port}`,
        setMode: (next) => {
          m = { mode: 'normal', ...next };
          stats = { calls: 0, ok: 0, rateLimited: 0, failed: 0, unauthorized: 0 };
          window = { start: 0, used: 0 };
        },
        setTransfers: (t) => {
          given = t ? t.map(transferOf) : null;
        },
        stats: () => ({ ...stats }),
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.METRC_STUB_PORT ?? 8940);
  const mode = { mode: process.env.METRC_STUB_MODE ?? 'normal', delayMs: process.env.METRC_STUB_DELAY_MS };
  const stub = await startMetrcStub({ port, mode });
  console.log(`metrc stub on ${stub.url} (${mode.mode})`);
}
