import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, repo, startPrivateEdge, type PrivateEdge } from './private-edge.ts';

/**
 * The edge's own errors: a private nginx rendered by deploy/local/nginx/render.mjs on free ports, with the
 * accounts upstream pointing at a closed port, so 413/414/431/502 come from nginx itself. Independent of the running
 * stack (nothing to restart, no shared state).
 */
const limits = JSON.parse(readFileSync(join(repo, 'services/contracts/src/edge-limits.json'), 'utf8')) as {
  apiBodyBytes: number;
  uploadFileBytes: number;
  uploadBodyBytes: number;
  uploadPath: string;
  bulkFileBytes: number;
  bulkBodyBytes: number;
  bulkPath: string;
  manifestFileBytes: number;
  manifestBodyBytes: number;
  manifestPath: string;
};

let edge: PrivateEdge;
let dir: string;
let base: string;
before(async () => {
  edge = await startPrivateEdge('edge-errors', { ACCOUNTS_PORT: String(await freePort()) });
  ({ dir, base } = edge);
});
after(() => edge?.stop());

async function problem(res: Response, status: number) {
  assert.equal(res.status, status);
  assert.match(String(res.headers.get('content-type')), /^application\/problem\+json/);
  const body = (await res.json()) as { status: number; message: string; detail: string; title: string };
  assert.equal(body.status, status);
  assert.equal(body.message, body.detail);
  return body;
}

test("a 20 MB upload is a 413 problem from the edge with the route's own words, never a 502", async () => {
  const res = await fetch(`${base}${limits.uploadPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: Buffer.alloc(20 * 1024 * 1024, 0x41),
  });
  const body = await problem(res, 413);
  assert.equal(body.message, `The file is limited to ${limits.uploadFileBytes / 1024 / 1024} MB.`);
});

test("a bulk spreadsheet over its cap is a 413 problem from the edge in the bulk upload's words", async () => {
  const res = await fetch(`${base}${limits.bulkPath}`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: Buffer.alloc(limits.bulkBodyBytes + 1024, 0x41),
  });
  const body = await problem(res, 413);
  assert.equal(
    body.message,
    `Unable to process spreadsheet: the file is larger than ${limits.bulkFileBytes / 1024 / 1024} MB; split it into smaller files.`,
  );
});

test("a 60 MB manifest is a 413 problem from the edge in the manifest upload's words", async () => {
  const res = await fetch(`${base}${limits.manifestPath}`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: Buffer.alloc(60 * 1024 * 1024, 0x41),
  });
  const body = await problem(res, 413);
  assert.equal(body.message, `The manifest is larger than ${limits.manifestFileBytes / 1024 / 1024} MB.`);
});

test("the edge caps each location with the services' numbers (one constant: edge-limits.json)", async () => {
  const conf = readFileSync(join(dir, 'nginx.conf'), 'utf8');
  assert.match(conf, new RegExp(`client_max_body_size ${limits.apiBodyBytes};`));
  const upload = conf.slice(conf.indexOf(`location = ${limits.uploadPath} {`));
  assert.match(upload.slice(0, 300), new RegExp(`client_max_body_size ${limits.uploadBodyBytes};`));
  const bulk = conf.slice(conf.indexOf(`location = ${limits.bulkPath} {`));
  assert.match(bulk.slice(0, 300), new RegExp(`client_max_body_size ${limits.bulkBodyBytes};`));
  // "Download Template" at the spec's static address reaches the orders service's generated workbook
  assert.match(
    conf,
    /location = \/static\/media\/Template\.xlsx \{\n\s+proxy_pass http:\/\/svc_orders\/api\/orders\/template\.xlsx;/,
  );
  // any other API route: over Fastify's default body limit → the edge's generic 413 problem
  const res = await fetch(`${base}/api/users/update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: Buffer.alloc(limits.apiBodyBytes + 1024, 0x41),
  });
  await problem(res, 413);
});

test('414, oversized headers and an unreachable service answer problem+json', async () => {
  await problem(await fetch(`${base}/api/users/me?q=${'x'.repeat(20_000)}`), 414);
  const big = await fetch(`${base}/api/users/me`, { headers: { cookie: `c=${'y'.repeat(40_000)}` } });
  assert.match(String(big.headers.get('content-type')), /^application\/problem\+json/);
  assert.ok([400, 431].includes(big.status), String(big.status));
  const down = await problem(await fetch(`${base}/api/users/me`), 502);
  assert.match(down.message, /not reachable/);
});
