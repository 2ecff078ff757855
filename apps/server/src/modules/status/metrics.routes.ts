import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { errorResponses, publicAccess } from '../../lib/route-schemas.js';
import { type PrometheusMetrics, UNMATCHED_ROUTE } from './prometheus.js';
import type { StatusMonitor } from './status-monitor.js';

const tags = ['operations'];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Observes every answer of `app` and the plugins registered after this call for Prometheus
 * (install it on the root before any route).
 */
export function installRequestMetrics(app: FastifyInstance, prometheus: PrometheusMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    prometheus.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** `GET /metrics` in the Prometheus text format; `Authorization: Bearer <PLINTH_METRICS_TOKEN>` when that is set. */
export const metricsRoutes: FastifyPluginAsyncTypebox<{ monitor: StatusMonitor; config: Config }> = async (
  app,
  { monitor, config },
) => {
  const token = config.metricsToken;
  app.get('/metrics', {
    schema: {
      operationId: 'getMetrics',
      summary: 'Get Prometheus metrics',
      security: publicAccess,
      tags,
      description:
        'Prometheus metrics: requests and latency by route pattern, job queue depth, database pool, process defaults. Needs `Authorization: Bearer <PLINTH_METRICS_TOKEN>` when that variable is set.',
      response: {
        200: Type.Unsafe<string>({
          description: 'The metrics, in the Prometheus text format',
          content: { [monitor.prometheus.contentType]: { schema: { type: 'string' } } },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      if (token !== null) {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        if (!match?.[1] || !sameSecret(match[1], token)) {
          throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required', undefined, {
            'WWW-Authenticate': 'Bearer realm="metrics"',
          });
        }
      }
      reply.header('Content-Type', monitor.prometheus.contentType);
      reply.header('Cache-Control', 'no-store');
      return monitor.prometheus.text();
    },
  });
};
