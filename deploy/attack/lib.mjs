// Helpers of `npm run attack`: the edge, Keycloak's admin API (local master admin), throwaway users and their
// profiles, the mailbox, and clean-up. Everything an attack creates is named attack-*@test.portal and removed
// at the end; the demo users are never used or touched.
import mongoose from 'mongoose';
import Redis from 'ioredis';

export const env = {
  app: process.env.APP_URL ?? 'http://localhost:8080',
  kc: process.env.ATTACK_KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth',
  realm: process.env.KEYCLOAK_REALM ?? 'portal',
  client: process.env.KEYCLOAK_PUBLIC_CLIENT_ID ?? 'portal-web',
  // the local realm's confidential test client: how the replay gets an ordinary user's tokens without a browser
  testClient: process.env.KEYCLOAK_TEST_CLIENT_ID || 'portal-tests',
  testSecret: process.env.KEYCLOAK_TEST_CLIENT_SECRET || 'portal-tests-local-secret-5d81c3a7',
  serviceClient: process.env.KEYCLOAK_SERVICE_CLIENT_ID ?? 'portal-services',
  serviceSecret: process.env.KEYCLOAK_SERVICE_CLIENT_SECRET ?? 'portal-services-secret',
  mailbox: process.env.MAILBOX_URL ?? 'http://127.0.0.1:8025',
  mongo: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27027/portal',
  nats: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6390',
};
export const PASSWORD = 'Attack!2345x';
const ROLE_NAMES = ['superadmin', 'admin', 'driver', 'accountadmin', 'user'];
let seq = 0;
export const email = (tag) =>
  `attack-${tag}-${Date.now().toString(36)}${(seq++).toString(36)}-${Math.floor(Math.random() * 1e6)}@test.portal`;

