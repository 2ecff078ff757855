import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { ModuleDeps } from '../module-deps.js';

const tags = ['operations'];
const Health = Type.Object({ status: Type.String() });

export const healthRoutes: FastifyPluginAsyncTypebox<ModuleDeps> = async (app, { ctx }) => {
  app.get('/healthz', { schema: { tags, response: { 200: Health } } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { tags, response: { 200: Health, 503: Health } } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'Database is not reachable');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
};
