import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { publicAccess } from '../../lib/route-schemas.js';

const tags = ['operations'];
const Health = Type.Object({ status: Type.String() });

/** `/healthz` (the process answers) and `/readyz` (and its database does). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ databasePing: () => Promise<void> }> = async (
  app,
  { databasePing },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Check that the process is up',
        security: publicAccess,
        tags,
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Check that the database is reachable',
        security: publicAccess,
        tags,
        response: { 200: Health, 503: Health },
      },
    },
    async (request, reply) => {
      try {
        await databasePing();
        return { status: 'ready' };
      } catch (error) {
        request.log.error({ err: error }, 'Database is not reachable');
        return reply.status(503).send({ status: 'database unreachable' });
      }
    },
  );
};
