import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Column conventions shared by both databases: timestamps are ISO 8601 UTC text (they sort as
 * text), booleans are integers 0/1, and JSON is text on SQLite and jsonb on PostgreSQL (read it
 * through `parseJson`).
 */

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  avatar_url: string | null;
  company: string | null;
  is_admin: number;
  status: 'active' | 'pending' | 'invited';
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  id: string;
  user_id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  revoked_at: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OAuthStatesTable {
  state_hash: string;
  provider: 'github' | 'google' | 'oidc';
  code_verifier: string;
  redirect_uri: string;
  expires_at: string;
  created_at: string;
}

export interface OAuthIdentitiesTable {
  provider: 'github' | 'google' | 'oidc';
  subject: string;
  user_id: string;
  /** What the provider reported when the account was linked (null for links made before it was kept). */
  email: string | null;
  created_at: string;
}
export type OAuthIdentityRow = Selectable<OAuthIdentitiesTable>;

export interface ProjectsTable {
  id: string;
  name: string;
  slug: string;
  plan: 'starter' | 'pro' | 'enterprise';
  locales: unknown;
  default_locale: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
export type ProjectRow = Selectable<ProjectsTable>;

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'editor' | 'author' | 'viewer';
  created_at: string;
  updated_at: string;
}

/** An open invitation: its member (project_id, user_id) is "invited" until the token is presented. */
export interface InvitationsTable {
  id: string;
  project_id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  invited_by: string | null;
  created_at: string;
}
export type InvitationRow = Selectable<InvitationsTable>;

export interface ApiTokensTable {
  id: string;
  project_id: string;
  name: string;
  scopes: unknown;
  token_hash: string;
  token_prefix: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_by: string | null;
  created_at: string;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;

export interface MessagesTable {
  id: string;
  kind: 'contact' | 'support';
  name: string;
  email: string;
  company: string | null;
  subject: string | null;
  message: string;
  ip: string | null;
  created_at: string;
}
export type MessageRow = Selectable<MessagesTable>;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  body: string;
  created_at: string;
}
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

