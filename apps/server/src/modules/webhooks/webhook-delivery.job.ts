import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, WebhookDeliveryRow, WebhookRow } from '../../db/schema.js';
import { queueEmail } from '../../jobs/email.job.js';
import type { JobContext, JobHandler } from '../../jobs/queue.js';
import { newId } from '../../lib/ids.js';
import {
  DEFAULT_TIMEOUT_MS,
  type OutboundResponse,
  OutboundTimeoutError,
  RefusedUrlError,
  SafeHttpClient,
} from '../../lib/safe-http.js';
import { ProjectsRepository } from '../projects/projects.repository.js';
import { signPayload } from './signature.js';
import { WEBHOOK_JOB, WEBHOOK_MAX_ATTEMPTS, type WebhookJobPayload } from './webhook-events.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** API.md's backoff: about 10 s, 1 min, 5 min, 30 min, 2 h, 6 h (the queue adds ±10 % jitter). */
export const WEBHOOK_RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000] as const;

/**
 * The disabling rule: a webhook is turned off when this many automatic deliveries in a row used
 * up all their attempts (7 over about 9 hours each) with no successful attempt in between.
 * Test pings and redeliveries never count; any successful attempt resets the run.
 */
export const DISABLE_AFTER_FAILED_DELIVERIES = 3;

export interface WebhookJobOptions {
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
  disableAfterFailedDeliveries?: number;
  /** Replaces the client built from PLINTH_WEBHOOK_ALLOWED_HOSTS. */
  client?: SafeHttpClient;
}

/** Headers that stay the same on every attempt of a delivery. */
export function fixedHeaders(delivery: Pick<WebhookDeliveryRow, 'id' | 'event' | 'sequence'>): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Plinth-Webhooks/1.0',
    'X-Plinth-Event': delivery.event,
    'X-Plinth-Delivery': delivery.id,
    'X-Plinth-Sequence': String(delivery.sequence),
  };
}

function describeError(error: unknown): string {
  if (error instanceof RefusedUrlError) return `Refused: ${error.message}`;
  if (error instanceof OutboundTimeoutError) return `Timed out: ${error.message}`;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 1000);
}

/**
 * Sends webhook deliveries: one signed POST per attempt, each attempt logged with what was sent
 * and what came back. A non-2xx answer, a timeout or a network error fails the attempt, and the
 * job queue retries it with WEBHOOK_RETRY_DELAYS_MS.
 */
