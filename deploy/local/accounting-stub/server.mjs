// A tiny local stand-in for an accounting system's customer-list API (QuickBooks-style):
//   GET /v3/company/{realm}/query?query=select * from Customer
//   → {QueryResponse: {Customer: [{Id, DisplayName, CompanyName, PrimaryEmailAddr: {Address}}]}}
// Customers come from customers.json (or the list given to startAccountingStub). Tests start it in-process;
// `node deploy/local/accounting-stub/server.mjs` runs it standalone on ACCOUNTING_STUB_PORT (default 8930).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
export const defaultCustomers = () => JSON.parse(readFileSync(join(here, 'customers.json'), 'utf8'));

/** Starts the stub; resolves to {url, close, setCustomers}. `customers` may be replaced at any time. */
export function startAccountingStub({
  port = 8930,
  host = '127.0.0.1',
  customers = defaultCustomers(),
} = {}) {
  let list = customers;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const m = /^\/v3\/company\/([^/]+)\/query$/.exec(url.pathname);
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/healthz') return send(200, { ok: true });
    if (req.method !== 'GET' || !m) return send(404, { Fault: { Error: [{ Message: 'not found' }] } });
    const query = (url.searchParams.get('query') ?? '').trim().toLowerCase();
    if (!/^select \* from customer\b/.test(query)) {
      return send(400, {
        Fault: { Error: [{ Message: `unsupported query: ${query}` }], type: 'ValidationFault' },
      });
    }
    const Customer = list.map((c, i) => ({
      Id: String(i + 1),
      DisplayName: c.DisplayName,
      ...(c.CompanyName ? { CompanyName: c.CompanyName } : {}),
      ...(c.email ? { PrimaryEmailAddr: { Address: c.email } } : {}),
      Active: true,
    }));
    send(200, {
      QueryResponse: { Customer, startPosition: 1, maxResults: Customer.length },
      time: new Date().toISOString(),
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address();
      resolve({
        url: `http://${host}:${typeof addr === 'object' && addr ? addr.port : port}`,
        setCustomers: (c) => {
          list = c;
        },
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.ACCOUNTING_STUB_PORT ?? 8930);
  const stub = await startAccountingStub({ port });
  console.log(`accounting stub on ${stub.url}`);
}
