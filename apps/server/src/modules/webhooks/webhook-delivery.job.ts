import type { Config } from '../../config.js';
import type { Transact, Trx } from '../../db/repository.js';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/schema.js';
import { queueEmail } from '../../jobs/email.job.js';
import type { JobContext, JobHandler, JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import {
  DEFAULT_TIMEOUT_MS,
  type OutboundResponse,
  OutboundTimeoutError,
  RefusedUrlError,
  type SafeHttpClient,
} from '../../lib/safe-http.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { signPayload } from './signature.js';
import { WEBHOOK_MAX_ATTEMPTS, type WebhookJobPayload } from './webhook-events.js';
import type { WebhooksRepository } from './webhooks.repository.js';

/** API.md's backoff: about 10 s, 1 min, 5 min, 30 min, 2 h, 6 h (the queue adds ±10 % jitter). */
export const WEBHOOK_RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000] as const;

/**
 * The disabling rule: a webhook is turned off when this many automatic deliveries in a row used
 * up all their attempts (7 over about 9 hours each) with no successful attempt in between.
 * Test pings and redeliveries never count; any successful attempt resets the run.
 */
export const DISABLE_AFTER_FAILED_DELIVERIES = 3;

/** Tuning of webhook deliveries (tests shorten timeouts and delays); each has a production default. */
export interface WebhookJobOptions {
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
  disableAfterFailedDeliveries?: number;
  /** Replaces the outbound client built from PLINTH_WEBHOOK_ALLOWED_HOSTS. */
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
export function createWebhookJobHandler(
  deps: {
    repository: WebhooksRepository;
    projects: ProjectsService;
    jobs: JobQueue;
    /** The one outbound client, whose address checks every attempt passes. */
    client: SafeHttpClient;
    transaction: Transact;
    clock: Clock;
    log: Logger;
    config: Pick<Config, 'publicUrl'>;
  },
  options: WebhookJobOptions = {},
): JobHandler {
  const { repository, clock, log } = deps;
  const client = options.client ?? deps.client;
  const retryDelaysMs = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const disableAfter = options.disableAfterFailedDeliveries ?? DISABLE_AFTER_FAILED_DELIVERIES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const handlerMaxAttempts = options.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;

  /** Turns the webhook off and emails the project's owners and admins, in the attempt's transaction. */
  async function disable(webhook: WebhookRow, trx: Trx, lastError: string) {
    const now = isoNow(clock);
    const reason = `Turned off on ${now.slice(0, 10)} after ${disableAfter} deliveries in a row failed every retry (last: ${lastError})`;
    await repository
      .in(trx)
      .update(webhook.project_id, webhook.id, { active: 0, disabled_reason: reason, updated_at: now });
    const administrators = await deps.projects.administrators(trx, webhook.project_id);
    if (!administrators) return;
    const { project, members } = administrators;
    // The webhook's page, opened on its failed deliveries.
    const link = `${deps.config.publicUrl}/app/projects/${webhook.project_id}/webhooks/${webhook.id}?status=failed`;
    for (const member of members) {
      await queueEmail(deps.jobs, trx, {
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
      });
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
    const started = clock();
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
    await deps.transaction(async (trx) => {
      const deliveries = repository.in(trx);
      // Webhook first, then the delivery: a delete meanwhile took them in that order. One that
      // committed took the delivery with it, and the attempt has nothing left to record.
      if (!(await deliveries.lock(webhook.id))) return;
      // Counting the attempt locks the row, so a redelivery and a retry running at once each
      // see what the other wrote.
      const current = (await deliveries.countAttempt(deliveryId)) ?? delivery;
      const attempt = Number(current.attempt_count);
      const now = isoNow(clock);
      // A failed redelivery leaves the automatic retries it ran beside to go on.
      const retriesGoOn = redelivery && current.manual === 0 && current.status === 'pending';
      // Another attempt (a redelivery, or the retry it ran beside) succeeded while this one ran.
      deliveredMeanwhile = !success && current.status === 'succeeded';
      await deliveries.insertAttempt({
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
        await deliveries.updateDelivery(deliveryId, {
          status: success ? 'succeeded' : ended ? 'failed' : 'pending',
          response_status: response?.status ?? null,
          duration_ms: durationMs,
          next_attempt_at: ended
            ? null
            : retriesGoOn
              ? current.next_attempt_at
              : new Date(clock().getTime() + delay).toISOString(),
          updated_at: now,
        });
      }
      if (success) {
        await deliveries.resetFailures(webhook.id);
      } else if (final && !manual && !skipped && !deliveredMeanwhile) {
        const failedInARow = await deliveries.countFailedDelivery(webhook.id, now);
        const fresh = await deliveries.findById(webhook.id);
        if (failedInARow >= disableAfter && fresh && fresh.active === 1) await disable(fresh, trx, failure);
      }
    });
    log.info(
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
