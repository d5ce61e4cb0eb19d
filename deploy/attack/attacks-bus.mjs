// Forged internal events: with one NATS account shared by every service, publishing `accounts.user.updated.v1`
// by hand with another company's licence gave a user that company's orders. Each service is now its own NATS user
// and may publish only its own domain's events (services/contracts/src/bus-access.ts); nobody connects anonymously.
// The attacker here holds the orders service's credentials (the local stack's, from deploy/local/env.sh).
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { licenceKey } from '@portal/contracts';
import { api, env, grant, makeUser, profileOf } from './lib.mjs';

const blocked = (detail) => ({ open: false, detail });
const open = (detail) => ({ open: true, detail });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The newest order of the running portal's data set, with the licence it goes to. */
async function someOrder() {
  const conn = await mongoose.createConnection(env.mongo, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    const set = process.env.PORTAL_DATASET;
    return await conn
      .useDb(set ? `portal_orders_${set}` : 'portal_orders')
      .collection('orders')
      .findOne(
        { deleted: { $in: [0, null] }, 'data.order.destinationLN': { $type: 'string' } },
        { sort: { _id: -1 }, projection: { 'data.order.destinationLN': 1 } },
      );
  } finally {
    await conn.close();
  }
}

/** The orders service's own NATS user in the account the running services use (demo: PORTAL, e2e: TEST). */
const asOrders = () =>
  connect({
    servers: env.nats,
    user: process.env.PORTAL_DATASET ? 'orders-test' : 'orders',
    pass: process.env.NATS_PASSWORD_ORDERS,
    inboxPrefix: '_INBOX_orders',
    timeout: 5000,
  });

export const busAttacks = [
  [
    "the orders service's NATS credentials publish accounts.user.updated.v1 with another company's licence",
    async () => {
      const order = await someOrder();
      if (!order) return open('no order in the data set to try against (npm start seeds some)');
      const lic = order.data.order.destinationLN;
      const id = String(order._id);
      const u = await makeUser('bus-forger', {
        role: 3,
        profile: { company: { 'License #': 'ATTACK-OWN-1', licenseNumbers: ['ATTACK-OWN-1'] } },
      });
      const token = (await grant(u.email)).access_token;
      const me = await api('GET', '/users/me', { token });
      if (me.status !== 200) return open(`could not set up: GET /users/me ${me.status}`);
      const before = await api('GET', `/orders/${id}`, { token });
      if (before.status === 200) return open(`could not set up: ${lic}'s order readable before the forgery`);
      const nc = await asOrders();
      let refusal;
      try {
        const forged = {
          userId: String((await profileOf(u.email))._id),
          email: u.email,
          sub: u.id,
          role: 3,
          verified: true,
          companyKeys: [licenceKey(lic)],
          licenseNumbers: [lic],
        };
        const envelope = {
          id: randomUUID(),
          type: 'accounts.user.updated.v1',
          version: 1,
          time: new Date().toISOString(),
          source: 'accounts',
          data: forged,
        };
        refusal = await jetstream(nc)
          .publish(envelope.type, JSON.stringify(envelope), { msgID: envelope.id })
          .then(
            () => undefined,
            (err) => err.message,
          );
      } finally {
        await nc.close();
      }
      await sleep(8000); // what the forgery took to give access when it went through
      const after = await api('GET', `/orders/${id}`, { token });
      if (after.status === 200) return open(`the forged event gave ${u.email} ${lic}'s order`);
      if (!refusal || !/permission/i.test(refusal))
        return open(`the publish was not refused as a permission violation (${refusal ?? 'accepted'})`);
      // and nobody gets in without credentials
      const anon = await connect({ servers: env.nats, timeout: 5000 }).then(
        (c) => c.close().then(() => 'connected'),
        (err) => err.message,
      );
      if (anon === 'connected') return open('an anonymous NATS connection was accepted');
      return blocked(`refused: ${refusal}; order still ${after.status}; anonymous: ${anon}`);
    },
  ],
];
