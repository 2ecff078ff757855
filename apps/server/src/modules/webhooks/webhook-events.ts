import type { WebhookEvent, WebhookPayload } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { Trx } from '../../db/repository.js';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/schema.js';
import type { JobHandler, JobQueue } from '../../jobs/queue.js';
import type { ChangeEvent, ChangeEvents } from '../../lib/change-events.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { WebhooksRepository } from './webhooks.repository.js';

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
 * Turns changes into webhook deliveries: the ChangeEvents that collections, documents and media
 * record into (wired in the composition root), and the deliveries the API asks for.
 */
export class WebhookEvents implements ChangeEvents {
  constructor(
    private readonly deps: {
      repository: WebhooksRepository;
      jobs: JobQueue;
      clock: Clock;
      /** The job kinds' handlers, for the delivery job's attempt limit. */
      handlers: ReadonlyMap<string, JobHandler>;
    },
  ) {}

  /**
   * Records an event for every active webhook of the project that wants it, in the transaction
   * of the change that caused it: both commit, or neither does, so a crash never loses an event.
   */
  async record(trx: Trx, event: ChangeEvent): Promise<void> {
    const webhooks = await this.deps.repository.in(trx).active(event.projectId);
    for (const webhook of webhooks) {
      if (!matches(webhook, event.event, event.collection)) continue;
      await this.createDelivery(trx, { webhook, event: event.event, data: event.payload, manual: false });
    }
  }

  /**
   * Writes one delivery of `event` to `webhook` and queues its job, in the caller's transaction.
   * The body is fixed now (and signed afresh on each attempt), so retries resend the same bytes.
   */
  async createDelivery(
    trx: Trx,
    options: { webhook: WebhookRow; event: WebhookEvent; data: unknown; manual: boolean },
  ): Promise<WebhookDeliveryRow> {
    const { webhook, event } = options;
    const repository = this.deps.repository.in(trx);
    const sequence = await repository.nextSequence(webhook.id);
    const now = isoNow(this.deps.clock);
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
    await repository.insertDelivery(row);
    // Manual deliveries (test pings) get a single attempt.
    const maxAttempts = options.manual ? 1 : (this.deps.handlers.get(WEBHOOK_JOB)?.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS);
    const job: WebhookJobPayload = { deliveryId: id, maxAttempts };
    await this.deps.jobs.in(trx).enqueue({ kind: WEBHOOK_JOB, payload: job, maxAttempts, dedupeKey: dedupeKey(id) });
    return row;
  }

  /**
   * Queues the single attempt of a redelivery, in the caller's transaction. A pending automatic
   * retry keeps its own job; a redelivery asked for twice before it ran is made once.
   */
  async queueRedelivery(trx: Trx, deliveryId: string): Promise<void> {
    const { jobs } = this.deps;
    await jobs.in(trx).cancel(redeliveryKey(deliveryId));
    const payload: WebhookJobPayload = { deliveryId, maxAttempts: 1, redelivery: true };
    await jobs.in(trx).enqueue({ kind: WEBHOOK_JOB, payload, maxAttempts: 1, dedupeKey: redeliveryKey(deliveryId) });
  }
}
