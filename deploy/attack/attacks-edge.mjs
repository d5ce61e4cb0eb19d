// The rest of the attacks: exports, edge errors, public config, secrets at rest in NATS/Redis, headers,
// and the brute force (last: it may trip a per-address rate limit).
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import Redis from 'ioredis';
import { api, codeIn, env, grant, http, isProblem, mailTo, makeUser } from './lib.mjs';

const blocked = (detail) => ({ open: false, detail });
const open = (detail) => ({ open: true, detail });

/** Whether `code` appears as a whole number in any message stored in the stream after sequence `from`. */
async function inStream(jsm, stream, from, code) {
  const last = (await jsm.streams.info(stream)).state.last_seq;
  const re = new RegExp(`(?<!\\d)${code}(?!\\d)`);
  for (let seq = from + 1; seq <= last; seq++) {
    const m = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
    if (m && re.test(new TextDecoder().decode(m.data))) return m.subject;
  }
  return undefined;
}

/** The first Redis key (BullMQ jobs and anything else) whose value holds `code` as a whole number. */
async function inRedis(code) {
  const redis = new Redis(env.redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const re = new RegExp(`(?<!\\d)${code}(?!\\d)`);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 500);
      cursor = next;
      for (const k of keys) {
        const type = await redis.type(k);
        const vals =
          type === 'hash'
            ? Object.values(await redis.hgetall(k))
            : type === 'string'
              ? [await redis.get(k)]
              : [];
        if (vals.some((v) => v && re.test(v))) return k;
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return undefined;
}

/** The cells of one RFC 4180 row, unquoted: what a spreadsheet evaluates. */
function cellsOf(row) {
  const cells = [''];
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const ch = row[i];
    if (quoted && ch === '"' && row[i + 1] === '"') {
      cells[cells.length - 1] += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) cells.push('');
    else cells[cells.length - 1] += ch;
  }
  return cells;
}

