// The bare Fastify baseline: one JSON route, no logger, no plugins. Started in its own process by the bench, so
// it does not share an event loop with the load generator; prints its port on stdout.
// `POST /find` is the shape of routing's find without the portal: Fastify's own JSON body parsing and a body schema,
// answered with a kept JSON text of the size of the bench's find answers (two routes, 1.6 KB): what a request of
// that shape costs on bare Fastify (bench/profile.mjs floor.find).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const days = (n) => Array.from({ length: n }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
const row = (name, n) => ({
  routeId: '6b09ed4a4f51d1a384c610de',
  name,
  rowId: '6b09ed4a4f51d1a384c6111b',
  city: 'City 1',
  zipCode: '90007',
  startTime: '07:00',
  dayOfTheWeek: 'mon,thur',
  biWeekly: false,
  overnight: false,
  utility: false,
  dates: days(n),
  deliveryDates: days(n),
});
const answer = JSON.stringify({
  data: {
    zip: '90007',
    from: '2026-11-23',
    to: '2026-12-20',
    routes: [row('Bench 01', 8), row('Bench 10', 20)],
    dates: days(20),
  },
});
app.post(
  '/find',
  {
    schema: {
      body: {
        type: 'object',
        required: ['zip'],
        properties: { zip: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
      },
    },
  },
  async (_req, reply) => reply.type('application/json; charset=utf-8').send(answer),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
