import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { API_TOKEN_PREFIX } from '../auth/principal.js';
import type { ModelCache } from '../collections/model-cache.js';
import { planLimits } from '../plans/plans.js';
import type { ProjectAccess } from '../projects/project-access.js';
import type { AnalyticsRecorder } from './analytics-recorder.js';
import type { BurstLimiter } from './burst-limiter.js';
import { hourOf } from './periods.js';
import { quotaExceeded, quotaHeaders } from './quota.js';
import type { UsageMeter } from './usage-meter.js';

const metered = new WeakMap<FastifyRequest, string>();

/**
 * Meters every request made with an API token, before it is validated or routed: the burst
 * limit first (429 RATE_LIMITED), then the monthly quota (429 QUOTA_EXCEEDED); refused requests
 * are not counted, every other one is, whatever its status. The app's own calls (user sessions)
 * are never metered. Served requests are rolled up for analytics when the answer is sent.
 */
export function installMetering(
  app: FastifyInstance,
  deps: {
    access: ProjectAccess;
    meter: UsageMeter;
    burst: BurstLimiter;
    recorder: AnalyticsRecorder;
    models: ModelCache;
    clock: Clock;
  },
): void {
  const { access, meter, burst, recorder, models, clock } = deps;

  /**
   * The collection a request named, when the project has it; '' otherwise, so that made-up names
   * (answered 404) never become rollup rows of their own.
   */
  async function collectionOf(request: FastifyRequest, projectId: string): Promise<string> {
    const params = request.params as { collection?: unknown } | undefined;
    const slug = typeof params?.collection === 'string' ? params.collection : '';
    if (!slug) return '';
    try {
      return (await models.get(projectId)).collections.has(slug) ? slug : '';
    } catch (error) {
      request.log.error({ err: error, projectId }, 'Analytics: the collection of a request could not be resolved');
      return '';
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    // Only API tokens are metered; other credentials (sessions, refresh tokens) pass untouched here.
    if (!request.headers.authorization?.includes(API_TOKEN_PREFIX)) return;
    const principal = await request.credential();
    if (principal?.kind !== 'token') return;
    const project = await access.tokenProject(principal.projectId);
    if (!project) return;
    const limits = planLimits(project.plan);
    const now = clock();
    if (limits) {
      const wait = burst.take(principal.tokenId, limits.requests_per_second, now.getTime());
      if (wait > 0) {
        throw new AppError(
          'RATE_LIMITED',
          `This API token is limited to ${limits.requests_per_second} requests a second`,
          undefined,
          {
            'Retry-After': String(wait),
          },
        );
      }
    }
    const { used, admitted } = await meter.admit(project.id, limits?.api_requests ?? null);
    if (limits) {
      if (!admitted) throw quotaExceeded(limits.api_requests, used, now);
      reply.headers(quotaHeaders(limits.api_requests, used, now));
    }
    metered.set(request, project.id);
  });

  app.addHook('onResponse', async (request, reply) => {
    const projectId = metered.get(request);
    if (!projectId) return;
    // Read before the lookup below: the elapsed time keeps growing.
    const latencyMs = reply.elapsedTime;
    const hour = hourOf(clock());
    recorder.record({
      projectId,
      hour,
      collection: await collectionOf(request, projectId),
      statusCode: reply.statusCode,
      bytes: Number(reply.getHeader('content-length') ?? 0),
      latencyMs,
    });
  });
}
