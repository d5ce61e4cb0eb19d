// The bare Fastify baseline: one JSON route, no logger, no plugins. Started in its own process by the bench, so
// it does not share an event loop with the load generator; prints its port on stdout.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