/** fetch with a deadline; answers {status, headers, json, text, ms} and never throws on HTTP errors. */
export async function http(method, url, { token, body, raw, headers = {}, timeoutMs = 15_000 } = {}) {
  const t = performance.now();
  const res = await fetch(url.startsWith('http') ? url : `${env.app}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, json, text, ms: performance.now() - t };
}
export const api = (method, path, opts) => http(method, `/api${path}`, opts);
export const isProblem = (r) => /application\/problem\+json/.test(r.headers.get('content-type') ?? '');

async function form(url, params) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}
const tokenUrl = (realm = env.realm) => `${env.kc}/realms/${realm}/protocol/openid-connect/token`;

/**
 * A user's tokens by password grant on the test client. They carry what the browser's carry (roles, audience, a
 * Keycloak session) but are not the browser's: the browser signs in on the login page (Authorization Code + PKCE on
 * portal-web), and the services accept the test client's tokens only where KEYCLOAK_TEST_CLIENT_ID is set.
 */
export async function grant(user, password = PASSWORD) {
  const r = await form(tokenUrl(), {
    grant_type: 'password',
    client_id: env.testClient,
    client_secret: env.testSecret,
    username: user,
    password,
    scope: 'openid',
  });
  return r.status === 200 ? r.json : undefined;
}
export const serviceToken = async () =>
  (
    await form(tokenUrl(), {
      grant_type: 'client_credentials',
      client_id: env.serviceClient,
      client_secret: env.serviceSecret,
    })
  ).json.access_token;
/** Ends the Keycloak session of a refresh token from grant(). */
export const logoutKeycloak = (refreshToken) =>
  form(`${env.kc}/realms/${env.realm}/protocol/openid-connect/logout`, {
    client_id: env.testClient,
    client_secret: env.testSecret,
    refresh_token: refreshToken,
  });
export { admin as kcAdmin, form, tokenUrl };

let adminToken;
async function admin(method, path, body) {
  if (!adminToken) {
    const r = await form(tokenUrl('master'), {
      grant_type: 'password',
      client_id: 'admin-cli',
      username: process.env.KEYCLOAK_ADMIN ?? 'admin',
      password: process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin',
    });
    if (!r.json.access_token) throw new Error(`Keycloak master admin login: ${r.status}`);
    adminToken = r.json.access_token;
    setTimeout(() => (adminToken = undefined), 45_000).unref();
  }
  const res = await fetch(`${env.kc}/admin/realms/${env.realm}${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Keycloak admin ${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

const created = { kc: new Set(), emails: new Set() };
/** A short-lived Redis connection (the kit's user state) for `fn`. */
export async function withRedis(fn) {
  const r = new Redis(env.redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    return await fn(r);
  } finally {
    r.disconnect();
  }
}
let db;
async function accountsDb() {
  if (!db) db = await mongoose.createConnection(env.mongo, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  // the data set the portal runs on (npm test: `e2e`, scripts/portal.mjs datasetEnv)
  const set = process.env.PORTAL_DATASET;
  return db.useDb(process.env.ATTACK_ACCOUNTS_DB ?? (set ? `portal_accounts_${set}` : 'portal_accounts'));
}
const users = async () => (await accountsDb()).collection('users');

/**
 * A throwaway Keycloak user with a portal role and (unless profile: false) a verified profile written before its
 * first request, so the accounts service links it by email. Returns {email, id, password, role}.
 */
export async function makeUser(tag, { role = 4, verified = true, profile = {}, emailVerified = true } = {}) {
  const addr = email(tag);
  const res = await admin('POST', '/users', {
    username: addr,
    email: addr,
    firstName: 'Attack',
    lastName: tag,
    enabled: true,
    emailVerified,
    credentials: [{ type: 'password', value: PASSWORD, temporary: false }],
  });
  const id = res.headers.get('location').split('/').pop();
  created.kc.add(id);
  created.emails.add(addr);
  const roleRep = await (await admin('GET', `/roles/${ROLE_NAMES[role]}`)).json();
  await admin('POST', `/users/${id}/role-mappings/realm`, [roleRep]);
  // A verified profile is one staff reviewed: the kit's "verified" marker too, as accounts writes it for a verified
  // profile (services/kit user-state.ts; accounts also writes it when it links the profile on first sign-in).
  if (profile !== false && verified === true) await withRedis((r) => r.set(`portal:verified:${id}`, '1'));
  if (profile !== false)
    await (
      await users()
    ).insertOne({
      email: addr,
      role,
      verified,
      hasSentEmail: true,
      name: { firstName: 'Attack', lastName: tag },
      createdAt: new Date(),
      updatedAt: new Date(),
      ...profile,
    });
  return { email: addr, id, password: PASSWORD, role };
}
/** Remembers an address an attack may have made the portal create (a sign-up that went through). */
export const forget = (addr) => created.emails.add(addr);
export const profileOf = async (addr) => (await users()).findOne({ email: addr });

/** The newest mail to `to` with `subject` that arrived after `since` (ms), waiting up to `ms`. */
export async function mailTo(to, subject, since, ms = 45_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const list = await (await fetch(`${env.mailbox}/api/messages`)).json();
    const hit = list.find(
      (m) => m.subject === subject && m.to.some((t) => t.includes(to)) && Date.parse(m.date) >= since - 1000,
    );
    if (hit) return (await fetch(`${env.mailbox}/api/messages/${hit.id}`)).json();
    await new Promise((r) => setTimeout(r, 500));
  }
  return undefined;
}
/** The mails to `to` with `subject`, newest first, once at least `count` have arrived (or `ms` passed). */
export async function mailsTo(to, subject, count, ms = 45_000) {
  const until = Date.now() + ms;
  for (;;) {
    const list = await (await fetch(`${env.mailbox}/api/messages`)).json();
    const hits = list.filter((m) => m.subject === subject && m.to.some((t) => t.includes(to)));
    if (hits.length >= Math.max(count, 1) || Date.now() > until)
      return Promise.all(hits.map(async (m) => (await fetch(`${env.mailbox}/api/messages/${m.id}`)).json()));
    await new Promise((r) => setTimeout(r, 500));
  }
}
export const codeIn = (mail) => /^\s*(\d{6})\s*$/m.exec(mail?.text ?? '')?.[1];

/** Deletes every Keycloak user and profile the attacks created (also those a successful sign-up made). */
export async function cleanup() {
  const adb = await accountsDb().catch(() => undefined);
  for (const addr of created.emails) {
    const found = await admin('GET', `/users?exact=true&email=${encodeURIComponent(addr)}`)
      .then((r) => r.json())
      .catch(() => []);
    for (const u of found) created.kc.add(u.id);
  }
  for (const id of created.kc) await admin('DELETE', `/users/${id}`).catch(() => undefined);
  if (created.kc.size)
    await withRedis((r) => r.del(...[...created.kc].map((id) => `portal:verified:${id}`))).catch(
      () => undefined,
    );
  const mine = { email: { $in: [...created.emails] } };
  for (const name of ['users', 'invites'])
    await adb
      ?.collection(name)
      .deleteMany(mine)
      .catch(() => undefined);
  await db?.close().catch(() => undefined);
}
