// An account staff have not reviewed yet: signed up on a licence that has orders (the licence list is public),
// email verified by its own pin, profile `verified: false`. Until staff verify it, only the profile, the sign-up
// steps, sign out and the FAQ answer; every other route of every service says "under review" (the kit's auth).
import mongoose from 'mongoose';
import { api, env, grant, makeUser } from './lib.mjs';

const UNDER_REVIEW = 'Your account is under review. You will receive an email once it has been verified.';
const blocked = (detail) => ({ open: false, detail });
const open = (detail) => ({ open: true, detail });

/** The newest order of the running portal's data set, with the licence it goes to. */
async function someOrder() {
  const conn = await mongoose.createConnection(env.mongo, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    const set = process.env.PORTAL_DATASET;
    const db = conn.useDb(set ? `portal_orders_${set}` : 'portal_orders');
    return await db
      .collection('orders')
      .findOne(
        { deleted: { $in: [0, null] }, 'data.order.destinationLN': { $type: 'string' } },
        { sort: { _id: -1 }, projection: { orderId: 1, 'data.order.destinationLN': 1 } },
      );
  } finally {
    await conn.close();
  }
}

/** A throwaway account admin (role 3, as the first sign-up of a licence is) of `lic`, signed in, profile linked. */
async function companyUser(tag, lic, verified) {
  const u = await makeUser(tag, {
    role: 3,
    verified,
    profile: { company: { 'License #': lic, licenseNumbers: [lic], Licensee: 'Attack LLC', DBA: 'Attack' } },
  });
  const token = (await grant(u.email)).access_token;
  const me = await api('GET', '/users/me', { token });
  return { token, me };
}

export const unverifiedAttacks = [
  [
    "an unreviewed account reads its licence's orders and manifests, places orders and invites (staff review)",
    async () => {
      const order = await someOrder();
      if (!order) return open('no order in the data set to try against (npm start seeds some)');
      const lic = order.data.order.destinationLN;
      const id = String(order._id);
      // control: a reviewed account of the same licence reads the order (its membership arrives by event)
      const twin = await companyUser('reviewed', lic, true);
      let seen;
      for (let i = 0; i < 40 && seen?.status !== 200; i++) {
        if (i) await new Promise((r) => setTimeout(r, 500));
        seen = await api('GET', `/orders/${id}`, { token: twin.token });
      }
      if (seen?.status !== 200) return open(`control failed: a verified user of ${lic} got ${seen?.status}`);

      const { token, me } = await companyUser('unreviewed', lic, false);
      if (me.status !== 200) return open(`the profile itself must stay open: GET /users/me → ${me.status}`);
      await new Promise((r) => setTimeout(r, 2000)); // the same time the twin's membership took to arrive
      const calls = [
        ['GET', `/orders/${id}`],
        ['GET', `/orders/${id}/manifest`],
        ['GET', `/orders/${id}/history`],
        ['POST', '/orders', {}],
        ['POST', '/orders/create', { order: { destinationLN: lic } }],
        ['POST', '/users/invite', { user: { email: 'attack-invitee@test.portal' } }],
        ['GET', '/users'],
        ['GET', '/billing/dashboard/vendor'],
        ['POST', '/email/feedback', { from: 'x@test.portal', message: 'hi' }],
      ];
      const through = [];
      for (const [method, path, body] of calls) {
        const r = await api(method, path, { token, body });
        const message = r.json?.message;
        if (r.status !== 403 || message !== UNDER_REVIEW)
          through.push(`${method} ${path} → ${r.status} ${message ?? ''}`);
      }
      return through.length
        ? open(`not refused as under review: ${through.join('; ')}`)
        : blocked(
            `verified twin reads order ${order.orderId}; the unreviewed account gets 403 "under review" on all ${calls.length} calls, its profile 200`,
          );
    },
  ],
];
