import type { Plan, PlanId, PlanLimits } from '@plinth/contract';

/**
 * The plans of the pricing page. Members are unlimited on every plan. Enterprise has no quota
 * or burst limit: its terms are agreed with sales.
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For side projects and trying Plinth out.',
    price_cents: 0,
    interval: 'month',
    contact_sales: false,
    limits: { api_requests: 1_000, media_bytes: 100 * 1024 * 1024, requests_per_second: 50 },
    features: [
      '1,000 API requests a month',
      '100 MB media storage',
      'Unlimited members',
      'REST and GraphQL delivery',
      'Community support',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For production sites and apps.',
    price_cents: 2_900,
    interval: 'month',
    contact_sales: false,
    limits: { api_requests: 1_000_000, media_bytes: 100 * 1024 * 1024 * 1024, requests_per_second: 200 },
    features: [
      '1,000,000 API requests a month',
      '100 GB media storage',
      'Unlimited members',
      'Webhooks, workflows and scheduled publishing',
      'Email support within 24 hours',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For organizations with custom needs.',
    price_cents: null,
    interval: 'month',
    contact_sales: true,
    limits: null,
    features: [
      'Custom request and storage limits',
      'SSO and audit exports',
      'Dedicated support and SLA',
      'Unlimited members',
    ],
  },
];

/** A plan's limits; null means unlimited (Enterprise). */
export function planLimits(plan: PlanId): PlanLimits | null {
  return PLANS.find((candidate) => candidate.id === plan)?.limits ?? null;
}

/** The media storage of a plan (`GET /plans`), in bytes; null is unlimited (Enterprise). */
export const mediaQuota = (plan: PlanId): number | null => planLimits(plan)?.media_bytes ?? null;

/** Bytes as quota messages say them: `megabytes(1_572_864)` is "1.5 MB". */
export const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A plan's monthly price in cents; null when it is agreed with sales. */
export const planPrice = (plan: PlanId): number | null =>
  PLANS.find((candidate) => candidate.id === plan)?.price_cents ?? null;
