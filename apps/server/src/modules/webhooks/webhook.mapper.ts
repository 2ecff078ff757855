import type { Delivery, DeliveryAttempt, DeliverySummary, Webhook, WebhookEventFilter } from '@plinth/contract';
import { parseJson, toBool } from '../../db/database.js';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '../../db/schema.js';

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: parseJson<WebhookEventFilter[]>(row.events),
  collections: row.collections === null ? null : parseJson<string[]>(row.collections),
  active: toBool(row.active),
  description: row.description,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const toDeliverySummary = (row: WebhookDeliveryRow): DeliverySummary => ({
  id: row.id,
  webhook_id: row.webhook_id,
  event: row.event,
  sequence: Number(row.sequence),
  status: row.status,
  attempt_count: Number(row.attempt_count),
  response_status: row.response_status === null ? null : Number(row.response_status),
  duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
  next_attempt_at: row.next_attempt_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const toDeliveryAttempt = (row: WebhookAttemptRow): DeliveryAttempt => ({
  attempt: Number(row.attempt),
  started_at: row.started_at,
  duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
  success: toBool(row.success),
  request: { url: row.request_url, headers: parseJson<Record<string, string>>(row.request_headers) },
  response:
    row.response_status === null
      ? null
      : {
          status: Number(row.response_status),
          headers: row.response_headers === null ? {} : parseJson<Record<string, string>>(row.response_headers),
          body: row.response_body ?? '',
          truncated: toBool(row.response_truncated),
        },
  error: row.error,
});

/**
 * A delivery with its attempts. Before the first attempt, `request` shows the URL and the
 * headers that do not change between attempts.
 */
export function toDelivery(
  row: WebhookDeliveryRow,
  attemptRows: WebhookAttemptRow[],
  pending: { url: string; headers: Record<string, string> },
): Delivery {
  const attempts = attemptRows.map(toDeliveryAttempt);
  const last = attempts.at(-1);
  return {
    ...toDeliverySummary(row),
    request: { ...(last ? last.request : pending), body: row.body },
    response: last?.response ? { ...last.response, duration_ms: last.duration_ms } : null,
    attempts,
  };
}
