// The ledger rewritten whole in the database, the login limits (X-Forwarded-For spoofing, password
// spraying), forgot-password telling which addresses exist, and Keycloak's offline tokens and account API.
// Order matters: the two limit attacks run last, each from a loopback address of its own (127.0.0.x through the
// edge, a client the failed-login limit counts like any other; 127.0.0.1, shared by every local browser and suite,
// is exempt locally: RATE_LIMIT_FAIL_ALLOW in deploy/local/env.sh), so the limit they trip holds no one else.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import mongoose from 'mongoose';
import { PASSWORD, api, email, env, grant, makeUser } from './lib.mjs';
import { fromAddress } from './from-address.mjs';
import { sprayKeycloakForm } from './sign-in-spray.mjs';
import { hashOf, nextEntry } from '../../services/orders/src/domain/ledger.ts';

const blocked = (detail) => ({ open: false, detail });
const open = (detail) => ({ open: true, detail });
const LEDGER_GENESIS = '0'.repeat(64);
const FAIL_MAX = Number(process.env.RATE_LIMIT_FAIL_ADDRESS_MAX ?? 30);
const SIGN_IN_BURST = JSON.parse(
  readFileSync(new URL('../../services/contracts/src/edge-limits.json', import.meta.url), 'utf8'),
).signInFormBurst;

