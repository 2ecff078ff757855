import path from 'node:path';
import type { Config } from './config.js';
import { type DatabaseHandle, parseJson } from './db/database.js';
import { transactor } from './db/repository.js';
import { EMAIL_JOB, emailJob } from './jobs/email.job.js';
import { type JobHandler, JobQueue, Worker, type WorkerOptions } from './jobs/queue.js';
import { allOf } from './lib/change-events.js';
import { type Clock, systemClock } from './lib/clock.js';
import { randomSecret } from './lib/crypto.js';
import { DeliveryCache } from './lib/delivery-cache.js';
import { connectInvalidationBus } from './lib/invalidation-bus.js';
import type { RootLogger } from './lib/logger.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { connectRedisWindowStore, MemoryWindowStore } from './lib/rate-limiter.js';
import { type DnsLookup, SafeHttpClient } from './lib/safe-http.js';
import { AdminService } from './modules/admin/admin.service.js';
import { AiCalls } from './modules/ai/ai-calls.js';
import { AiGenerateService } from './modules/ai/ai-generate.service.js';
import { AiSeoService } from './modules/ai/ai-seo.service.js';
import { type AiDocuments, AiTranslateService, DEFAULT_MAX_REQUEST_CHARS } from './modules/ai/ai-translate.service.js';
import { AiUsageRepository } from './modules/ai/ai-usage.repository.js';
import { AiVariantService } from './modules/ai/ai-variant.service.js';
import { createChatModel } from './modules/ai/chat-model.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { type ActorNames, AuditService } from './modules/audit/audit.service.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { AuthService } from './modules/auth/auth.service.js';
import { Authenticator } from './modules/auth/authenticator.js';
import { AvatarService } from './modules/auth/avatar.service.js';
import { OAuthRepository } from './modules/auth/oauth/oauth.repository.js';
import { OAuthService } from './modules/auth/oauth/oauth.service.js';
import { ProviderHttp } from './modules/auth/oauth/provider-http.js';
import { createSignInProviders } from './modules/auth/oauth/providers.js';
import { BillingRepository } from './modules/billing/billing.repository.js';
import { BillingService } from './modules/billing/billing.service.js';
import { ManualProvider } from './modules/billing/manual-provider.js';
import { PlanChanges } from './modules/billing/plan-change.js';
import { StripeProvider } from './modules/billing/stripe-provider.js';
import { BlogService } from './modules/blog/blog.service.js';
import { CollectionsRepository } from './modules/collections/collections.repository.js';
import { CollectionsService } from './modules/collections/collections.service.js';
import { ModelCache } from './modules/collections/model-cache.js';
import { ModelPromotion } from './modules/collections/model-promotion.js';
import { ContentIndexes } from './modules/documents/content-indexes.js';
import { DocumentChecks } from './modules/documents/document-checks.js';
import { DocumentImports } from './modules/documents/document-imports.js';
import { DocumentLifecycle } from './modules/documents/document-lifecycle.js';
import { DocumentReads } from './modules/documents/document-reads.js';
import { DocumentStore } from './modules/documents/document-store.js';
import { DocumentOverrides } from './modules/documents/document-variants.js';
import { DocumentWrites } from './modules/documents/document-writes.js';
import { DocumentsRepository } from './modules/documents/documents.repository.js';
import { ProjectSearch } from './modules/documents/project-search.js';
import { StoredDocuments } from './modules/documents/stored-documents.js';
import { DEFAULT_HUB_OPTIONS, EventHub, type EventHubOptions } from './modules/events/event-hub.js';
import { EventLog } from './modules/events/event-log.js';
import { EVENTS_CHANNEL, EventLogRepository } from './modules/events/event-log.repository.js';
import { connectRedisWakeups } from './modules/events/event-wakeups.js';
import { DEFAULT_EVENTS_OPTIONS, type EventsOptions, EventsService } from './modules/events/events.service.js';
import { PresenceRepository } from './modules/events/presence.repository.js';
import { DEFAULT_PRESENCE_OPTIONS, type PresenceOptions, PresenceService } from './modules/events/presence.service.js';
import { GraphqlService } from './modules/graphql/graphql.service.js';
import type { QueryLimits } from './modules/graphql/query-limits.js';
import { AvatarFiles } from './modules/media/avatar-files.js';
import { ImageWorkers, UPLOAD_POOL } from './modules/media/images.js';
import { MediaRepository } from './modules/media/media.repository.js';
import { MEDIA_PURGE_JOB, type MediaOptions, MediaService } from './modules/media/media.service.js';
import { MediaFiles } from './modules/media/media-files.js';
import { createStorage } from './modules/media/media-storage.js';
import { OverviewService } from './modules/overview/overview.service.js';
import { AudiencesService } from './modules/personalization/audiences.service.js';
import { PersonalizationRepository } from './modules/personalization/personalization.repository.js';
import { VariantsService } from './modules/personalization/variants.service.js';
import { PreviewService } from './modules/preview/preview.service.js';
import { InvitationsRepository } from './modules/projects/invitations.repository.js';
import { InvitationsService } from './modules/projects/invitations.service.js';
import { LiveProjects } from './modules/projects/live-projects.js';
import { ProjectAccess } from './modules/projects/project-access.js';
import { ProjectsRepository } from './modules/projects/projects.repository.js';
import { type ProjectDeletionHook, ProjectsService } from './modules/projects/projects.service.js';
import { InstanceSettings } from './modules/settings/instance-settings.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { MessagesRepository } from './modules/site/messages.repository.js';
import { SiteService } from './modules/site/site.service.js';
import { StartersService } from './modules/starters/starters.service.js';
import { StatusRepository } from './modules/status/status.repository.js';
import { StatusMonitor } from './modules/status/status-monitor.js';
import { TokensRepository } from './modules/tokens/tokens.repository.js';
import { TokensService } from './modules/tokens/tokens.service.js';
import { DEFAULT_ARCHIVE_LIMITS } from './modules/transfer/archive-reader.js';
import { EXPORT_JOB, ExportsService } from './modules/transfer/exports.service.js';
import { IMPORT_JOB, ImportsService } from './modules/transfer/imports.service.js';
import { ExportsRepository, ImportsRepository } from './modules/transfer/transfer.repository.js';
import { UploadsRepository } from './modules/uploads/uploads.repository.js';
import { UPLOAD_SWEEP_MS, UploadsService } from './modules/uploads/uploads.service.js';
import { AnalyticsRepository } from './modules/usage/analytics.repository.js';
import { AnalyticsService } from './modules/usage/analytics.service.js';
import { AnalyticsRecorder } from './modules/usage/analytics-recorder.js';
import { BurstLimiter } from './modules/usage/burst-limiter.js';
import { UsageRepository } from './modules/usage/usage.repository.js';
import { UsageService } from './modules/usage/usage.service.js';
import { UsageMeter } from './modules/usage/usage-meter.js';
import { VersionHistory } from './modules/versions/version-history.js';
import { VersionsRepository } from './modules/versions/versions.repository.js';
import { VersionsService } from './modules/versions/versions.service.js';
import { toWebhook } from './modules/webhooks/webhook.mapper.js';
import { createWebhookJobHandler, type WebhookJobOptions } from './modules/webhooks/webhook-delivery.job.js';
import { WEBHOOK_JOB, WebhookEvents } from './modules/webhooks/webhook-events.js';
import { WebhooksRepository } from './modules/webhooks/webhooks.repository.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { SCHEDULED_JOB, WorkflowService } from './modules/workflow/workflow.service.js';
import { IdempotencyRepository } from './plugins/idempotency.repository.js';

