import { type Static, Type } from 'typebox';
import { Email, Id, PageQuery, Timestamp } from './common.js';

/** The overall state shown on the status page. */
export const SERVICE_STATUSES = ['operational', 'degraded', 'outage', 'maintenance'] as const;
export const ServiceStatus = Type.Enum(SERVICE_STATUSES);
export type ServiceStatus = Static<typeof ServiceStatus>;

/** An incident is open while `investigating` or `outage`; `resolved` closes it. */
export const INCIDENT_STATUSES = ['investigating', 'outage', 'resolved'] as const;
export const IncidentStatus = Type.Enum(INCIDENT_STATUSES);
export type IncidentStatus = Static<typeof IncidentStatus>;

/** How bad it is; an open `maintenance` incident turns the overall status to `maintenance`. */
export const INCIDENT_IMPACTS = ['minor', 'major', 'critical', 'maintenance'] as const;
export const IncidentImpact = Type.Enum(INCIDENT_IMPACTS);
export type IncidentImpact = Static<typeof IncidentImpact>;

const Percent = Type.Number({ minimum: 0, maximum: 100 });
const NullablePercent = Type.Union([Percent, Type.Null()]);

export const IncidentUpdate = Type.Object({
  id: Id,
  status: IncidentStatus,
  message: Type.String(),
  created_at: Timestamp,
});
export type IncidentUpdate = Static<typeof IncidentUpdate>;

export const Incident = Type.Object({
  id: Id,
  title: Type.String(),
  message: Type.String(),
  status: IncidentStatus,
  impact: Type.Union([IncidentImpact, Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
  resolved_at: Type.Union([Timestamp, Type.Null()]),
  /** The timeline, oldest first: one entry on creation and one per status or message change. */
  updates: Type.Array(IncidentUpdate),
});
export type Incident = Static<typeof Incident>;

export const CreateIncidentBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
    status: Type.Optional(IncidentStatus),
    impact: Type.Optional(Type.Union([IncidentImpact, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateIncidentBody = Static<typeof CreateIncidentBody>;

export const UpdateIncidentBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 5000 })),
    status: Type.Optional(IncidentStatus),
    impact: Type.Optional(Type.Union([IncidentImpact, Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateIncidentBody = Static<typeof UpdateIncidentBody>;

export const IncidentQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(IncidentStatus),
});
export type IncidentQuery = Static<typeof IncidentQuery>;

export const IncidentParams = Type.Object({ incidentId: Id });
export type IncidentParams = Static<typeof IncidentParams>;

export const UptimeDay = Type.Object({
  /** A UTC calendar day, `YYYY-MM-DD`. */
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  uptime_percent: Percent,
});
export type UptimeDay = Static<typeof UptimeDay>;

/** `GET /status`: everything is measured by the running service itself. */
export const ServiceStatusReport = Type.Object({
  status: ServiceStatus,
  /** Seconds since this server process started. */
  uptime_seconds: Type.Integer({ minimum: 0 }),
  /** Healthy share of the health samples of the last 90 days; null before the first sample. */
  uptime_percent: NullablePercent,
  /**
   * Median response time of this process's API requests (all callers) over the last five
   * minutes, in ms; null when there was none.
   */
  response_time_ms: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  last_incident: Type.Union([Incident, Type.Null()]),
  /** Open incidents and those updated in the last 30 days, newest first (at most 10). */
  incidents: Type.Array(Incident),
  /** API requests of the last few minutes (all callers), as seen by this process. */
  metrics: Type.Object({
    /** Mean latency in ms; null when there was no request in the window. */
    avg_response_ms: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
    /** Percentage (0–100) of requests answered with a 5xx status. */
    error_rate: Percent,
    requests_per_minute: Type.Number({ minimum: 0 }),
  }),
  /** Host figures of the latest health sample; null when not measurable here. */
  system: Type.Object({
    cpu_percent: NullablePercent,
    memory_percent: NullablePercent,
    disk_percent: NullablePercent,
    /** Round trip of the sample's database probe (`select 1`), in ms; null when it failed. */
    database_ms: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  }),
  /** One entry per UTC day of the last 90 that has samples, oldest first; days without samples are omitted. */
  uptime_history: Type.Array(UptimeDay),
});
export type ServiceStatusReport = Static<typeof ServiceStatusReport>;

export const SubscribeBody = Type.Object({ email: Email }, { additionalProperties: false });
export type SubscribeBody = Static<typeof SubscribeBody>;

export const SubscriptionTokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const SubscriptionTokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type SubscriptionTokenBody = Static<typeof SubscriptionTokenBody>;

export const SubscriptionState = Type.Object({
  data: Type.Object({
    status: Type.Union([Type.Literal('confirmed'), Type.Literal('unsubscribed')]),
    message: Type.String(),
  }),
});
export type SubscriptionState = Static<typeof SubscriptionState>;
