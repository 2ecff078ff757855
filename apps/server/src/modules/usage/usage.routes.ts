import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Analytics, AnalyticsQuery, DataOf, ProjectParams, Usage } from '@plinth/contract';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { AnalyticsService } from './analytics.service.js';
import { ANALYTICS_RETENTION_DAYS } from './analytics-recorder.js';
import type { UsageService } from './usage.service.js';

const tags = ['usage'];

export const usageRoutes: FastifyPluginAsyncTypebox<{ usage: UsageService; analytics: AnalyticsService }> = async (
  app,
  { usage, analytics },
) => {
  app.get('/projects/:projectId/usage', {
    schema: {
      operationId: 'getUsage',
      summary: "Get this month's usage",
      tags,
      security: bearer,
      description: "This month's API requests and the media storage used, against the plan's limits.",
      params: ProjectParams,
      response: { 200: DataOf(Usage), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'project.read');
      return { data: await usage.usage(grant.project) };
    },
  });

  app.get('/projects/:projectId/analytics', {
    schema: {
      operationId: 'getAnalytics',
      summary: 'Get API traffic analytics',
      tags,
      security: bearer,
      description:
        'API-token traffic of the project: requests, errors, bytes and p50/p95 latency per hour or day, per ' +
        'collection (`(other)`: requests that named no existing collection) and per status code. Hourly rollups ' +
        `are kept for ${ANALYTICS_RETENTION_DAYS} days; no raw request is stored.`,
      params: ProjectParams,
      querystring: AnalyticsQuery,
      response: { 200: DataOf(Analytics), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'members.read');
      return { data: await analytics.read(grant.project.id, request.query) };
    },
  });
};
