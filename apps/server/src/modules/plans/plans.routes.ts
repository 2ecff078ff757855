import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListOf, Plan } from '@plinth/contract';
import { errorResponses, publicAccess } from '../../lib/route-schemas.js';
import { PLANS } from './plans.js';

const tags = ['usage'];

/** `GET /plans`: the plans of the pricing page, public. */
export const plansRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/plans', {
    schema: {
      operationId: 'listPlans',
      summary: 'List the plans',
      security: publicAccess,
      tags,
      description: 'The plans of the pricing page (public).',
      response: { 200: ListOf(Plan), ...errorResponses },
    },
    handler: async () => ({ data: [...PLANS], meta: { total: PLANS.length, page: 1, limit: PLANS.length } }),
  });
};