/** A JSON POST to the edge's /api from a chosen loopback source address (another client, as the edge sees it). */
const postFrom = (localAddress, path, body, headers = {}) =>
  fromAddress(localAddress, `/api${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
const loopback = () =>
  `127.${1 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

async function ordersDb() {
  const conn = await mongoose.createConnection(env.mongo, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  const set = process.env.PORTAL_DATASET;
  return { conn, orders: conn.useDb(set ? `portal_orders_${set}` : 'portal_orders').collection('orders') };
}

export const ledgerAttacks = [
  [
    'ledger: a whole order chain rewritten in the database, every later hash recomputed',
    async () => {
      const staff = await makeUser('ledger-staff', { role: 1 });
      const token = (await grant(staff.email)).access_token;
      const { conn, orders } = await ordersDb();
      const orderId = `ATTACK-LEDGER-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
      try {
        // a throwaway order, its ledger written as the service writes one (never a demo order)
        const by = { userId: 'attack', name: 'Attack Vendor', role: 3 };
        const history = [];
        for (const [i, to] of ['created', 'approved', 'picked up'].entries())
          history.push(
            nextEntry(history, {
              at: new Date(),
              by,
              source: 'form',
              action: i ? 'updated' : 'created',
              changes: [{ path: 'data.order.notes', to }],
            }),
          );
        const { insertedId } = await orders.insertOne({
          orderId,
          createdAt: new Date(),
          lastUpdated: new Date(),
          deleted: 0,
          version: 3,
          status: 0,
          data: { order: { notes: 'attack ledger' } },
          history,
          pickupKey: '',
          destKey: '',
          companyKeys: [],
          driverIds: [],
        });
        const id = String(insertedId);
        const anchor = await api('POST', '/orders/ledger/checkpoint', { token, body: { id } });
        if (anchor.status !== 200)
          return open(`no checkpoint could be made: ${anchor.status} ${anchor.text.slice(0, 120)}`);
        // the tamperer: entry 2 says someone else approved it; entries 2.. relinked and rehashed
        const forged = structuredClone(history);
        forged[1].by = { userId: 'other', name: 'Someone Else', role: 1 };
        let prev = forged[0].hash;
        for (let i = 1; i < forged.length; i++) {
          const { hash: _h, ...rest } = forged[i];
          rest.prevHash = prev;
          forged[i] = { ...rest, hash: hashOf(rest) };
          prev = forged[i].hash;
        }
        if (forged[0].prevHash !== LEDGER_GENESIS) return open('the chain was not built as expected');
        await orders.updateOne({ _id: insertedId }, { $set: { history: forged } });
        const v = await api('GET', `/orders/${id}/history/verify`, { token });
        if (v.status !== 200) return open(`verify answered ${v.status}`);
        return v.json.ok === false
          ? blocked(`verify: ok false, brokenAt ${v.json.brokenAt}: ${v.json.message}`)
          : open(`verify says intact: ${JSON.stringify(v.json)}`);
      } finally {
        await orders.deleteOne({ orderId }).catch(() => undefined);
        await conn.close();
      }
    },
  ],
  [
    'forgot-password answers differ for a known and an unknown email',
    async () => {
      const known = await makeUser('forgot-known');
      const ask = async (addr) => {
        const r = await api('POST', '/auth/forgotPassword', { body: { email: addr } });
        await new Promise((res) => setTimeout(res, 300));
        return r;
      };
      const k = [];
      const u = [];
      for (let i = 0; i < 3; i++) {
        k.push(await ask(known.email));
        u.push(await ask(email('forgot-unknown')));
      }
      const shape = (r) => `${r.status} ${JSON.stringify(r.json)}`;
      if (k.some((r, i) => shape(r) !== shape(u[i])))
        return open(`known: ${shape(k[0])}; unknown: ${shape(u[0])}`);
      const median = (rs) => rs.map((r) => r.ms).sort((a, b) => a - b)[1];
      const gap = Math.abs(median(k) - median(u));
      return gap < 100
        ? blocked(`both ${shape(k[0])}; median ${median(k).toFixed(0)} vs ${median(u).toFixed(0)} ms`)
        : open(`same words, but ${median(k).toFixed(0)} vs ${median(u).toFixed(0)} ms`);
    },
  ],
  [
    "Keycloak: an offline token outliving the portal's sign-out; the portal's token on the account API",
    async () => {
      const u = await makeUser('offline');
      const tokenUrl = `${env.kc}/realms/${env.realm}/protocol/openid-connect/token`;
      const form = (params) =>
        fetch(tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(params),
        }).then(async (r) => ({ status: r.status, json: await r.json().catch(() => ({})) }));
      const off = await form({
        grant_type: 'password',
        client_id: env.client,
        username: u.email,
        password: PASSWORD,
        scope: 'openid offline_access',
      });
      const found = [];
      if (off.json.refresh_token) {
        const typ = JSON.parse(Buffer.from(off.json.refresh_token.split('.')[1], 'base64url')).typ;
        if (typ === 'Offline') {
          await api('POST', '/auth/logout', {
            token: off.json.access_token,
            body: { refreshToken: off.json.refresh_token },
          });
          const again = await form({
            grant_type: 'refresh_token',
            client_id: env.client,
            refresh_token: off.json.refresh_token,
          });
          if (again.json.access_token) found.push('an offline token still refreshes after the sign-out');
        }
      }
      const t = await grant(u.email);
      const acc = await fetch(`${env.kc}/realms/${env.realm}/account`, {
        headers: { authorization: `Bearer ${t.access_token}`, accept: 'application/json' },
      });
      if (acc.status === 200) found.push('the account API answers 200 to the portal token');
      return found.length
        ? open(found.join('; '))
        : blocked(
            `offline_access: ${off.status} ${off.json.error ?? 'no offline token'}; account API ${acc.status}`,
          );
    },
  ],
  [
    "X-Forwarded-For spoofing to escape a public route's per-address limit (forgot-password)",
    async () => {
      // sign-in itself is Keycloak's page now (POST /api/auth/login answers 410); the same per-address count guards
      // forgot-password, which counts every request
      const from = loopback();
      const codes = new Map();
      let first429 = 0;
      for (let i = 1; i <= FAIL_MAX + 10; i++) {
        const spoofed = `${10 + (i % 200)}.${i % 250}.${Math.floor(Math.random() * 250)}.${1 + (i % 250)}`;
        const r = await postFrom(
          from,
          '/auth/forgotPassword',
          { email: email(`xff${i}`) },
          { 'x-forwarded-for': spoofed, 'x-real-ip': spoofed },
        );
        codes.set(r.status, (codes.get(r.status) ?? 0) + 1);
        if (r.status === 429 && !first429) first429 = i;
      }
      const seen = [...codes].map(([s, n]) => `${n}x${s}`).join(' ');
      return first429 && first429 <= FAIL_MAX + 1
        ? blocked(`from ${from} with a new X-Forwarded-For each try: ${seen}, 429 from try ${first429}`)
        : open(`${seen}: the spoofed header reset the count`);
    },
  ],
  [
    "password spraying: 120 sign-ins to different emails from one address on Keycloak's page",
    async () => {
      const from = loopback();
      const emails = Array.from({ length: 120 }, (_, i) => email(`spray${i + 1}`));
      const statuses = await sprayKeycloakForm(from, emails, 'Summer2026!');
      const codes = new Map();
      for (const s of statuses) codes.set(s, (codes.get(s) ?? 0) + 1);
      const seen = [...codes].map(([s, n]) => `${n}x${s}`).join(' ');
      const first429 = statuses.indexOf(429) + 1;
      // Keycloak counts failures per account: only the edge's per-address limit on its form stops a spray
      return first429 && first429 <= SIGN_IN_BURST + 10 && codes.get(429) >= 120 - SIGN_IN_BURST - 20
        ? blocked(`from ${from}: ${seen}, 429 from try ${first429}`)
        : open(`from ${from}: ${seen}: every email tried`);
    },
  ],
];
