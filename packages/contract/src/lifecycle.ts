import { type Static, Type } from 'typebox';
import { Id, PageQuery, Timestamp } from './common.js';
import { Locale } from './projects.js';

export const AuditEntry = Type.Object({
  id: Id,
  actor: Type.Object({
    type: Type.Enum(['user', 'token', 'system'] as const),
    id: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()], {
      description: "The user's or API token's name; null for the system and for users or tokens no longer there",
    }),
  }),
  action: Type.String(),
  target: Type.Object({ type: Type.String(), id: Type.Union([Type.String(), Type.Null()]) }),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditQuery = Type.Object(
  {
    ...PageQuery.properties,
    actor_type: Type.Optional(Type.Enum(['user', 'token', 'system'] as const)),
    actor_id: Type.Optional(Id),
    // An exact action, or a prefix ending in * (`document.*`).
    action: Type.Optional(Type.String({ pattern: '^[a-z_]+(\\.[a-z_]+)*(\\.?\\*)?$', maxLength: 100 })),
    target_type: Type.Optional(Type.String({ pattern: '^[a-z_]+$', maxLength: 50 })),
    target_id: Type.Optional(Id),
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

/**
 * One saved state of a document. Who saved it: `created_by` names the user, `created_by_token`
 * the API token (each null otherwise).
 * @example { version: 3, created_at: '2026-11-22T10:00:00.000Z', created_by: null, created_by_token: '0193…',
 *   locale: 'en', status: 'changed', changed_fields: ['title'] }
 */
export const DocumentVersionSummary = Type.Object({
  version: Type.Integer(),
  created_at: Timestamp,
  created_by: Type.Union([Type.String(), Type.Null()], { description: 'The user who saved it; null for an API token' }),
  created_by_token: Type.Union([Type.String(), Type.Null()], {
    description: 'The API token that saved it; null for a user',
  }),
  locale: Type.String(),
  status: Type.String(),
  changed_fields: Type.Array(Type.String()),
  published_locales: Type.Array(Type.String(), { description: 'The locales published from this version' }),
});
export type DocumentVersionSummary = Static<typeof DocumentVersionSummary>;

export const DocumentVersion = Type.Object({
  ...DocumentVersionSummary.properties,
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type DocumentVersion = Static<typeof DocumentVersion>;

export const VersionParams = Type.Object({
  projectId: Id,
  collection: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }),
  id: Id,
  n: Type.Integer({ minimum: 1 }),
});
export type VersionParams = Static<typeof VersionParams>;

export const VersionChange = Type.Object({
  path: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type VersionChange = Static<typeof VersionChange>;

export const VersionDiff = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  changes: Type.Array(VersionChange),
});
export type VersionDiff = Static<typeof VersionDiff>;

export const DiffQuery = Type.Object(
  { against: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type DiffQuery = Static<typeof DiffQuery>;

export const WorkflowBody = Type.Object(
  {
    action: Type.Enum(['submit', 'approve', 'reject'] as const),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type WorkflowBody = Static<typeof WorkflowBody>;

export const ScheduleBody = Type.Object(
  {
    publish_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
    unpublish_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
    locales: Type.Optional(
      Type.Array(Locale, {
        minItems: 1,
        maxItems: 50,
        uniqueItems: true,
        description: 'The locales the times set in this request concern; absent for every locale',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ScheduleBody = Static<typeof ScheduleBody>;

export const ScheduledAction = Type.Object({
  document_id: Id,
  collection: Type.String(),
  action: Type.Enum(['publish', 'unpublish'] as const),
  at: Timestamp,
  locales: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'null: every locale' }),
});
export type ScheduledAction = Static<typeof ScheduledAction>;
