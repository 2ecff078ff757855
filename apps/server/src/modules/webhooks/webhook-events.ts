import type { Collection, WebhookEvent, WebhookPayload } from '@plinth/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { parseJson } from '../../db/database.js';
import type { Database, WebhookDeliveryRow, WebhookRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { CollectionsRepository } from '../collections/collections.repository.js';
import { type CollectionModel, toCollection, toCollectionModel } from '../collections/model.js';
import type { DocumentWrite } from '../documents/document-writer.js';
import { presentDocument, type ReadOptions } from '../documents/stored-document.js';
import { WebhooksRepository } from './webhooks.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What recording an event needs from the app context. */
export type EventContext = Pick<AppContext, 'jobs' | 'clock' | 'jobHandlers'>;

export const WEBHOOK_JOB = 'webhook.deliver';

/** Attempts of an automatic delivery: the first one and six retries (API.md's backoff). */
export const WEBHOOK_MAX_ATTEMPTS = 7;

export interface WebhookJobPayload {
  deliveryId: string;
  /** Fixed when the job is queued, so the handler knows which attempt is the last. */
  maxAttempts: number;
  /**
   * A redelivery asked for through the API: one attempt, made beside the delivery's own
   * automatic retries, which go on if it fails.
   */
  redelivery?: boolean;
}

const dedupeKey = (deliveryId: string) => `webhook-delivery:${deliveryId}`;
const redeliveryKey = (deliveryId: string) => `webhook-redelivery:${deliveryId}`;

const matches = (webhook: WebhookRow, event: WebhookEvent, collection: string | null): boolean => {
  const events = parseJson<string[]>(webhook.events);
  if (!events.includes('*') && !events.includes(event)) return false;
  if (webhook.collections === null) return true;
  return collection !== null && parseJson<string[]>(webhook.collections).includes(collection);
};

/**
 * Queues the single attempt of a redelivery, in the caller's transaction. A pending automatic
 * retry keeps its own job; a redelivery asked for twice before it ran is made once.
 */
export async function queueRedelivery(db: Db, ctx: EventContext, deliveryId: string): Promise<void> {
  await ctx.jobs.cancel(db, redeliveryKey(deliveryId));
  const payload: WebhookJobPayload = { deliveryId, maxAttempts: 1, redelivery: true };
  await ctx.jobs.enqueue(db, { kind: WEBHOOK_JOB, payload, maxAttempts: 1, dedupeKey: redeliveryKey(deliveryId) });
}

/**
 * Writes one delivery of `event` to `webhook` and queues its job, in the caller's transaction.
 * The body is fixed now (and signed afresh on each attempt), so retries resend the same bytes.
 */
export async function createDelivery(
  db: Db,
  ctx: EventContext,
  options: { webhook: WebhookRow; event: WebhookEvent; data: unknown; manual: boolean },
): Promise<WebhookDeliveryRow> {
  const { webhook, event } = options;
  const repository = new WebhooksRepository(db);
  const sequence = await repository.nextSequence(db, webhook.id);
  const now = ctx.clock().toISOString();
  const id = newId();
  const payload: WebhookPayload = {
    id,
    event,
    created_at: now,
    project_id: webhook.project_id,
    webhook_id: webhook.id,
    sequence,
    data: options.data,
  };
  const row: WebhookDeliveryRow = {
    id,
    webhook_id: webhook.id,
    project_id: webhook.project_id,
    event,
    sequence,
    body: JSON.stringify(payload),
    status: 'pending',
    manual: options.manual ? 1 : 0,
    attempt_count: 0,
    response_status: null,
    duration_ms: null,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
  await repository.insertDelivery(db, row);
  // Manual deliveries (test pings) get a single attempt.
  const maxAttempts = options.manual ? 1 : (ctx.jobHandlers.get(WEBHOOK_JOB)?.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS);
  const job: WebhookJobPayload = { deliveryId: id, maxAttempts };
  await ctx.jobs.enqueue(db, { kind: WEBHOOK_JOB, payload: job, maxAttempts, dedupeKey: dedupeKey(id) });
  return row;
}

/**
 * Records an event for every active webhook of the project that wants it, in the transaction of
 * the change that caused it: both commit, or neither does, so a crash never loses an event.
 * `collection` is the slug the event concerns (webhooks filtered by collection need one).
 * Returns how many deliveries were queued.
 * @example await recordEvent(trx, ctx, { projectId, event: 'collection.created', collection: 'articles', payload });
 */
export async function recordEvent(
  trx: Db,
  ctx: EventContext,
  event: { projectId: string; event: WebhookEvent; collection: string | null; payload: unknown },
): Promise<number> {
  const webhooks = await new WebhooksRepository(trx).active(trx, event.projectId);
  let queued = 0;
  for (const webhook of webhooks) {
    if (!matches(webhook, event.event, event.collection)) continue;
    await createDelivery(trx, ctx, { webhook, event: event.event, data: event.payload, manual: false });
    queued += 1;
  }
  return queued;
}

/** Audit actions of the document writer and the event each one sends. */
const DOCUMENT_EVENTS: Record<string, WebhookEvent> = {
  'document.created': 'document.created',
  'document.updated': 'document.updated',
  'document.version_restored': 'document.updated',
  'document.restored': 'document.updated',
  'document.deleted': 'document.deleted',
  'document.published': 'document.published',
  'document.unpublished': 'document.unpublished',
};

/**
 * The document as a delivery reader sees it: never hidden fields, localized fields as
 * `{ locale: value }` maps. Publish events carry the published snapshot (for unpublish, the one
 * just withdrawn); the others carry the working copy.
 */
function documentPayload(event: WebhookEvent, write: DocumentWrite) {
  const options = (view: ReadOptions['view']): ReadOptions => ({
    view,
    locale: '*',
    defaultLocale: write.project.defaultLocale,
    includeHidden: false,
    fields: null,
  });
  if (event === 'document.published') return presentDocument(write.collection, write.after, options('published'));
  if (event === 'document.unpublished') {
    const before = write.before;
    const withdrawn = {
      ...write.after,
      publishedData: before?.publishedData ?? null,
      publishedVersion: before?.publishedVersion ?? null,
      publishedUpdatedAt: before?.publishedUpdatedAt ?? null,
      publishedUpdatedBy: before?.publishedUpdatedBy ?? null,
    };
    return {
      ...presentDocument(write.collection, withdrawn, options('published')),
      status: write.after.status,
      published_at: null,
    };
  }
  return presentDocument(write.collection, write.after, options('working'));
}

/**
 * The webhook events of one document change (called by the DocumentWriter in its transaction).
 * Creating a document as published also sends `document.published`.
 */
export async function recordDocumentEvents(trx: Db, ctx: EventContext, write: DocumentWrite): Promise<void> {
  const first = DOCUMENT_EVENTS[write.action];
  if (!first) return;
  const events: WebhookEvent[] = [first];
  if (write.action === 'document.created' && write.after.status === 'published') events.push('document.published');
  for (const event of events) {
    await recordEvent(trx, ctx, {
      projectId: write.project.id,
      event,
      collection: write.collection.slug,
      payload: documentPayload(event, write),
    });
  }
}

/** A collection as API tokens see it: hidden fields are left out of the model too. */
const publicCollection = (model: CollectionModel): Collection => {
  const collection = toCollection(model);
  return { ...collection, fields: collection.fields.filter((field) => !field.hidden) };
};

/**
 * The webhook event of a change to the content model, in the transaction of the change. For
 * `collection.deleted`, pass the model as it was; otherwise it is read (as written) from `trx`.
 */
export async function recordCollectionEvent(
  trx: Db,
  ctx: EventContext,
  options: {
    projectId: string;
    event: 'collection.created' | 'collection.updated' | 'collection.deleted';
    slug: string;
    deleted?: CollectionModel;
  },
): Promise<void> {
  let model = options.deleted;
  if (!model) {
    const row = await new CollectionsRepository(trx).findCollection(options.projectId, options.slug);
    if (!row) return;
    // The event carries the model's own fields; components play no part in it.
    model = toCollectionModel(row, new Map());
  }
  await recordEvent(trx, ctx, {
    projectId: options.projectId,
    event: options.event,
    collection: options.slug,
    payload: publicCollection(model),
  });
}
