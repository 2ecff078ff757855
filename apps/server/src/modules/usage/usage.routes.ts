import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Analytics, AnalyticsQuery, DataOf, ListOf, Plan, ProjectParams, Usage } from '@plinth/contract';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import { MediaRepository } from '../media/media.repository.js';
import type { ModuleDeps } from '../module-deps.js';
import { AnalyticsService } from './analytics.service.js';
import { ANALYTICS_RETENTION_DAYS, type AnalyticsRecorder } from './analytics-recorder.js';
import { monthBounds } from './periods.js';
import { PLANS, planLimits } from './plans.js';
import type { UsageMeter } from './usage-meter.js';

const tags = ['usage'];

export const usageRoutes: FastifyPluginAsyncTypebox<
  ModuleDeps & { analytics: AnalyticsRecorder; meter: UsageMeter }
> = async (app, { ctx, access, analytics, meter }) => {
  const analyticsService = new AnalyticsService(ctx, analytics);
  const media = new MediaRepository(ctx.db, ctx.dialect);

  app.get('/plans', {
    schema: {
      tags,
      description: 'The plans of the pricing page (public).',
      response: { 200: ListOf(Plan), ...errorResponses },
    },
    handler: async () => ({ data: [...PLANS], meta: { total: PLANS.length, page: 1, limit: PLANS.length } }),
  });

  app.get('/projects/:projectId/usage', {
    schema: {
      tags,
      security: bearer,
      description: "This month's API requests and the media storage used, against the plan's limits.",
      params: ProjectParams,
      response: { 200: DataOf(Usage), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'project.read');
      const now = ctx.clock();
      const { start, end } = monthBounds(now);
      const limits = planLimits(grant.project.plan);
      const [requests, bytes] = await Promise.all([
        meter.used(grant.project.id, now),
        media.usedBytes(ctx.db, grant.project.id),
      ]);
      return {
        data: {
          period_start: start.toISOString(),
          period_end: end.toISOString(),
          plan: grant.project.plan,
          api_requests: { used: requests, limit: limits?.api_requests ?? null },
          media_bytes: { used: bytes, limit: limits?.media_bytes ?? null },
        },
      };
    },
  });

  app.get('/projects/:projectId/analytics', {
    schema: {
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
      const grant = await access.authorize(request, request.params.projectId, 'members.read');
      return { data: await analyticsService.read(grant.project.id, request.query) };
    },
  });
};