export interface CollectionsTable {
  id: string;
  project_id: string;
  slug: string;
  name: string;
  singular: string;
  description: string;
  kind: 'collection' | 'singleton';
  display_field: string | null;
  requires_approval: number;
  /** A URL template (`https://site.example/blog/{slug}`) where documents are previewed; null for none. */
  preview_url: string | null;
  fields: unknown;
  /** Bumped on every change of the collection's shape (its fields or a component its blocks hold). */
  model_revision: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
export type CollectionRow = Selectable<CollectionsTable>;

export interface ComponentsTable {
  id: string;
  project_id: string;
  name: string;
  label: string;
  description: string;
  fields: unknown;
  created_at: string;
  updated_at: string;
}
export type ComponentRow = Selectable<ComponentsTable>;

export interface DocumentsTable {
  id: string;
  project_id: string;
  collection_id: string;
  data: unknown;
  published_data: unknown | null;
  status: 'draft' | 'published' | 'changed';
  workflow_stage: 'in_review' | 'approved' | 'rejected' | null;
  version: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  publish_at: string | null;
  unpublish_at: string | null;
  created_by: string | null;
  updated_by: string | null;
  deleted_at: string | null;
  /** version, updated_at and updated_by as of the last publish (null while unpublished). */
  published_version: number | null;
  published_updated_at: string | null;
  published_updated_by: string | null;
  /** The locales the snapshot holds (JSON array); null while unpublished. */
  published_locales: unknown | null;
  /** The locales a scheduled publish and unpublish concern (JSON arrays); null: every locale. */
  publish_locales: unknown | null;
  unpublish_locales: unknown | null;
}
export type DocumentRow = Selectable<DocumentsTable>;

export interface DocumentSearchTable {
  document_id: string;
  collection_id: string;
  variant: 'draft' | 'published';
  locale: string;
  content: string;
}

export interface ContentIndexesTable {
  name: string;
  created_at: string;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: unknown;
  status: 'pending' | 'running' | 'done' | 'failed' | 'cancelled';
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
export type JobRow = Selectable<JobsTable>;

export interface DocumentVersionsTable {
  id: string;
  document_id: string;
  project_id: string;
  version: number;
  locale: string;
  status: string;
  data: unknown;
  changed_fields: unknown;
  /** The locales published from this version (JSON array); null when none were. */
  published_locales: Generated<unknown | null>;
  created_at: string;
  created_by: string | null;
  created_by_token: string | null;
}
export type DocumentVersionRow = Selectable<DocumentVersionsTable>;

export interface AuditLogTable {
  id: string;
  project_id: string;
  actor_type: 'user' | 'token' | 'system';
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  details: unknown;
  ip: string | null;
  created_at: string;
}
export type AuditLogRow = Selectable<AuditLogTable>;

export interface UsageCountersTable {
  project_id: string;
  period: string;
  api_requests: number;
  updated_at: string;
}

export interface AnalyticsHourlyTable {
  project_id: string;
  hour: string;
  collection: string;
  status_code: number;
  requests: number;
  bytes: number;
  latency_ms_sum: number;
  /*
   * Requests per latency bucket (bounds in lib/latency-histogram.ts), one column each so that
   * writers add to them in SQL.
   */
  latency_le_1: number;
  latency_le_2: number;
  latency_le_5: number;
  latency_le_10: number;
  latency_le_20: number;
  latency_le_50: number;
  latency_le_100: number;
  latency_le_200: number;
  latency_le_500: number;
  latency_le_1000: number;
  latency_le_2000: number;
  latency_le_5000: number;
  latency_le_10000: number;
  latency_le_inf: number;
}
export type AnalyticsHourlyRow = Selectable<AnalyticsHourlyTable>;

export interface WebhooksTable {
  id: string;
  project_id: string;
  url: string;
  /** JSON text: event names or `*`. */
  events: string;
  /** JSON text: collection slugs, or null for all. */
  collections: string | null;
  active: number;
  description: string;
  secret: string;
  /** The last sequence number given to a delivery of this webhook. */
  sequence: number;
  /** Deliveries in a row that used up their retries; reset by any success. */
  failed_deliveries: number;
  disabled_reason: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}
export type WebhookRow = Selectable<WebhooksTable>;

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  project_id: string;
  event: string;
  sequence: number;
  /** The exact JSON body sent (and signed) on every attempt. */
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** 1 for test pings and redeliveries: one attempt, and they never count towards disabling. */
  manual: number;
  attempt_count: number;
  response_status: number | null;
  duration_ms: number | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number | null;
  success: number;
  request_url: string;
  /** JSON text. */
  request_headers: string;
  response_status: number | null;
  /** JSON text. */
  response_headers: string | null;
  response_body: string | null;
  response_truncated: number;
  error: string | null;
}
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;

export interface MediaAssetsTable {
  id: string;
  project_id: string;
  filename: string;
  mime_type: string;
  kind: 'image' | 'video' | 'audio' | 'document';
  size: number;
  width: number | null;
  height: number | null;
  dominant_color: string | null;
  /** JSON locale map of alt texts. */
  alt: unknown;
  folder: string | null;
  focal_x: number | null;
  focal_y: number | null;
  sha256: string;
  storage_key: string;
  search_text: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  created_by_token: string | null;
  deleted_at: string | null;
}
export type MediaAssetRow = Selectable<MediaAssetsTable>;
export type NewMediaAssetRow = Insertable<MediaAssetsTable>;
export type MediaAssetUpdate = Updateable<MediaAssetsTable>;

/** A tus upload whose bytes arrive in a file under the data dir (0020). */
export interface ResumableUploadsTable {
  id: string;
  project_id: string;
  /** Who created it: `user:<id>` or `token:<id>`; nobody else may continue it. */
  owner: string;
  upload_length: number;
  upload_offset: number;
  filename: string;
  alt: string | null;
  folder: string | null;
  /** The media asset the last byte made; null while bytes are missing. */
  asset_id: string | null;
  created_at: string;
  expires_at: string;
}
export type ResumableUploadRow = Selectable<ResumableUploadsTable>;

export interface MediaVariantsTable {
  asset_id: string;
  variant: string;
  size: number;
  created_at: string;
}

export interface BillingAccountsTable {
  project_id: string;
  provider: 'manual' | 'stripe';
  customer_id: string | null;
  subscription_id: string | null;
  /** The period the provider last billed; null means the calendar month. */
  period_start: string | null;
  period_end: string | null;
  created_at: string;
  updated_at: string;
}
export type BillingAccountRow = Selectable<BillingAccountsTable>;

export interface BillingInvoicesTable {
  id: string;
  project_id: string;
  provider: 'manual' | 'stripe';
  /** The provider's own id (a Stripe invoice); null for manual invoices. */
  external_id: string | null;
  plan: 'starter' | 'pro' | 'enterprise';
  period_start: string;
  period_end: string;
  amount_cents: number;
  currency: string;
  status: 'paid' | 'open';
  description: string;
  created_at: string;
}
export type BillingInvoiceRow = Selectable<BillingInvoicesTable>;
export type NewBillingInvoiceRow = Insertable<BillingInvoicesTable>;

export interface BillingSalesRequestsTable {
  id: string;
  project_id: string;
  plan: 'starter' | 'pro' | 'enterprise';
  requested_by: string | null;
  email: string | null;
  created_at: string;
}

export interface BillingEventsTable {
  provider: 'manual' | 'stripe';
  event_id: string;
  type: string;
  project_id: string | null;
  received_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  oauth_states: OAuthStatesTable;
  oauth_identities: OAuthIdentitiesTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  invitations: InvitationsTable;
  api_tokens: ApiTokensTable;
  messages: MessagesTable;
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  collections: CollectionsTable;
  components: ComponentsTable;
  documents: DocumentsTable;
  document_search: DocumentSearchTable;
  /** SQLite only: the rows its full-text index `document_search` is built over (0015). */
  document_search_rows: DocumentSearchTable;
  content_indexes: ContentIndexesTable;
  jobs: JobsTable;
  document_versions: DocumentVersionsTable;
  audit_log: AuditLogTable;
  media_assets: MediaAssetsTable;
  media_variants: MediaVariantsTable;
  resumable_uploads: ResumableUploadsTable;
  usage_counters: UsageCountersTable;
  analytics_hourly: AnalyticsHourlyTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  billing_accounts: BillingAccountsTable;
  billing_invoices: BillingInvoicesTable;
  billing_sales_requests: BillingSalesRequestsTable;
  billing_events: BillingEventsTable;
  status_samples: StatusSamplesTable;
  status_incidents: StatusIncidentsTable;
  status_incident_updates: StatusIncidentUpdatesTable;
  status_subscribers: StatusSubscribersTable;
  project_events: ProjectEventsTable;
  event_tickets: EventTicketsTable;
  presence: PresenceTable;
  ai_usage: AiUsageTable;
  audiences: AudiencesTable;
  document_variants: DocumentVariantsTable;
  project_exports: ProjectExportsTable;
  project_imports: ProjectImportsTable;
  import_copies: ImportCopiesTable;
}

/** The log real-time streams replay from: one row per event, kept 24 hours. */
export interface ProjectEventsTable {
  /** Increasing in commit order within a project; the stream's event id. */
  id: Generated<number>;
  project_id: string;
  event: string;
  collection: string | null;
  /** The event's data (JSON text), hidden fields left out. */
  payload: string;
  /** What readers of published content only may see of the event (JSON text); null: nothing. */
  published_payload: string | null;
  created_at: string;
}
export type ProjectEventRow = Selectable<ProjectEventsTable>;

/** Single-use tickets that open an event stream from a browser (60 seconds). */
export interface EventTicketsTable {
  /** SHA-256 of the ticket. */
  id: string;
  project_id: string;
  /** Who the stream is for (JSON): `{ kind: 'user', userId, sessionId }` or `{ kind: 'token', tokenId }`. */
  principal: string;
  expires_at: string;
}

/** Who has a document open, renewed by heartbeats. */
export interface PresenceTable {
  project_id: string;
  document_id: string;
  user_id: string;
  /** One browser tab: the same person may have a document open twice. */
  client_id: string;
  collection: string;
  state: string;
  field: string | null;
  locale: string | null;
  started_at: string;
  expires_at: string;
}
export type PresenceRow = Selectable<PresenceTable>;

export interface StatusSamplesTable {
  id: string;
  taken_at: string;
  /** 1 when the database answered and the process was healthy, else 0. */
  ok: number;
  db_ms: number | null;
  cpu_percent: number | null;
  memory_percent: number | null;
  disk_percent: number | null;
}
export type StatusSampleRow = Selectable<StatusSamplesTable>;
export type NewStatusSampleRow = Insertable<StatusSamplesTable>;

export interface StatusIncidentsTable {
  id: string;
  title: string;
  message: string;
  status: 'investigating' | 'outage' | 'resolved';
  impact: 'minor' | 'major' | 'critical' | 'maintenance' | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
}
export type StatusIncidentRow = Selectable<StatusIncidentsTable>;
export type StatusIncidentUpdate = Updateable<StatusIncidentsTable>;

export interface StatusIncidentUpdatesTable {
  id: string;
  incident_id: string;
  status: 'investigating' | 'outage' | 'resolved';
  message: string;
  created_by: string | null;
  created_at: string;
}
export type StatusIncidentUpdateRow = Selectable<StatusIncidentUpdatesTable>;

export interface StatusSubscribersTable {
  id: string;
  email: string;
  created_at: string;
  confirmed_at: string | null;
}
export type StatusSubscriberRow = Selectable<StatusSubscribersTable>;

/** A project's audience: who its documents' variants are for (0018). */
export interface AudiencesTable {
  id: string;
  project_id: string;
  key: string;
  name: string;
  /** Lower is tried first. */
  priority: number;
  match: 'all' | 'any';
  /** JSON array of `{ attribute, op, value }`. */
  rules: unknown;
  created_at: string;
  updated_at: string;
}
export type AudienceRow = Selectable<AudiencesTable>;

/** A document's variant for one audience: partial field overrides of each copy (0018). */
export interface DocumentVariantsTable {
  id: string;
  project_id: string;
  document_id: string;
  audience_id: string;
  /** Overrides of the working copy (JSON, stored form: localized fields as locale maps). */
  data: unknown;
  /** Overrides of the published snapshot; null until published. */
  published_data: unknown | null;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}
export type DocumentVariantRow = Selectable<DocumentVariantsTable>;

/** The AI assistant's model tokens per project and month (`2026-11`), added to by each call. */
export interface AiUsageTable {
  project_id: string;
  period: string;
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  updated_at: string;
}

/** A project export (0021): a background job writing one gzipped tar under the data dir. */
export interface ProjectExportsTable {
  id: string;
  project_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  /** JSON: what the archive holds (documents, versions, media, audit). */
  include: string;
  size: number | null;
  error: string | null;
  /** The archive, relative to the data dir; null until done. */
  file: string | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}
export type ProjectExportRow = Selectable<ProjectExportsTable>;

/** A project import (0021): the uploaded archive (`file`, under the data dir) and, once done, its report. */
export interface ProjectImportsTable {
  id: string;
  project_id: string;
  mode: 'merge' | 'replace' | 'copy';
  dry_run: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  /** JSON: created, updated, unchanged, conflicts, errors. */
  report: string | null;
  error: string | null;
  file: string | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}
export type ProjectImportRow = Selectable<ProjectImportsTable>;

/** The id a `copy` import gave an archive's document, version or asset in a project (0021). */
export interface ImportCopiesTable {
  project_id: string;
  source_id: string;
  copy_id: string;
}