export const edgeAttacks = [
  [
    'CSV export cell starting with = stays text',
    async () => {
      const { toCsv } = await import('../../shell/ui/src/csv.ts');
      const formula = '=HYPERLINK("http://evil.example","x")';
      const u = await makeUser('csv', { profile: { company: { Licensee: formula, DBA: '+cmd|calc' } } });
      const t = (await grant(u.email)).access_token;
      const stored = (await api('GET', '/users/me', { token: t })).json?.user?.company ?? {};
      const csv = toCsv(
        [stored],
        [
          { header: 'Company', value: (c) => c.Licensee },
          { header: 'DBA', value: (c) => c.DBA },
        ],
      );
      const cells = cellsOf(csv.split('\r\n')[1]);
      return cells.every((c) => !/^[=+\-@\t\r]/.test(c)) && cells.length === 2
        ? blocked(`exported as ${cells.join(' | ')}`)
        : open(`exported as ${cells.join(' | ')}`);
    },
  ],
  [
    '414 (URI too long) answered as problem+json',
    async () => {
      const r = await http('GET', `/api/users/${'a'.repeat(40_000)}`);
      return r.status === 414 && isProblem(r)
        ? blocked('414 problem+json')
        : open(`${r.status} ${r.headers.get('content-type')}`);
    },
  ],
  [
    'public config exposes signupEmails',
    async () => {
      const anon = await api('GET', '/utils/config');
      const u = await makeUser('config');
      const t = (await grant(u.email)).access_token;
      const signed = await api('GET', '/utils/config', { token: t });
      const leaks = [anon, signed].filter((r) => /signupEmails/.test(r.text));
      return leaks.length
        ? open(`signupEmails in ${leaks.length} of 2 answers`)
        : blocked(`${anon.status}/${signed.status} without it`);
    },
  ],
  [
    'reset code stored in clear (NATS stream or Redis job data)',
    async () => {
      const u = await makeUser('pin-at-rest');
      // the running services' account, as its read-only inspector (demo) or the TEST tool user (e2e data set)
      const nc = await connect({
        servers: env.nats,
        timeout: 5000,
        ...(process.env.PORTAL_DATASET
          ? { user: 'test', pass: 'test' }
          : { user: process.env.PORTAL_NATS_USER, pass: process.env.PORTAL_NATS_PASSWORD }),
      });
      try {
        const jsm = await jetstreamManager(nc);
        const streams = [];
        for await (const s of jsm.streams.list()) streams.push([s.config.name, s.state.last_seq]);
        const since = Date.now();
        const r = await api('POST', '/auth/forgotPassword', { body: { email: u.email } });
        const code = codeIn(await mailTo(u.email, 'Reset your password', since, 45_000));
        if (!code) return open(`could not set up: forgotPassword ${r.status}, no mail`);
        for (const [name, from] of streams) {
          const subject = await inStream(jsm, name, from, code);
          if (subject) return open(`code in clear in stream ${name} (${subject})`);
        }
        const key = await inRedis(code);
        if (key) return open(`code in clear in Redis key ${key}`);
        const unlimited = [];
        // append-only by design (deny delete and purge: the ledger's signed anchors, searched for the code above)
        const appendOnly = [];
        for await (const s of jsm.streams.list()) {
          if (s.config.max_age) continue;
          (s.config.deny_delete && s.config.deny_purge ? appendOnly : unlimited).push(s.config.name);
        }
        return unlimited.length
          ? open(`code sealed, but streams without max_age: ${unlimited.join(', ')}`)
          : blocked(
              `code not found in ${streams.length} streams or Redis; every stream has max_age` +
                (appendOnly.length ? ` but the append-only ${appendOnly.join(', ')}` : ''),
            );
      } finally {
        await nc.close();
      }
    },
  ],
  [
    'security headers at the edge (CSP without inline script, nosniff, frame-ancestors, Referrer-Policy)',
    async () => {
      const missing = [];
      for (const path of ['/', '/api/utils/config']) {
        const r = await http('GET', path);
        const h = (n) => r.headers.get(n) ?? '';
        const csp = h('content-security-policy');
        if (!csp) missing.push(`${path}: Content-Security-Policy`);
        const script =
          /(?:^|;)\s*script-src([^;]*)/.exec(csp)?.[1] ?? /default-src([^;]*)/.exec(csp)?.[1] ?? '';
        if (csp && /'unsafe-inline'/.test(script)) missing.push(`${path}: script-src allows 'unsafe-inline'`);
        if (!/frame-ancestors\s+'none'/.test(csp)) missing.push(`${path}: frame-ancestors 'none'`);
        if (h('x-content-type-options') !== 'nosniff') missing.push(`${path}: X-Content-Type-Options`);
        if (!h('referrer-policy')) missing.push(`${path}: Referrer-Policy`);
      }
      return missing.length ? open(missing.join(', ')) : blocked('all present on / and /api');
    },
  ],
  [
    '50 wrong passwords, then the right one',
    async () => {
      const u = await makeUser('bruteforce');
      const codes = new Map();
      const t = performance.now();
      // Sign-in is Keycloak's page (the portal takes no password); its brute-force detection counts per account
      // whatever the flow, so the tries go to Keycloak through the tests' client.
      for (let i = 0; i < 50; i++) {
        const ok = (await grant(u.email, `wrong-${i}`)) !== undefined;
        codes.set(ok ? 'token' : 'refused', (codes.get(ok ? 'token' : 'refused') ?? 0) + 1);
      }
      const secs = ((performance.now() - t) / 1000).toFixed(1);
      const right = await grant(u.email, u.password);
      const seen = [...codes].map(([s, n]) => `${n}x${s}`).join(' ');
      if (right) return open(`${seen} in ${secs} s, then the right password got a token`);
      return blocked(
        `${seen} in ${secs} s, then the right password refused too (account locked for a while)`,
      );
    },
  ],
];
