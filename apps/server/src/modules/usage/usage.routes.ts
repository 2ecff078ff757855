import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Analytics, AnalyticsQuery, DataOf, ListOf, Plan, ProjectParams } from '@plinth/contract';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { ModuleDeps } from '../module-deps.js';
import { AnalyticsService } from './analytics.service.js';
import type { AnalyticsRecorder } from './analytics-recorder.js';
import { PLANS } from './plans.js';

const tags = ['usage'];

export const usageRoutes: FastifyPluginAsyncTypebox<ModuleDeps & { analytics: AnalyticsRecorder }> = async (
  app,
  { ctx, access, analytics },
) => {
  const analyticsService = new AnalyticsService(ctx, analytics);

  app.get('/plans', {
    schema: {
      tags,
      description: 'The plans of the pricing page (public).',
      response: { 200: ListOf(Plan), ...errorResponses },
    },
    handler: async () => ({ data: [...PLANS], meta: { total: PLANS.length, page: 1, limit: PLANS.length } }),
  });

  app.get('/projects/:projectId/analytics', {
    schema: {
      tags,
      security: bearer,
      description: 'API-token traffic of the project: requests, errors, bytes and p50/p95 latency per hour or day.',
      params: ProjectParams,
      querystring: AnalyticsQuery,
      response: { 200: DataOf(Analytics), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'members.read');
      return { data: await analyticsService.read(grant.project.id, request.query) };
    },
  });
};
