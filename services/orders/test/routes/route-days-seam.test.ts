// The kept /routes/find answers at the seam between routing and orders (real stack: the running routing service and
// NATS, this suite's own orders instance and database): a zip's answer is kept (domain/route-days-cache.ts), and a
// route written or deleted in routing reaches orders' answer within seconds, through routing.route.changed.v1 on the
// instance's own durable, not after the 30 s an answer is kept at most.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Role, STREAMS, type RouteFindMatch } from '@portal/contracts';
import { startService, tokenFor, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { routesFor } from '../../src/domain/order-route-days.js';
import { KEPT_MS } from '../../src/domain/route-days-cache.js';
import { nextWeekday, suiteEnv, ROUTING, routingPost } from './order-helpers.js';

let app: FastifyInstance;
let zip = '';
let routeId = '';
const day = nextWeekday(3, 1); // a Wednesday
const routeName = () => `Kept ${zip}`;

const routing = routingPost;
const ours = (routes: RouteFindMatch[]) => routes.some((r) => r.name === routeName());
/** Orders' answer for the zip on the day, as a create asks it (with a company user's token). */
const ordersAnswer = async () =>
  routesFor(zip, day, day, { routingUrl: ROUTING, authorization: `Bearer ${await tokenFor(Role.User)}` });

before(async () => {
  app = await startService(buildApp, suiteEnv('routedays'));
  for (let i = 0; i < 20 && !zip; i++) {
    const z = `98${String(randomInt(0, 1000)).padStart(3, '0')}`;
    const found = await routing('/api/routes/find', { zip: z });
    if (!found.json.data.routes.some((r: { utility: boolean }) => !r.utility)) zip = z;
  }
  assert.ok(zip, 'a zip no route serves yet');
});
after(async () => {
  if (routeId) await routing('/api/routes/delete', { route: { id: routeId } });
  await app?.close();
});

test('a route written in routing reaches the kept answer within seconds; its deletion too', async () => {
  assert.equal(ours(await ordersAnswer()), false);
  // kept: asked again, the same (empty) answer, while the route below is written
  const made = await routing('/api/routes/create', {
    route: {
      name: routeName(),
      data: { startTime: '09:00', rows: [{ city: 'Kept', zipCode: zip, dayOfTheWeek: 'wed', price: 1 }] },
    },
  });
  assert.equal(made.status, 200, JSON.stringify(made.json));
  routeId = made.json.data.route.id;
  const t0 = Date.now();
  await waitFor(async () => (ours(await ordersAnswer()) ? true : undefined), 10_000);
  const took = Date.now() - t0;
  assert.ok(took < KEPT_MS / 2, `the change reached orders in ${took} ms (kept answers last ${KEPT_MS} ms)`);

  // once the change's grace is over the answer is kept again; the deletion drops it
  await new Promise((r) => setTimeout(r, 2_500));
  assert.equal(ours(await ordersAnswer()), true);
  assert.equal((await routing('/api/routes/delete', { route: { id: routeId } })).status, 200);
  routeId = '';
  await waitFor(async () => (ours(await ordersAnswer()) ? undefined : true), 10_000);
});

test("the instance's own durable, deleted by NATS ten minutes after nobody pulls from it", async () => {
  const mine: { name: string; config: { inactive_threshold?: number } }[] = [];
  for await (const c of app.jsm.consumers.list(STREAMS.routing))
    if (c.name.startsWith('orders-route-days-') && c.name.endsWith(`-${app.env.CONSUMER_SUFFIX}`))
      mine.push(c);
  assert.equal(mine.length, 1, mine.map((c) => c.name).join());
  assert.equal(mine[0]!.config.inactive_threshold, 10 * 60 * 1e9);
});
