#!/usr/bin/env node
// `npm run bench`: a bounded load on this machine's loopback only, through the edge, against the running portal.
// Reports requests/s and latency percentiles per endpoint. Numbers go into issue notes; nothing is asserted.
const APP = process.env.APP_URL ?? 'http://localhost:8080';
const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function token() {
  const r = await fetch(`${APP}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.portal', password: 'Portal!2345' }),
  });
  return (await r.json()).token;
}

async function load(name, request) {
  const lat = [];
  let errors = 0;
  const end = Date.now() + DURATION_MS;
  const worker = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      try {
        const r = await request();
        await r.arrayBuffer();
        if (!r.ok) errors++;
      } catch {
        errors++;
      }
      lat.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  lat.sort((a, b) => a - b);
  const p = (q) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))].toFixed(1);
  console.log(
    `${name.padEnd(28)} ${(lat.length / (DURATION_MS / 1000)).toFixed(0).padStart(6)} req/s  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  p99 ${p(0.99)} ms  errors ${errors}`,
  );
}

const t = await token();
console.log(`bench: ${CONCURRENCY} concurrent, ${DURATION_MS / 1000} s each, ${APP}`);
await load('GET /api/utils/config', () => fetch(`${APP}/api/utils/config`));
await load('GET /api/users/me (JWT)', () =>
  fetch(`${APP}/api/users/me`, { headers: { authorization: `Bearer ${t}` } }),
);
await load('GET /api/users (admin list)', () =>
  fetch(`${APP}/api/users`, { headers: { authorization: `Bearer ${t}` } }),
);
await load('GET / (shell index)', () => fetch(`${APP}/`));
