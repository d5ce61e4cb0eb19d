import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';

/** OpenAPI document of the service at GET /openapi.json (register before the routes). */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `portal ${app.serviceName}`, version: '0.1.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
    });
    app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
