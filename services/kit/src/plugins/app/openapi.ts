import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { ProblemSchema } from '../../problem.js';

type RouteSchema = { response?: Record<string, unknown> } & Record<string, unknown>;
/**
 * The kit's auth answers 403 on any signed-in route (a user under review, a suspended user's write, a role the route
 * does not allow) whatever the route itself declares: the document says so, so clients and the shell's fakes know.
 */
function withAuthRefusal(schema: RouteSchema | undefined): RouteSchema | undefined {
  if (!schema?.response || schema.response['403']) return schema;
  return { ...schema, response: { ...schema.response, 403: ProblemSchema } };
}

/** OpenAPI document of the service at GET /openapi.json (register before the routes). */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `portal ${app.serviceName}`, version: '0.1.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      // A bearer token is the default; a `config.public` route says it needs none (`security: []`), so the
      // document tells clients and reviewers exactly which routes are open.
      transform: ({ schema, url, route }) => ({
        schema: (route.config as { public?: boolean } | undefined)?.public
          ? { ...schema, security: [] }
          : (withAuthRefusal(schema as RouteSchema) as typeof schema),
        url,
      }),
    });
    app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
