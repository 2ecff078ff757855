import type { WebhookEvent } from '@plinth/contract';
import type { Trx } from '../db/repository.js';

/** One change in a project, as its subscribers see it (webhook deliveries). */
export interface ChangeEvent {
  projectId: string;
  event: WebhookEvent;
  /** The collection slug the change concerns; null for media and the like. */
  collection: string | null;
  /** The event's data, already shaped for readers that never see hidden fields. */
  payload: unknown;
}

/**
 * Where changes announce themselves, in the transaction that makes them: the change and what
 * it causes commit together, or neither does. Collections, documents and media record events
 * here; the webhooks module listens (wired in the composition root), so no module that changes
 * content needs to know who listens.
 * @example await events.record(trx, { projectId, event: 'media.deleted', collection: null, payload: { id } });
 */
export interface ChangeEvents {
  record(trx: Trx, event: ChangeEvent): Promise<void>;
}
