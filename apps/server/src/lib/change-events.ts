import type { WebhookEvent } from '@plinth/contract';
import type { Trx } from '../db/repository.js';

/** One change in a project, as its subscribers see it (webhook deliveries, event streams). */
export interface ChangeEvent {
  projectId: string;
  event: WebhookEvent;
  /** The collection slug the change concerns; null for media and the like. */
  collection: string | null;
  /** The event's data, already shaped for readers that never see hidden fields. */
  payload: unknown;
  /**
   * What readers of published content only (`content:read` tokens on an event stream) may see
   * of a document event: the snapshot for publish events; absent when they see nothing of it.
   */
  publishedPayload?: unknown;
}

/**
 * Where changes announce themselves, in the transaction that makes them: the change and what
 * it causes commit together, or neither does. Collections, documents and media record events
 * here; the webhooks and events modules listen (wired in the composition root), so no module
 * that changes content needs to know who listens.
 * @example await events.record(trx, { projectId, event: 'media.deleted', collection: null, payload: { id } });
 */
export interface ChangeEvents {
  record(trx: Trx, event: ChangeEvent): Promise<void>;
}

/**
 * Several listeners as one: each records every event, in the same transaction.
 * @example const events = allOf(webhookEvents, eventLog);
 */
export const allOf = (...listeners: ChangeEvents[]): ChangeEvents => ({
  async record(trx, event) {
    for (const listener of listeners) await listener.record(trx, event);
  },
});
