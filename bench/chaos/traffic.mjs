// The chaos run's steady traffic through the rehearsal's edge: order creates, check-in scans of the orders just
// created, schedule reads. Open model: each kind fires at its own fixed rate whatever the answers (a fault shows as
// errors, not as a slower loop), with a bound on requests in flight. Every request is recorded with the phase it
// was sent in; what the server acknowledged (2xx) is what the verification must find once.
import Redis from 'ioredis';

const DAY = 86_400_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** 'YYYY-MM-DD' n days from today (UTC). */
export const dayFrom = (n) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

/**
 * A Keycloak access token for a demo user: password grant on the local realm's confidential test client, whose
 * tokens carry the browser's roles and audience (the browser itself signs in through the login page).
 */
export async function demoToken(env, email = 'admin@demo.portal') {
  const res = await fetch(`${env.KEYCLOAK_URL}/realms/${env.KEYCLOAK_REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: env.KEYCLOAK_TEST_CLIENT_ID,
      client_secret: env.KEYCLOAK_TEST_CLIENT_SECRET,
      username: email,
      password: 'Portal!2345',
      scope: 'openid',
    }),
  });
  if (!res.ok) throw new Error(`token for ${email}: ${res.status} ${await res.text()}`);
  const token = (await res.json()).access_token;
  // the demo users are verified (accounts' seed); the marker is set as accounts sets it on linking, in case the
  // rehearsal's Redis is newer than the accounts instance that would restore it
  const { sub } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 });
  try {
    await redis.set(`portal:verified:${sub}`, '1');
  } finally {
    redis.disconnect();
  }
  return token;
}

/** The create of request k: an external layover order between two seeded licences, its invoice the run's key. */
export function createBody(run, k, [from, to]) {
  return {
    order: {
      source: 'api',
      data: {
        order: {
          orderDef: 'ext',
          orderType: 'layover',
          pickupLN: from,
          destinationLN: to,
          preferredPickup: `${dayFrom(2)}T12:00:00.000Z`,
          preferredDelivery: `${dayFrom(3)}T12:00:00.000Z`,
          weight: String(1 + (k % 5)),
          notes: `chaos ${run}`,
        },
        billing: { invoice: `CHAOS-${run}-${k}` },
      },
    },
  };
}

export class Traffic {
  /**
   * @param {{edge: string, env: object, run: string, licences: [string, string], perSecond: number,
   *   maxInFlight?: number}} opts
   */
  constructor(opts) {
    this.o = { maxInFlight: 24, ...opts };
    this.phase = 'warm-up';
    /** {kind, key, phase, t, ms, status} per request; status 0 = no answer (refused, reset, timed out). */
    this.records = [];
    /** invoice → {id, orderId} of every acknowledged create; scanId → order id of every acknowledged check-in. */
    this.creates = new Map();
    this.scans = new Map();
    this.toScan = [];
    this.inFlight = 0;
    this.stopped = false;
  }

  /** The admin's token, renewed every 2 minutes (it lives 15); a failed renewal keeps the one in hand. */
  async token() {
    if (!this.tok || Date.now() - this.tokAt > 120_000) {
      this.tokAt = Date.now();
      try {
        this.tok = await demoToken(this.o.env);
      } catch (err) {
        if (!this.tok) throw err;
        this.renewalsFailed = (this.renewalsFailed ?? 0) + 1;
      }
    }
    return this.tok;
  }

  async call(kind, key, path, body) {
    const rec = { kind, key, phase: this.phase, t: Date.now(), ms: 0, status: 0 };
    this.records.push(rec);
    this.inFlight++;
    try {
      const res = await fetch(`${this.o.edge}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      rec.status = res.status;
      const text = await res.text();
      if (res.status >= 400) rec.error = text.slice(0, 200);
      return res.ok ? JSON.parse(text) : undefined;
    } catch (err) {
      rec.error = err.name === 'TimeoutError' ? 'timeout' : (err.cause?.code ?? err.message);
      return undefined;
    } finally {
      rec.ms = Date.now() - rec.t;
      this.inFlight--;
    }
  }

  async create(k) {
    const body = createBody(this.o.run, k, this.o.licences);
    const invoice = body.order.data.billing.invoice;
    const ans = await this.call('create', invoice, '/api/orders/create', body);
    const order = ans?.data?.order;
    if (order) {
      this.creates.set(invoice, { id: order.id, orderId: order.orderId });
      this.toScan.push(order.id);
    }
  }

  async scan(k) {
    const id = this.toScan.shift();
    if (!id) return;
    const scanId = `chaos-${this.o.run}-${k}`;
    const ans = await this.call('scan', scanId, '/api/orders/checkin', { id, scanId });
    if (ans) this.scans.set(scanId, id);
  }

  async schedule(k) {
    await this.call('schedule', String(k), '/api/orders/schedule', {
      opts: { day: dayFrom(3), isAdmin: true },
    });
  }

  /** Fires `fn(k)` `perSecond` times a second until stop(); skips a beat while too many are in flight. */
  async loop(fn, perSecond) {
    const every = 1000 / perSecond;
    const t0 = Date.now();
    const pending = new Set();
    for (let k = 0; !this.stopped; k++) {
      const wait = t0 + k * every - Date.now();
      if (wait > 0) await sleep(wait);
      if (this.stopped) break;
      if (this.inFlight >= this.o.maxInFlight) continue;
      const p = fn.call(this, k).catch(() => undefined);
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
    await Promise.all(pending);
  }

  start() {
    const r = this.o.perSecond;
    this.running = Promise.all([
      this.loop(this.create, r),
      this.loop(this.scan, r / 2),
      this.loop(this.schedule, r / 2),
    ]);
  }

  async stop() {
    this.stopped = true;
    await this.running;
  }
}