export function createWebhookJobHandler(ctx: AppContext, options: WebhookJobOptions = {}): JobHandler {
  const repository = new WebhooksRepository(ctx.db);
  const client = options.client ?? new SafeHttpClient({ allowedHosts: ctx.config.webhookAllowedHosts });
  const retryDelaysMs = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const disableAfter = options.disableAfterFailedDeliveries ?? DISABLE_AFTER_FAILED_DELIVERIES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const handlerMaxAttempts = options.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;

  /** Turns the webhook off and emails the project's owners and admins, in the attempt's transaction. */
  async function disable(webhook: WebhookRow, db: Transaction<Database>, lastError: string) {
    const now = ctx.clock().toISOString();
    const reason = `Turned off on ${now.slice(0, 10)} after ${disableAfter} deliveries in a row failed every retry (last: ${lastError})`;
    await repository.update(
      webhook.project_id,
      webhook.id,
      { active: 0, disabled_reason: reason, updated_at: now },
      db,
    );
    const projects = new ProjectsRepository(db);
    const project = await projects.findLive(webhook.project_id);
    if (!project) return;
    const { rows } = await projects.listMembers(webhook.project_id, { limit: 1000, offset: 0 });
    const link = `${ctx.config.publicUrl}/app/projects/${webhook.project_id}/webhooks/${webhook.id}`;
    for (const member of rows.filter((m) => (m.role === 'owner' || m.role === 'admin') && m.status === 'active')) {
      await queueEmail(
        ctx,
        {
          to: member.email,
          subject: `Webhook disabled in ${project.name}`,
          text: [
            `Hello ${member.name},`,
            '',
            `The webhook ${webhook.url} of the project "${project.name}" was turned off: ${disableAfter} deliveries in a row failed every retry.`,
            `Last error: ${lastError}`,
            '',
            'Fix the receiving endpoint, then turn the webhook on again. Failed deliveries can be resent from its delivery log:',
            link,
          ].join('\n'),
          link,
        },
        db,
      );
    }
  }

  async function run(payload: unknown, job: JobContext): Promise<void> {
    const { deliveryId, maxAttempts, redelivery = false } = payload as WebhookJobPayload;
    const delivery = await repository.findDeliveryById(deliveryId);
    const webhook = delivery ? await repository.findById(delivery.webhook_id) : undefined;
    // The webhook was deleted (its deliveries with it): nothing to send.
    if (!delivery || !webhook) return;
    // A redelivery got through while this automatic retry waited: the receiver has it.
    if (!redelivery && delivery.status === 'succeeded') return;
    const manual = redelivery || delivery.manual === 1;
    // The queue stops at the lower of the job's limit and its kind's.
    const isLast = job.attempt >= Math.min(maxAttempts, handlerMaxAttempts);
    const started = ctx.clock();
    const startedAt = started.toISOString();
    const timestamp = Math.floor(started.getTime() / 1000);
    const headers = {
      ...fixedHeaders(delivery),
      'X-Plinth-Timestamp': String(timestamp),
      'X-Plinth-Signature': signPayload({ secret: webhook.secret, timestamp, body: delivery.body }),
    };

    let response: OutboundResponse | null = null;
    let error: string | null = null;
    let durationMs: number | null = null;
    if (!webhook.active && !manual) {
      error = 'The webhook is turned off; this delivery was not sent';
    } else {
      const before = performance.now();
      try {
        response = await client.request({ url: webhook.url, method: 'POST', headers, body: delivery.body, timeoutMs });
        durationMs = response.durationMs;
      } catch (caught) {
        error = describeError(caught);
        durationMs = Math.round(performance.now() - before);
      }
    }
    const success = response !== null && response.status >= 200 && response.status < 300;
    const skipped = !webhook.active && !manual;
    const final = success || isLast || skipped;
    const delay = retryDelaysMs[Math.min(job.attempt - 1, retryDelaysMs.length - 1)] ?? 60_000;
    const failure = error ?? `HTTP ${response?.status}`;

    let deliveredMeanwhile = false;
    await ctx.db.transaction().execute(async (trx) => {
      // Webhook first, then the delivery: a delete meanwhile took them in that order. One that
      // committed took the delivery with it, and the attempt has nothing left to record.
      if (!(await repository.lock(trx, webhook.id, ctx.dialect))) return;
      // Counting the attempt locks the row, so a redelivery and a retry running at once each
      // see what the other wrote.
      const current = (await repository.countAttempt(trx, deliveryId)) ?? delivery;
      const attempt = Number(current.attempt_count);
      const now = ctx.clock().toISOString();
      // A failed redelivery leaves the automatic retries it ran beside to go on.
      const retriesGoOn = redelivery && current.manual === 0 && current.status === 'pending';
      // Another attempt (a redelivery, or the retry it ran beside) succeeded while this one ran.
      deliveredMeanwhile = !success && current.status === 'succeeded';
      await repository.insertAttempt(trx, {
        id: newId(),
        delivery_id: deliveryId,
        attempt,
        started_at: startedAt,
        duration_ms: durationMs,
        success: success ? 1 : 0,
        request_url: webhook.url,
        request_headers: JSON.stringify(headers),
        response_status: response?.status ?? null,
        response_headers: response ? JSON.stringify(response.headers) : null,
        response_body: response?.body ?? null,
        response_truncated: response?.truncated ? 1 : 0,
        error,
      });
      const ended = success || (final && !retriesGoOn);
      // The delivery shows its latest attempt, unless that failed after another one succeeded.
      if (!deliveredMeanwhile) {
        await repository.updateDelivery(trx, deliveryId, {
          status: success ? 'succeeded' : ended ? 'failed' : 'pending',
          response_status: response?.status ?? null,
          duration_ms: durationMs,
          next_attempt_at: ended
            ? null
            : retriesGoOn
              ? current.next_attempt_at
              : new Date(ctx.clock().getTime() + delay).toISOString(),
          updated_at: now,
        });
      }
      if (success) {
        await repository.resetFailures(trx, webhook.id);
      } else if (final && !manual && !skipped && !deliveredMeanwhile) {
        const failedInARow = await repository.countFailedDelivery(trx, webhook.id, now);
        const fresh = await repository.findById(webhook.id, trx);
        if (failedInARow >= disableAfter && fresh && fresh.active === 1) await disable(fresh, trx, failure);
      }
    });
    ctx.log.info(
      {
        webhookId: webhook.id,
        deliveryId,
        event: delivery.event,
        attempt: job.attempt,
        status: response?.status,
        durationMs,
        error,
      },
      success ? 'Webhook delivered' : 'Webhook delivery attempt failed',
    );
    // Throwing hands the retry (with backoff) to the job queue; a skipped delivery is done.
    if (!success && !skipped && !deliveredMeanwhile) {
      throw new Error(`Webhook delivery ${deliveryId} failed: ${failure}`);
    }
  }

  return {
    run,
    retryDelaysMs,
    maxAttempts: handlerMaxAttempts,
  };
}

/**
 * Registers the `webhook.deliver` job (tests pass shorter timeouts and delays).
 * @example registerWebhookJob(ctx);
 */
export function registerWebhookJob(ctx: AppContext, options: WebhookJobOptions = {}): void {
  ctx.jobHandlers.set(WEBHOOK_JOB, createWebhookJobHandler(ctx, options));
}
