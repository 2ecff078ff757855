import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { aiContentRoutes } from './modules/ai/ai-content.routes.js';
import { aiGenerateRoutes } from './modules/ai/ai-generate.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { avatarRoutes } from './modules/auth/avatar.routes.js';
import { oauthRoutes } from './modules/auth/oauth/oauth.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { blogRoutes } from './modules/blog/blog.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { projectSearchRoutes } from './modules/documents/project-search.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { graphqlExplorerRoutes } from './modules/graphql/explorer.routes.js';
import { graphqlRoutes } from './modules/graphql/graphql.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { mediaFileRoutes } from './modules/media/media-files.routes.js';
import { overviewRoutes } from './modules/overview/overview.routes.js';
import { personalizationRoutes } from './modules/personalization/personalization.routes.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { previewRoutes } from './modules/preview/preview.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { startersRoutes } from './modules/starters/starters.routes.js';
import { installRequestMetrics, metricsRoutes } from './modules/status/metrics.routes.js';
import { installRequestStats, statusRoutes } from './modules/status/status.routes.js';
import { tokensRoutes } from './modules/tokens/tokens.routes.js';
import { exportsRoutes } from './modules/transfer/exports.routes.js';
import { importsRoutes } from './modules/transfer/imports.routes.js';
import { modelPromotionRoutes } from './modules/transfer/model.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { installMetering } from './modules/usage/metering.hooks.js';
import { usageRoutes } from './modules/usage/usage.routes.js';
import { versionsRoutes } from './modules/versions/versions.routes.js';
import { webRoutes } from './modules/web/web.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { workflowRoutes } from './modules/workflow/workflow.routes.js';
import { installAuth } from './plugins/auth.js';
import { installBodyParsing } from './plugins/bodies.js';
import { answerFrameworkError, installErrorHandling } from './plugins/errors.js';
import { installIdempotency } from './plugins/idempotency.js';
import { registerOpenApi } from './plugins/openapi.js';
import { installSecurityHeaders } from './plugins/security-headers.js';
import { installValidation } from './plugins/validation.js';
import type { Services } from './services.js';

export interface BuildAppOptions {
  /** What the routes serve (createServices); the app neither starts nor closes it. */
  services: Services;
  /** The logger of HTTP requests; the services' own by default, false for none. */
  logger?: FastifyBaseLogger | false;
  /** The web app's build to serve (apps/web/dist); absent or null serves the API alone. */
  webDistDir?: string | null;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Query parameters that carry a credential (a preview link, an event stream ticket): never logged. */
const SECRET_PARAMS = /([?&](?:plinth_preview|ticket)=)[^&#]*/g;

/** The request logger, with credentials in URLs replaced by `[redacted]`. */
function withRedactedUrls(logger: FastifyBaseLogger | Services['log']): FastifyBaseLogger {
  return logger.child(
    {},
    {
      serializers: {
        req: (request: {
          method: string;
          url: string;
          host?: string;
          ip?: string;
          socket?: { remotePort?: number };
        }) => ({
          method: request.method,
          url: request.url.replace(SECRET_PARAMS, '$1[redacted]'),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
  ) as FastifyBaseLogger;
}

/**
 * Builds the HTTP server over the services: plugins, then routes, in the order they apply.
 * It does not listen, and owns nothing it must close: the caller starts the services'
 * background work and closes them.
 * @example const app = await buildApp({ services }); await app.listen({ port: 3000 });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const { config } = services;
  const app = Fastify({
    ...(options.logger === false
      ? { logger: false }
      : { loggerInstance: withRedactedUrls(options.logger ?? services.log) }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ajv: { customOptions: { removeAdditional: false } },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidation(app);
  installErrorHandling(app);
  installBodyParsing(app);
  installSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  // JSON and HTML answers go out compressed when the client accepts it. Registered before any
  // route, as it attaches to routes when they are declared. Brotli at quality 4 costs about what
  // gzip does (its default, 11, spends milliseconds per answer). Request bodies are never
  // inflated: a small compressed body could otherwise expand past the body limit.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
    globalDecompression: false,
  });
  // Installed before any route, so Prometheus sees every answer.
  installRequestMetrics(app, services.monitor.prometheus);
  installIdempotency(app, { repository: services.idempotency, clock: services.clock, jwtKey: services.jwtKey });
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  // API-token requests come from any site; no cookies are used, so any origin is safe. A fixed
  // "*" says just that, and costs less per answer than echoing each Origin back.
  await app.register(cors, {
    origin: '*',
    // An OPTIONS without Origin is tus discovery (resumable uploads), not a broken preflight.
    strictPreflight: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
      'If-None-Match',
      'Last-Event-ID',
      'X-Request-Id',
      'Tus-Resumable',
      'Upload-Length',
      'Upload-Metadata',
      'Upload-Offset',
    ],
    exposedHeaders: [
      'ETag',
      'Retry-After',
      'X-Request-Id',
      'Idempotent-Replayed',
      'X-Quota-Limit',
      'X-Quota-Remaining',
      'X-Quota-Reset',
      'Location',
      'Tus-Resumable',
      'Tus-Version',
      'Tus-Extension',
      'Tus-Max-Size',
      'Upload-Offset',
      'Upload-Length',
      'Upload-Expires',
      'X-Plinth-Asset-Id',
    ],
    maxAge: 86400,
  });
  // After CORS, so that a 401 carries its headers; before any route, so that routes needing a
  // credential check it before anything else.
  installAuth(app, services);

  await app.register(healthRoutes, services);
  await app.register(mediaFileRoutes, services);
  await app.register(metricsRoutes, services);
  await app.register(graphqlExplorerRoutes);
  await app.register(
    async (api) => {
      installMetering(api, services);
      installRequestStats(api, services.monitor);
      await api.register(authRoutes, services);
      await api.register(avatarRoutes, services);
      await api.register(oauthRoutes, services);
      await api.register(plansRoutes);
      await api.register(usageRoutes, services);
      await api.register(billingRoutes, services);
      await api.register(projectsRoutes, services);
      await api.register(overviewRoutes, services);
      await api.register(tokensRoutes, services);
      await api.register(siteRoutes, services);
      await api.register(statusRoutes, services);
      await api.register(adminRoutes, services);
      await api.register(collectionsRoutes, services);
      await api.register(modelPromotionRoutes, services);
      await api.register(exportsRoutes, services);
      await api.register(importsRoutes, services);
      await api.register(startersRoutes, services);
      await api.register(documentsRoutes, services);
      await api.register(personalizationRoutes, services);
      await api.register(projectSearchRoutes, services);
      await api.register(mediaRoutes, services);
      await api.register(uploadsRoutes, services);
      await api.register(versionsRoutes, services);
      await api.register(workflowRoutes, services);
      await api.register(graphqlRoutes, services);
      await api.register(blogRoutes, services);
      await api.register(auditRoutes, services);
      await api.register(webhooksRoutes, services);
      await api.register(eventsRoutes, services);
      await api.register(previewRoutes, services);
      await api.register(aiGenerateRoutes, services);
      await api.register(aiContentRoutes, services);
    },
    { prefix: '/api/v1' },
  );
  // The web app: its assets, and index.html for every other GET outside the API.
  if (options.webDistDir) await app.register(webRoutes, { distDir: options.webDistDir, publicUrl: config.publicUrl });
  return app;
}
