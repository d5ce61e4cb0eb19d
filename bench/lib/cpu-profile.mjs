// Reading a V8 .cpuprofile (node --cpu-prof): where a request's time goes. Each sample is charged to the first frame,
// from the leaf up, that belongs to a package or code of the request path (the jose verifier, ioredis, OpenTelemetry,
// pino, AJV, fast-json-stringify, Fastify, the kit, the service), so a package's share is its own work plus the Node
// internals it calls (e.g. ioredis' socket writes); only a stack with none of them goes to Node's http/net (the HTTP
// parser and the sockets of the request itself) or to "other". (garbage collector), (program) and (idle) stay apart.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A built service bundles its packages into dist/*.js (scripts/build-services.mjs): a frame's own file is then read
 * from the bundle's source map (the original path under node_modules or services/), so the parts stay apart.
 */
const maps = new Map();
function originalUrl(frame) {
  const url = frame.url ?? '';
  if (!url.startsWith('file://') || !url.endsWith('.js')) return url;
  if (!maps.has(url)) {
    const file = `${fileURLToPath(url)}.map`;
    maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  const map = maps.get(url);
  const hit = map?.findEntry(frame.lineNumber, frame.columnNumber);
  return hit?.originalSource ? new URL(hit.originalSource, url).pathname : url;
}

/** [part, test on a frame's url and function name]; the first that matches, from the leaf up, takes the sample. */
const PARTS = [
  ['token verification (jose)', (u) => u.includes('/jose/')],
  ['redis (ioredis + its socket)', (u) => /\/(ioredis|redis-parser|@ioredis)\//.test(u)],
  ['opentelemetry (spans, context)', (u) => u.includes('/@opentelemetry/')],
  ['logging (pino)', (u) => /\/(pino|pino-std-serializers|sonic-boom|fast-redact)\//.test(u)],
  ['validation (ajv)', (u) => /\/ajv[^/]*\//.test(u)],
  ['serialization (fast-json-stringify)', (u) => u.includes('/fast-json-stringify/')],
  ['mongodb driver', (u) => /\/(mongodb|mongoose|bson)\//.test(u)],
  ['rate limit', (u) => u.includes('/@fastify/rate-limit/')],
  ['fastify core', (u) => /\/(fastify|find-my-way|light-my-request|avvio|@fastify)\//.test(u)],
  ['kit (auth, user state, hooks)', (u) => /\/services\/kit\/|service-kit/.test(u)],
  ['contracts', (u) => /\/services\/contracts\//.test(u)],
  ['service (handler, domain)', (u) => /\/services\/[a-z]+\/(dist|src)\//.test(u)],
  ['other packages', (u) => u.includes('/node_modules/')],
];
const NODE_HTTP = /^node:(_http|http|net|stream|internal\/(http|stream|streams|net))/;

const label = (node) => {
  const u = (node.originalUrl ??= originalUrl(node.callFrame));
  const f = node.callFrame.functionName;
  if (f === '(garbage collector)') return 'garbage collection';
  if (f === '(idle)') return 'idle';
  if (f === '(program)') return 'v8/native (program)';
  return PARTS.find(([, test]) => test(u, f))?.[0];
};

/**
 * Shares of the busy (non-idle) time per part, and the inclusive share of the kit's request-path functions named in
 * `inclusive` (function name → share of busy samples that have it on their stack). Only the samples between `fromMs`
 * and `toMs` after the profile's start count (the load, not the process's start and stop).
 */
export function summarize(file, { inclusive = [], fromMs = 0, toMs = Infinity } = {}) {
  const prof = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = prof.timeDeltas;
  const parts = new Map();
  const leaves = new Map();
  const incl = new Map(inclusive.map((f) => [f, 0]));
  let busy = 0;
  let idle = 0;
  let at = 0;
  prof.samples.forEach((id, i) => {
    const ms = (dt[i] ?? 0) / 1000;
    at += ms;
    if (at < fromMs || at > toMs) return;
    const leaf = byId.get(id);
    if (leaf.callFrame.functionName === '(idle)') return void (idle += ms);
    busy += ms;
    let part;
    let http = false;
    const seen = new Set();
    for (let n = leaf; n; n = byId.get(parent.get(n.id))) {
      part ??= label(n);
      http ||= NODE_HTTP.test(n.callFrame.url ?? '');
      if (incl.has(n.callFrame.functionName)) seen.add(n.callFrame.functionName);
    }
    part ??= http ? 'node http/net (parser, sockets)' : 'other (node internals, microtasks)';
    const where = `${(leaf.originalUrl ??= originalUrl(leaf.callFrame)).replace(/^.*\/(node_modules|services)\//, '')} ${leaf.callFrame.functionName}`;
    leaves.set(where, (leaves.get(where) ?? 0) + ms);
    parts.set(part, (parts.get(part) ?? 0) + ms);
    for (const f of seen) incl.set(f, incl.get(f) + ms);
  });
  const pct = (ms) => Math.round((ms / busy) * 1000) / 10;
  return {
    busyMs: Math.round(busy),
    idleMs: Math.round(idle),
    parts: [...parts].sort((a, b) => b[1] - a[1]).map(([part, ms]) => ({ part, pct: pct(ms) })),
    inclusive: [...incl].map(([fn, ms]) => ({ fn, pct: pct(ms) })),
    /** The 15 source files (and functions) with the most self time. */
    top: [...leaves]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([where, ms]) => ({ where, pct: pct(ms) })),
  };
}

/** Markdown table rows of a summary. */
export function table(s) {
  const lines = ['| part | share of busy CPU |', '| --- | ---: |'];
  for (const p of s.parts) lines.push(`| ${p.part} | ${p.pct} % |`);
  lines.push('', '| self time, by source (leaf frame) | share |', '| --- | ---: |');
  for (const t of s.top) lines.push(`| \`${t.where.trim() || '(native)'}\` | ${t.pct} % |`);
  return lines.join('\n');
}

// `node bench/lib/cpu-profile.mjs FILE.cpuprofile`: the table of one profile.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'))) {
  const s = summarize(process.argv[2]);
  console.log(table(s));
  console.log(`busy ${s.busyMs} ms, idle ${s.idleMs} ms`);
}
