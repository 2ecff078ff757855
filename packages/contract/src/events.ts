import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.js';
import { ModelName } from './content.js';
import { Locale } from './projects.js';
import { WEBHOOK_EVENTS } from './webhooks.js';

/** Events of the editor's presence: who has a document open, and where. */
export const PRESENCE_EVENTS = ['presence.joined', 'presence.updated', 'presence.left'] as const;

/** Every event an event stream carries: the webhook events (but the test ping) and presence. */
export const STREAM_EVENTS = [...WEBHOOK_EVENTS.filter((event) => event !== 'ping'), ...PRESENCE_EVENTS] as const;
export type StreamEvent = (typeof STREAM_EVENTS)[number];

export const EventStreamQuery = Type.Object(
  {
    events: Type.Optional(
      Type.String({
        maxLength: 1000,
        pattern: '^[a-z_.]+(,[a-z_.]+)*$',
        description: `Only these events, comma-separated: ${STREAM_EVENTS.join(', ')}`,
      }),
    ),
    collections: Type.Optional(
      Type.String({
        maxLength: 2000,
        pattern: '^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$',
        description: 'Only events of these collections, comma-separated (media events have none)',
      }),
    ),
    ticket: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'A single-use ticket from POST /events/tickets, for EventSource (which cannot send headers)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type EventStreamQuery = Static<typeof EventStreamQuery>;

export const EventTicket = Type.Object({ ticket: Type.String(), expires_at: Timestamp });
export type EventTicket = Static<typeof EventTicket>;

export const PresenceState = Type.Enum(['viewing', 'editing'] as const);

export const PresenceBody = Type.Object(
  {
    client_id: Type.String({
      pattern: '^[A-Za-z0-9_-]{8,64}$',
      description: 'One browser tab: the same person may have a document open twice',
    }),
    state: Type.Optional(PresenceState),
    field: Type.Optional(
      Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { description: 'The field path being edited' }),
    ),
    locale: Type.Optional(Type.Union([Locale, Type.Null()])),
  },
  { additionalProperties: false },
);
export type PresenceBody = Static<typeof PresenceBody>;

/** Someone with a document open (renewed by heartbeats; gone when they stop). */
export const Presence = Type.Object({
  document_id: Id,
  collection: Type.String(),
  client_id: Type.String(),
  user: Type.Object({
    id: Id,
    name: Type.String(),
    avatar_url: Type.Union([Type.String(), Type.Null()]),
  }),
  state: PresenceState,
  field: Type.Union([Type.String(), Type.Null()]),
  locale: Type.Union([Type.String(), Type.Null()]),
  started_at: Timestamp,
  expires_at: Timestamp,
});
export type Presence = Static<typeof Presence>;

export const PresenceParams = Type.Object({ projectId: Id, collection: ModelName, id: Id });
export const PresenceClientParams = Type.Object({
  projectId: Id,
  collection: ModelName,
  id: Id,
  clientId: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
});