export interface ServicesOptions {
  config: Config;
  /** A migrated database. */
  database: DatabaseHandle;
  log: RootLogger;
  clock?: Clock;
  /** Replaces the mailer built from the config. */
  mailer?: Mailer;
  /** Tunes the media library (tests hold its transform pool, lower its bounds). */
  media?: MediaOptions;
  /** Replaces DNS for outbound requests (tests resolve made-up names). */
  dnsLookup?: DnsLookup;
  /** Tunes webhook deliveries (tests shorten timeouts and delays). */
  webhookJob?: WebhookJobOptions;
  /** Tighter or looser GraphQL limits (tests lower them). */
  graphqlLimits?: Partial<QueryLimits>;
  /** Replaces the status sampler's health check (tests simulate failures). */
  statusProbe?: () => Promise<void>;
  /** Tunes event streams and presence (tests shorten heartbeats, polls and buffers). */
  events?: Partial<EventStreamOptions>;
}

/** Everything about event streams and presence that operators or tests may tune. */
export interface EventStreamOptions extends EventHubOptions, EventsOptions, PresenceOptions {
  /** Unsent bytes a stream may hold before its client counts as too slow and is dropped. */
  bufferBytes: number;
  /** How often expired presence is removed (and announced as left). */
  presenceSweepMs: number;
  /** How often the event log drops what is past its retention. */
  purgeMs: number;
}

