import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document at /api/docs/, generated from the same zod schemas that validate requests, so it
 * cannot drift from the code. JSON only: a bundled docs UI would need inline scripts our CSP forbids.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Paylane API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs/', { config: { access: { public: true } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
