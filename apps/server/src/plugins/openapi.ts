import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * OpenAPI 3.1 generated from the route schemas (the same ones that validate requests), served
 * at /api/v1/openapi.json, with a browsable reference at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Plinth API',
        version: '1.0.0',
        description:
          'The Plinth headless CMS API. Authenticate with `Authorization: Bearer <token>`: a user access token from /auth/login or a project API token.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