const DEFAULT_EVENT_STREAM_OPTIONS: EventStreamOptions = {
  ...DEFAULT_HUB_OPTIONS,
  ...DEFAULT_EVENTS_OPTIONS,
  ...DEFAULT_PRESENCE_OPTIONS,
  bufferBytes: 1024 * 1024,
  presenceSweepMs: 10_000,
  purgeMs: 10 * 60_000,
};

/** Every service of the server, built once: what the HTTP app, the worker, the CLI and the seeds use. */
export type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * The composition root: builds each repository once, hands every service its collaborators,
 * wires the interfaces modules declare for one another (change events, document history,
 * invitations, API tokens, stored content, media references, project deletion), and registers
 * every job handler. Nothing here knows HTTP: `buildApp` puts routes over what this returns,
 * and a worker process runs `worker()` alone.
 * @example const services = await createServices({ config, database, log }); … await services.close();
 */
export async function createServices(options: ServicesOptions) {
  const { config, database, log } = options;
  const { db, dialect } = database;
  const clock = options.clock ?? systemClock;
  const transaction = transactor(db);
  const delivery = new DeliveryCache();
  const closers: (() => Promise<void> | void)[] = [];

  const repositories = {
    settings: new SettingsRepository(db, dialect),
    users: new AuthRepository(db, dialect),
    oauth: new OAuthRepository(db, dialect),
    projects: new ProjectsRepository(db, dialect),
    invitations: new InvitationsRepository(db, dialect),
    tokens: new TokensRepository(db, dialect),
    audit: new AuditRepository(db, dialect),
    collections: new CollectionsRepository(db, dialect),
    documents: new DocumentsRepository(db, dialect),
    contentIndexes: new ContentIndexes(db, dialect, clock),
    versions: new VersionsRepository(db, dialect),
    media: new MediaRepository(db, dialect),
    webhooks: new WebhooksRepository(db, dialect),
    usage: new UsageRepository(db, dialect),
    analytics: new AnalyticsRepository(db, dialect),
    billing: new BillingRepository(db, dialect),
    messages: new MessagesRepository(db, dialect),
    status: new StatusRepository(db, dialect),
    idempotency: new IdempotencyRepository(db, dialect),
    eventLog: new EventLogRepository(db, dialect),
    presence: new PresenceRepository(db, dialect),
    personalization: new PersonalizationRepository(db, dialect),
    aiUsage: new AiUsageRepository(db, dialect),
  };

  // Infrastructure every module may need.
  const settings = new InstanceSettings(repositories.settings);
  const jwtKey = new TextEncoder().encode(
    config.jwtSecret ?? (await settings.getOrCreate('jwt_secret', () => randomSecret(48))),
  );
  const rateLimits = config.redisUrl
    ? await connectRedisWindowStore({ url: config.redisUrl, log })
    : new MemoryWindowStore();
  closers.push(() => rateLimits.close());
  if (config.redisUrl) {
    // Other instances learn of this one's invalidations (and the reverse).
    const bus = await connectInvalidationBus({ url: config.redisUrl, delivery, log });
    closers.push(() => bus.close());
  }
  const jobHandlers = new Map<string, JobHandler>();
  const jobs = new JobQueue(db, dialect, clock, jobHandlers);
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, log, clock });
  closers.push(() => mailer.close());
  // The one outbound HTTP client of webhooks: their URLs are checked and called through it.
  const outbound = new SafeHttpClient({
    allowedHosts: config.webhookAllowedHosts,
    ...(options.dnsLookup ? { lookup: options.dnsLookup } : {}),
  });
  const webhookEvents = new WebhookEvents({
    repository: repositories.webhooks,
    jobs,
    clock,
    handlers: jobHandlers,
  });
  // Event streams: the log every change is recorded in, and the hub that fans it out. Another
  // instance's commits arrive by PostgreSQL notifications, or through Redis on SQLite.
  const eventOptions: EventStreamOptions = {
    ...DEFAULT_EVENT_STREAM_OPTIONS,
    pollMs: config.eventsPollMs,
    ...options.events,
  };
  const eventHub = new EventHub({ repository: repositories.eventLog, log, options: eventOptions });
  const eventWakeups =
    config.redisUrl && dialect === 'sqlite'
      ? await connectRedisWakeups({ url: config.redisUrl, hub: eventHub, log })
      : null;
  if (eventWakeups) closers.push(() => eventWakeups.close());
  const eventLog = new EventLog({
    repository: repositories.eventLog,
    clock,
    committed: (projectId) => {
      eventHub.wake(projectId);
      eventWakeups?.publish(projectId);
    },
  });
  // Every change is announced to webhooks and to event streams, in its transaction.
  const changeEvents = allOf(webhookEvents, eventLog);
  // Who acted is named by the accounts and the API tokens, both built below (they record to the trail).
  const actorNames: ActorNames = {
    users: (ids): Promise<ReadonlyMap<string, string>> => accounts.userNames(ids),
    tokens: (ids): Promise<ReadonlyMap<string, string>> => tokens.names(ids),
  };
  const audit = new AuditService({ repository: repositories.audit, clock, names: actorNames });
  // Media storage holds the projects' files and people's pictures.
  const storage = options.media?.storage ?? createStorage(config.storage);
  closers.push(() => storage.close());
  // Sharp work of uploads (files and pictures), apart from public transforms'.
  const uploadImages = new ImageWorkers(UPLOAD_POOL);

  // Accounts, projects and access.
  const tokens = new TokensService({ repository: repositories.tokens, audit, transaction, clock, delivery });
  const authenticator = new Authenticator({ sessions: repositories.users, tokens, jwtKey, clock });
  const live = new LiveProjects({ repository: repositories.projects, delivery });
  const access = new ProjectAccess({ projects: repositories.projects, live });
  const invitations = new InvitationsService({
    repository: repositories.invitations,
    projects: repositories.projects,
    audit,
    jobs,
    transaction,
    clock,
    config,
  });
  const accounts = new AuthService({
    users: repositories.users,
    settings,
    invitations,
    jobs,
    rateLimits,
    transaction,
    clock,
    log,
    jwtKey,
    config,
  });
  const oauth = new OAuthService({
    repository: repositories.oauth,
    users: repositories.users,
    accounts,
    invitations,
    providers: createSignInProviders(config.oauth, {
      http: new ProviderHttp(new SafeHttpClient({ allowedHosts: config.oauth.allowedHosts }), log),
      log,
      clock,
    }),
    transaction,
    clock,
    config,
  });
  const avatarFiles = new AvatarFiles({ storage, images: uploadImages, config });
  const avatars = new AvatarService({
    users: repositories.users,
    images: avatarFiles,
    transaction,
    clock,
    log,
  });
  // Filled in below, once the media library exists: a deleted project's files are purged.
  const onProjectDelete: ProjectDeletionHook[] = [];
  const projects = new ProjectsService({
    repository: repositories.projects,
    live,
    accounts,
    invitations,
    audit,
    transaction,
    clock,
    delivery,
    onDelete: onProjectDelete,
  });

  // The content model and its documents.
  const models = new ModelCache({ repository: repositories.collections, delivery });
  const storedDocuments = new StoredDocuments({
    repository: repositories.documents,
    indexes: repositories.contentIndexes,
  });
  const collections = new CollectionsService({
    repository: repositories.collections,
    models,
    content: storedDocuments,
    events: changeEvents,
    audit,
    transaction,
    clock,
  });
  const modelPromotion = new ModelPromotion({
    repository: repositories.collections,
    models,
    content: storedDocuments,
    events: changeEvents,
    audit,
    transaction,
    clock,
  });
  const files = new MediaFiles({
    repository: repositories.media,
    storage,
    images: options.media?.transformWorkers ?? new ImageWorkers(),
    projects,
    transaction,
    clock,
    log,
    limits: options.media?.variantLimits,
  });
  const projectSearch = new ProjectSearch({ repository: repositories.documents, models });
  const media = new MediaService({
    repository: repositories.media,
    storage,
    files,
    uploadImages,
    projects,
    references: storedDocuments,
    usage: projectSearch,
    audit,
    events: changeEvents,
    jobs,
    transaction,
    clock,
    log,
    delivery,
    config,
  });
  onProjectDelete.push((trx, projectId) => media.queuePurge(trx, projectId));
  // Resumable uploads make their assets through the media library.
  const uploads = new UploadsService({
    repository: new UploadsRepository(db, dialect),
    media,
    clock,
    log,
    config,
  });
  const history = new VersionHistory(repositories.versions);
  const store = new DocumentStore({
    repository: repositories.documents,
    history,
    audit,
    events: changeEvents,
    transaction,
    delivery,
  });
  // Personalization: audiences, and documents' variants (checked, published and read through the documents module).
  const audiences = new AudiencesService({
    repository: repositories.personalization,
    audit,
    transaction,
    clock,
    delivery,
  });
  const variants = new VariantsService({
    repository: repositories.personalization,
    overrides: new DocumentOverrides({
      store,
      repository: repositories.documents,
      models,
      checks: new DocumentChecks({ repository: repositories.documents, models, media }),
    }),
    audit,
    clock,
  });
  const documentLifecycle = new DocumentLifecycle({
    store,
    history,
    repository: repositories.documents,
    models,
    jobs,
    clock,
    publishing: variants,
  });
  const documentReads = new DocumentReads({
    repository: repositories.documents,
    models,
    indexes: repositories.contentIndexes,
    media,
    variants,
  });
  const documentWrites = new DocumentWrites({
    store,
    history,
    checks: new DocumentChecks({ repository: repositories.documents, models, media }),
    lifecycle: documentLifecycle,
    audit,
    models,
    indexes: repositories.contentIndexes,
    clock,
  });
  const versions = new VersionsService({
    repository: repositories.versions,
    reads: documentReads,
    writes: documentWrites,
  });
  const workflow = new WorkflowService({ store, lifecycle: documentLifecycle, models, projects, jobs, clock, log });
  const graphql = new GraphqlService({
    models,
    documents: { reads: documentReads, writes: documentWrites, lifecycle: documentLifecycle, audiences },
    media,
    log,
    limits: options.graphqlLimits,
  });
  const blog = new BlogService({ reads: documentReads, access, settings });
  const webhooks = new WebhooksService({
    repository: repositories.webhooks,
    events: webhookEvents,
    models,
    audit,
    client: outbound,
    transaction,
    clock,
  });

  const events = new EventsService({
    repository: repositories.eventLog,
    hub: eventHub,
    access,
    authenticator,
    clock,
    log,
    options: eventOptions,
  });
  const presence = new PresenceService({
    repository: repositories.presence,
    log: eventLog,
    reads: documentReads,
    accounts,
    transaction,
    clock,
    logger: log,
    options: eventOptions,
  });

  const preview = new PreviewService({ reads: documentReads, jwtKey, clock });

  const starters = new StartersService({
    collections,
    documents: documentWrites,
    lifecycle: documentLifecycle,
    media,
    log,
  });

  const overview = new OverviewService({
    collections,
    documents: documentReads,
    media,
    projects,
    tokens,
    webhooks,
  });

  // Usage, billing, the site and operations.
  const meter = new UsageMeter({ repository: repositories.usage, clock, log });
  const recorder = new AnalyticsRecorder({ repository: repositories.analytics, clock, log });
  // The AI assistant: its calls count against the API quota, and its tokens show in usage.
  const aiCalls = new AiCalls({
    model: createChatModel(config.ai, log),
    repository: repositories.aiUsage,
    // The usage service is built just below, over these calls' token counts.
    quota: { admitCall: (project): Promise<void> => usage.admitCall(project) },
    clock,
    log,
  });
  const aiGenerate = new AiGenerateService({ calls: aiCalls, models });
  // Translation and SEO find a document by its id alone, then read and write it as any caller would.
  const aiDocuments: AiDocuments = {
    locator: {
      collectionIdOf: async (projectId, documentId) =>
        (await repositories.documents.findLiveCollections(projectId, [documentId]))[0]?.collection_id ?? null,
    },
    reads: documentReads,
    writes: documentWrites,
  };
  const aiTranslate = new AiTranslateService({
    calls: aiCalls,
    models,
    documents: aiDocuments,
    maxRequestChars: config.ai?.maxRequestChars ?? DEFAULT_MAX_REQUEST_CHARS,
  });
  const aiSeo = new AiSeoService({ calls: aiCalls, models, documents: aiDocuments, media });
  // Variant writing reads the audience and writes the variant through the personalization module.
  const aiVariant = new AiVariantService({
    calls: aiCalls,
    models,
    documents: aiDocuments,
    personalization: { audiences, variants },
  });
  const usage = new UsageService({ meter, media, aiTokens: aiCalls, clock });
  const analytics = new AnalyticsService({ repository: repositories.analytics, recorder, clock });
  const planChanges = new PlanChanges({ projects, audit, transaction, clock, delivery });
  const provider =
    config.billing.provider === 'stripe'
      ? new StripeProvider({
          repository: repositories.billing,
          planChanges,
          projects,
          transaction,
          clock,
          log,
          delivery,
          config,
          stripe: config.billing,
        })
      : new ManualProvider({ repository: repositories.billing, planChanges, clock });
  const billing = new BillingService({
    repository: repositories.billing,
    provider,
    projects,
    accounts,
    audit,
    jobs,
    transaction,
    clock,
    config,
  });
  const site = new SiteService({
    repository: repositories.messages,
    jobs,
    rateLimits,
    transaction,
    clock,
    log,
    config,
  });
  const admin = new AdminService({ accounts, projects, site, planChanges });
  const monitor = new StatusMonitor({
    repository: repositories.status,
    jobs,
    rateLimits,
    transaction,
    clock,
    log,
    dialect,
    linkKey: jwtKey,
    config,
    poolStats: database.poolStats,
    probe: options.statusProbe,
  });

  // Exports read each module's data through what that module provides.
  const exports = new ExportsService({
    repository: new ExportsRepository(db, dialect),
    models,
    sources: {
      project: (projectId) => live.get(projectId),
      documents: (collectionId) => repositories.documents.scan(collectionId),
      versions: (documentId, page) => repositories.versions.list(documentId, page),
      media: (projectId, page) => repositories.media.list(projectId, {}, page),
      mediaFile: (asset) => storage.read(asset.storage_key),
      audiences: async (projectId) =>
        (await repositories.personalization.listAudiences(projectId)).map(
          ({ id: _id, project_id: _project, ...audience }) => ({
            ...audience,
            rules: parseJson<unknown>(audience.rules),
          }),
        ),
      webhooks: async (projectId) =>
        (await repositories.webhooks.list(projectId, { limit: 1000, offset: 0 })).rows.map(toWebhook),
    },
    audit,
    jobs,
    clock,
    log,
    dir: path.join(config.dataDir, 'exports'),
  });

  // Imports write each module's data through what that module provides, in one transaction.
  const documentImports = new DocumentImports({ repository: repositories.documents });
  const imports = new ImportsService({
    repository: new ImportsRepository(db, dialect),
    models,
    promotion: modelPromotion,
    targets: {
      project: (projectId) => live.get(projectId),
      documents: (trx, ids) => documentImports.findAnyProject(trx, ids),
      writeDocument: (trx, document, previousVersion, model, project) =>
        documentImports.write(trx, document, previousVersion, model, project),
      scanDocuments: (trx, collectionId) => storedDocuments.scan(trx, collectionId),
      versionIds: (trx, ids) => repositories.versions.in(trx).existingIds(ids),
      insertVersion: (trx, row) => repositories.versions.in(trx).insert(row),
      assets: (trx, ids) => repositories.media.in(trx).findAnyProject(ids),
      insertAsset: (trx, row) => repositories.media.in(trx).insert(row),
      putMediaFile: (key, file, meta) => storage.putFile(key, file, meta),
      deleteMediaFile: (key) => storage.delete(key),
      setLocales: (trx, projectId, locales, now) =>
        repositories.projects.in(trx).update(projectId, { locales, updated_at: now }),
      audiences: (trx, projectId) => repositories.personalization.in(trx).listAudiences(projectId),
      insertAudience: (trx, row) => repositories.personalization.in(trx).insertAudience(row),
      updateAudience: (trx, id, changes) => repositories.personalization.in(trx).updateAudience(id, changes),
      deleteAudience: (trx, id) => repositories.personalization.in(trx).deleteAudience(id),
      webhooks: (trx, ids) => repositories.webhooks.in(trx).findAnyProject(ids),
      projectWebhooks: (trx, projectId) => repositories.webhooks.in(trx).all(projectId),
      insertWebhook: (trx, row) => repositories.webhooks.in(trx).insert(row),
      updateWebhook: async (trx, projectId, id, changes) => {
        await repositories.webhooks.in(trx).update(projectId, id, changes);
      },
      deleteWebhook: async (trx, projectId, id) => {
        await repositories.webhooks.in(trx).delete(projectId, id);
      },
      checkWebhookUrl: (url) => webhooks.checkUrl(url),
    },
    audit,
    jobs,
    transaction,
    clock,
    log,
    dir: path.join(config.dataDir, 'imports'),
    maxArchiveBytes: 2 * 1024 * 1024 * 1024,
    limits: DEFAULT_ARCHIVE_LIMITS,
  });

  // What the worker runs, by job kind.
  jobHandlers.set(EMAIL_JOB, emailJob(mailer));
  jobHandlers.set(
    WEBHOOK_JOB,
    createWebhookJobHandler(
      { repository: repositories.webhooks, projects, jobs, client: outbound, transaction, clock, log, config },
      options.webhookJob,
    ),
  );
  jobHandlers.set(SCHEDULED_JOB, workflow.scheduledJob());
  jobHandlers.set(MEDIA_PURGE_JOB, media.purgeJob());
  jobHandlers.set(EXPORT_JOB, exports.job());
  jobHandlers.set(IMPORT_JOB, imports.job());

  // The instance admin named by PLINTH_ADMIN_EMAIL exists before anyone signs in.
  if (config.adminEmail && config.adminPassword) await accounts.ensureAdmin(config.adminEmail, config.adminPassword);

  let background = false;
  return {
    config,
    log,
    clock,
    delivery,
    jobs,
    jwtKey,
    settings,
    authenticator,
    access,
    accounts,
    avatars,
    avatarFiles,
    oauth,
    projects,
    invitations,
    tokens,
    audit,
    models,
    collections,
    modelPromotion,
    exports,
    imports,
    documentReads,
    documentWrites,
    documentLifecycle,
    audiences,
    variants,
    versions,
    workflow,
    media,
    uploads,
    webhooks,
    overview,
    starters,
    projectSearch,
    graphql,
    blog,
    usage,
    analytics,
    meter,
    recorder,
    burst: new BurstLimiter(),
    billing,
    site,
    admin,
    monitor,
    idempotency: repositories.idempotency,
    events,
    eventHub,
    presence,
    preview,
    aiCalls,
    aiGenerate,
    aiTranslate,
    aiSeo,
    aiVariant,
    eventStreams: { bufferBytes: eventOptions.bufferBytes },
    databasePing: () => repositories.status.ping(),

    /** The job worker over every registered handler; the caller starts and stops it. */
    worker(workerOptions: WorkerOptions = {}): Worker {
      return new Worker(jobs, jobHandlers, log, {
        retentionMs: config.jobRetentionDays * 86_400_000,
        ...workerOptions,
      });
    },

    /**
     * Starts what a process serving HTTP does in the background: usage and analytics flushes,
     * health samples (unless `healthSamples` is false), and the removal of uploads a stopped
     * process left behind.
     */
    async startBackgroundWork(work: { healthSamples: boolean } = { healthSamples: true }): Promise<void> {
      background = true;
      meter.start();
      recorder.start();
      // Awaited, so that the first /status answer already has figures.
      if (work.healthSamples) await monitor.start();
      await media.removeStaleUploads();
      await uploads.removeExpired();
      eventHub.start();
      if (database.listen) {
        const listener = await database.listen({
          channel: EVENTS_CHANNEL,
          onNotify: (projectId) => eventHub.wake(projectId),
          onReconnect: () => eventHub.wakeAll(),
          onError: (error) => log.warn({ err: error }, 'The event notification connection failed; connecting again'),
        });
        closers.push(() => listener.close());
      }
      const sweeps = [
        setInterval(() => void presence.sweep(), eventOptions.presenceSweepMs),
        setInterval(
          () => events.purge().catch((error: unknown) => log.error({ err: error }, 'Could not purge the event log')),
          eventOptions.purgeMs,
        ),
        setInterval(() => void uploads.removeExpired(), UPLOAD_SWEEP_MS),
      ];
      for (const timer of sweeps) timer.unref();
      closers.push(() => {
        for (const timer of sweeps) clearInterval(timer);
        eventHub.close();
      });
    },

    /** Stops the background work, writes what it holds, and lets go of connections (not the database's). */
    async close(): Promise<void> {
      if (background) {
        await monitor.stop();
        await meter.stop();
        await recorder.stop();
      }
      for (const close of closers.reverse()) await close();
    },
  };
}
