import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/database.js';
import { registerEmailJob } from './jobs/email.job.js';
import { type JobHandler, JobQueue, Worker, type WorkerOptions } from './jobs/queue.js';
import { type Clock, systemClock } from './lib/clock.js';
import { randomSecret } from './lib/crypto.js';
import { DeliveryCache } from './lib/delivery-cache.js';
import { connectInvalidationBus } from './lib/invalidation-bus.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { connectRedisWindowStore, MemoryWindowStore } from './lib/rate-limiter.js';
import { type DnsLookup, SafeHttpClient } from './lib/safe-http.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { Authenticator } from './modules/auth/authenticator.js';
import { oauthRoutes } from './modules/auth/oauth/oauth.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { blogRoutes } from './modules/blog/blog.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { ModelCache } from './modules/collections/model-cache.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { DocumentsService } from './modules/documents/documents.service.js';
import { graphqlExplorerRoutes } from './modules/graphql/explorer.routes.js';
import { graphqlRoutes } from './modules/graphql/graphql.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { type MediaOptions, MediaService } from './modules/media/media.service.js';
import { mediaFileRoutes } from './modules/media/media-files.routes.js';
import { registerMediaPurgeJob } from './modules/media/media-purge.job.js';
import type { ModuleDeps } from './modules/module-deps.js';
import { ProjectAccess } from './modules/projects/project-access.js';
import { ProjectsRepository } from './modules/projects/projects.repository.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { metricsRoutes } from './modules/status/metrics.routes.js';
import { installRequestStats, statusRoutes } from './modules/status/status.routes.js';
import { StatusMonitor } from './modules/status/status-monitor.js';
import { tokensRoutes } from './modules/tokens/tokens.routes.js';
import { AnalyticsRecorder } from './modules/usage/analytics-recorder.js';
import { BurstLimiter } from './modules/usage/burst-limiter.js';
import { installMetering } from './modules/usage/metering.js';
import { usageRoutes } from './modules/usage/usage.routes.js';
import { UsageMeter } from './modules/usage/usage-meter.js';
import { versionsRoutes } from './modules/versions/versions.routes.js';
import { webRoutes } from './modules/web/web.routes.js';
import { registerWebhookJob } from './modules/webhooks/webhook-delivery.job.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { workflowRoutes } from './modules/workflow/workflow.routes.js';
import { answerFrameworkError, installErrorHandling } from './plugins/errors.js';
import { installIdempotency } from './plugins/idempotency.js';
import { registerOpenApi } from './plugins/openapi.js';
import { installSecurityHeaders } from './plugins/security-headers.js';
import { installValidation } from './plugins/validation.js';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Replaces the mailer built from the config. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the status sampler's health check (tests simulate failures). */
  statusProbe?: () => Promise<void>;
  /** Take health samples on a timer (the default); tests take them by hand. */
  statusSampling?: boolean;
  /** The web app's build to serve (apps/web/dist); absent or null serves the API alone. */
  webDistDir?: string | null;
  /** Run background jobs in this process (the default); false for API-only processes. */
  worker?: boolean | WorkerOptions;
  /** Tunes the media library (tests hold its transform pool, lower its bounds). */
  media?: MediaOptions;
  /** Replaces DNS for outbound requests (tests resolve made-up names). */
  dnsLookup?: DnsLookup;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' context, for the CLI and tests (seeding, clocks). */
    plinth: AppContext;
    /** Health samples, request figures and Prometheus metrics of this process. */
    statusMonitor: StatusMonitor;
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The HMAC key of access tokens: from the config, else generated once and kept in the database. */
async function loadJwtKey(database: DatabaseHandle, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await database.db
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: randomSecret(48) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await database.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

/**
 * Builds the whole server (API, docs, operations) without listening. The database must be
 * migrated already.
 * @example const app = await buildApp({ config, database }); await app.listen({ port: 3000 });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
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

  const clock = options.clock ?? systemClock;
  const rateLimits = config.redisUrl
    ? await connectRedisWindowStore({ url: config.redisUrl, log: app.log })
    : new MemoryWindowStore();
  app.addHook('onClose', async () => rateLimits.close());
  const jobHandlers = new Map<string, JobHandler>();
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, log: app.log }),
    log: app.log,
    jwtKey: await loadJwtKey(database, config.jwtSecret),
    jobs: new JobQueue(database.db, database.dialect, clock, jobHandlers),
    jobHandlers,
    delivery: new DeliveryCache(),
    rateLimits,
  };
  registerEmailJob(ctx);
  // The one outbound HTTP client: webhook URLs are checked and called through it.
  const outbound = new SafeHttpClient({
    allowedHosts: config.webhookAllowedHosts,
    ...(options.dnsLookup ? { lookup: options.dnsLookup } : {}),
  });
  registerWebhookJob(ctx, { client: outbound });
  if (config.redisUrl) {
    const bus = await connectInvalidationBus({ url: config.redisUrl, delivery: ctx.delivery, log: app.log });
    app.addHook('onClose', async () => bus.close());
  }
  const auth = new Authenticator(ctx);
  const deps: ModuleDeps = { ctx, auth, access: new ProjectAccess(auth, new ProjectsRepository(ctx.db), ctx.delivery) };

  app.decorate('plinth', ctx);
  // Installed before any route, so Prometheus sees every answer.
  const monitor = new StatusMonitor({
    ctx,
    poolStats: database.poolStats,
    ...(options.statusProbe ? { probe: options.statusProbe } : {}),
  });
  app.decorate('statusMonitor', monitor);
  monitor.prometheus.install(app);
  installIdempotency(app, deps);
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  // API-token requests come from any site; no cookies are used, so any origin is safe. A fixed
  // "*" says just that, and costs less per answer than echoing each Origin back.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Request-Id'],
    exposedHeaders: [
      'ETag',
      'Retry-After',
      'X-Request-Id',
      'Idempotent-Replayed',
      'X-Quota-Limit',
      'X-Quota-Remaining',
      'X-Quota-Reset',
    ],
    maxAge: 86400,
  });

  await app.register(healthRoutes, deps);
  const media = new MediaService(ctx, options.media);
  registerMediaPurgeJob(ctx, media);
  app.addHook('onReady', async () => media.removeStaleUploads());
  app.addHook('onClose', async () => media.close());
  await app.register(mediaFileRoutes, { media });
  await app.register(metricsRoutes, { ...deps, monitor });
  await app.register(graphqlExplorerRoutes);
  const meter = new UsageMeter(ctx.db, clock, app.log);
  const analytics = new AnalyticsRecorder(ctx.db, clock, app.log);
  const models = new ModelCache(ctx.db, ctx.delivery);
  await app.register(
    async (api) => {
      installMetering(api, { ...deps, meter, burst: new BurstLimiter(), analytics, models });
      installRequestStats(api, monitor);
      await api.register(authRoutes, deps);
      await api.register(oauthRoutes, deps);
      await api.register(usageRoutes, { ...deps, analytics, meter });
      await api.register(billingRoutes, deps);
      await api.register(projectsRoutes, deps);
      await api.register(tokensRoutes, deps);
      await api.register(siteRoutes, deps);
      await api.register(statusRoutes, { ...deps, monitor });
      await api.register(adminRoutes, deps);
      const content = { ...deps, models, documents: new DocumentsService(ctx, models) };
      await api.register(collectionsRoutes, content);
      await api.register(documentsRoutes, content);
      await api.register(mediaRoutes, { ...deps, media });
      await api.register(versionsRoutes, content);
      await api.register(workflowRoutes, content);
      await api.register(graphqlRoutes, { ...content, media });
      await api.register(blogRoutes, content);
      await api.register(auditRoutes, deps);
      await api.register(webhooksRoutes, { ...deps, outbound });
    },
    { prefix: '/api/v1' },
  );
  // The web app: its assets, and index.html for every other GET outside the API.
  if (options.webDistDir) await app.register(webRoutes, { distDir: options.webDistDir, publicUrl: config.publicUrl });

  if (options.worker !== false) {
    // Modules registered their job handlers above; the worker starts once the app is ready.
    const worker = new Worker(ctx.jobs, ctx.jobHandlers, app.log, {
      retentionMs: config.jobRetentionDays * 86_400_000,
      ...(options.worker === true ? {} : options.worker),
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  meter.start();
  analytics.start();
  if (options.statusSampling !== false) monitor.start();
  app.addHook('onClose', async () => monitor.stop());
  app.addHook('onClose', async () => {
    await meter.stop();
    await analytics.stop();
  });
  app.addHook('onClose', async () => ctx.mailer.close());
  return app;
}
