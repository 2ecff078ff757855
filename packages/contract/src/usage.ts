import { type Static, Type } from 'typebox';
import { Timestamp } from './common.js';
import { PlanId } from './projects.js';

export const PlanLimits = Type.Object({
  api_requests: Type.Integer(),
  media_bytes: Type.Integer(),
  requests_per_second: Type.Integer(),
});
export type PlanLimits = Static<typeof PlanLimits>;

export const Plan = Type.Object({
  id: PlanId,
  name: Type.String(),
  description: Type.String(),
  price_cents: Type.Union([Type.Integer(), Type.Null()]),
  interval: Type.Literal('month'),
  contact_sales: Type.Boolean(),
  limits: Type.Union([PlanLimits, Type.Null()]),
  features: Type.Array(Type.String()),
});
export type Plan = Static<typeof Plan>;

export const Usage = Type.Object({
  period_start: Timestamp,
  period_end: Timestamp,
  plan: PlanId,
  api_requests: Type.Object({ used: Type.Integer(), limit: Type.Union([Type.Integer(), Type.Null()]) }),
  media_bytes: Type.Object({ used: Type.Integer(), limit: Type.Union([Type.Integer(), Type.Null()]) }),
  /** Tokens the AI assistant's model used for the project this month (prompt and completion). */
  ai_tokens: Type.Object({ used: Type.Integer() }),
});
export type Usage = Static<typeof Usage>;

export const AnalyticsQuery = Type.Object(
  {
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
    granularity: Type.Optional(Type.Enum(['hour', 'day'] as const)),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const AnalyticsPoint = Type.Object({
  t: Timestamp,
  requests: Type.Integer(),
  errors: Type.Integer(),
  bytes: Type.Integer(),
  p50_ms: Type.Union([Type.Number(), Type.Null()]),
  p95_ms: Type.Union([Type.Number(), Type.Null()]),
});
export type AnalyticsPoint = Static<typeof AnalyticsPoint>;

export const Analytics = Type.Object({
  from: Timestamp,
  to: Timestamp,
  granularity: Type.Enum(['hour', 'day'] as const),
  series: Type.Array(AnalyticsPoint),
  /** Per collection, busiest first; `(other)` holds requests that concerned no existing collection. */
  by_collection: Type.Array(
    Type.Object({
      collection: Type.String(),
      requests: Type.Integer(),
      errors: Type.Integer(),
      bytes: Type.Integer(),
      p50_ms: Type.Union([Type.Number(), Type.Null()]),
      p95_ms: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
  status_codes: Type.Record(Type.String(), Type.Integer()),
  totals: Type.Object({ requests: Type.Integer(), errors: Type.Integer(), bytes: Type.Integer() }),
});
export type Analytics = Static<typeof Analytics>;
