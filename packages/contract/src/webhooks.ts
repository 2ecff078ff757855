import { type Static, Type } from 'typebox';
import { Id, PageQuery, Timestamp } from './common.js';
import { ModelName } from './content.js';

/** Every event a webhook can receive; `ping` is what `/test` sends. */
export const WEBHOOK_EVENTS = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.published',
  'document.unpublished',
  'media.created',
  'media.updated',
  'media.deleted',
  'collection.created',
  'collection.updated',
  'collection.deleted',
  'ping',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** An event name, or `*` for all of them. */
export const WebhookEventFilter = Type.Enum([...WEBHOOK_EVENTS, '*'] as const);
export type WebhookEventFilter = Static<typeof WebhookEventFilter>;

const WebhookUrl = Type.String({ minLength: 1, maxLength: 2048, description: 'http:// or https:// URL' });
const Events = Type.Array(WebhookEventFilter, { minItems: 1, maxItems: WEBHOOK_EVENTS.length + 1, uniqueItems: true });
const Collections = Type.Union(
  [Type.Array(ModelName, { minItems: 1, maxItems: 100, uniqueItems: true }), Type.Null()],
  {
    description: 'Only events of these collections; null for all',
  },
);
const Description = Type.String({ maxLength: 500 });
const Secret = Type.String({ minLength: 16, maxLength: 256, description: 'HMAC key; generated when absent' });

const webhookProperties = {
  id: Id,
  url: Type.String(),
  events: Type.Array(WebhookEventFilter),
  collections: Type.Union([Type.Array(Type.String()), Type.Null()]),
  active: Type.Boolean(),
  description: Type.String(),
  /** Why the server turned the webhook off after repeated failures; null otherwise. */
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
};
export const Webhook = Type.Object(webhookProperties);
export type Webhook = Static<typeof Webhook>;

/** The create answer: the only time the signing `secret` is shown. */
export const CreatedWebhook = Type.Object({ ...webhookProperties, secret: Type.String() });
export type CreatedWebhook = Static<typeof CreatedWebhook>;

export const CreateWebhookBody = Type.Object(
  {
    url: WebhookUrl,
    events: Events,
    collections: Type.Optional(Collections),
    active: Type.Optional(Type.Boolean()),
    description: Type.Optional(Description),
    secret: Type.Optional(Secret),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

/** Setting `active: true` again also clears the failure count that disabled it. */
export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    events: Type.Optional(Events),
    collections: Type.Optional(Collections),
    active: Type.Optional(Type.Boolean()),
    description: Type.Optional(Description),
    secret: Type.Optional(Secret),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const WebhookParams = Type.Object({ projectId: Id, webhookId: Id });
export type WebhookParams = Static<typeof WebhookParams>;

export const DeliveryParams = Type.Object({ projectId: Id, webhookId: Id, deliveryId: Id });
export type DeliveryParams = Static<typeof DeliveryParams>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const DeliveryStatus = Type.Enum(DELIVERY_STATUSES);
export type DeliveryStatus = Static<typeof DeliveryStatus>;

const Headers = Type.Record(Type.String(), Type.String());

/** One try at sending a delivery: what was sent and what came back (or why nothing did). */
export const DeliveryAttempt = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  started_at: Timestamp,
  duration_ms: Type.Union([Type.Integer(), Type.Null()]),
  success: Type.Boolean(),
  request: Type.Object({ url: Type.String(), headers: Headers }),
  response: Type.Union([
    Type.Object({
      status: Type.Integer(),
      headers: Headers,
      /** The first 4 KB of the body. */
      body: Type.String(),
      truncated: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  /** Why there was no answer (timeout, refused address, network error); null when one came. */
  error: Type.Union([Type.String(), Type.Null()]),
});
export type DeliveryAttempt = Static<typeof DeliveryAttempt>;

const summaryProperties = {
  id: Id,
  webhook_id: Id,
  event: Type.String(),
  /** Per-webhook order of events (1, 2, 3, …), also sent as `X-Plinth-Sequence`. */
  sequence: Type.Integer(),
  status: DeliveryStatus,
  attempt_count: Type.Integer(),
  response_status: Type.Union([Type.Integer(), Type.Null()]),
  duration_ms: Type.Union([Type.Integer(), Type.Null()]),
  next_attempt_at: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
};
/** A delivery as lists show it. */
export const DeliverySummary = Type.Object(summaryProperties);
export type DeliverySummary = Static<typeof DeliverySummary>;

/** A delivery with the request (headers of the latest attempt, exact body) and every attempt. */
export const Delivery = Type.Object({
  ...summaryProperties,
  request: Type.Object({ url: Type.String(), headers: Headers, body: Type.String() }),
  response: Type.Union([
    Type.Object({
      status: Type.Integer(),
      headers: Headers,
      body: Type.String(),
      truncated: Type.Boolean(),
      duration_ms: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  attempts: Type.Array(DeliveryAttempt),
});
export type Delivery = Static<typeof Delivery>;

export const DeliveryListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(DeliveryStatus),
  event: Type.Optional(Type.Enum(WEBHOOK_EVENTS)),
});
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;

/**
 * The JSON body of every delivery (`data` depends on the event).
 * @example { id: 'd1', event: 'document.published', created_at: '…', project_id: 'p1', sequence: 7, data: { … } }
 */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  created_at: string;
  project_id: string;
  webhook_id: string;
  sequence: number;
  data: unknown;
}
