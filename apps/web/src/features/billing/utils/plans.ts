import type { Plan, PlanId } from '@plinth/contract';
import { formatBytes, formatCount } from '../../../lib/format';

/** 2900, "usd" → "$29.00"; whole amounts drop the cents when `short`. */
export function formatMoney(cents: number, currency = 'usd', options: { short?: boolean } = {}): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
    ...(options.short && whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(cents / 100);
}

/** "Free", "$29 / month", or "Custom pricing" (Enterprise, agreed with sales). */
export function formatPlanPrice(priceCents: number | null, interval = 'month'): string {
  if (priceCents === null) return 'Custom pricing';
  if (priceCents === 0) return 'Free';
  return `${formatMoney(priceCents, 'usd', { short: true })} / ${interval}`;
}

/** A plan's limits in words, in the order the billing screen compares them. */
export function limitRows(plan: Plan | undefined): { id: string; label: string; short: string; value: string }[] {
  const limits = plan?.limits;
  return [
    {
      id: 'api_requests',
      label: 'API requests a month',
      short: 'API requests a month',
      value: limits ? formatCount(limits.api_requests) : 'Custom',
    },
    {
      id: 'media_bytes',
      label: 'Media storage',
      short: 'media storage',
      value: limits ? formatBytes(limits.media_bytes) : 'Custom',
    },
    {
      id: 'requests_per_second',
      label: 'Requests a second, per token',
      short: 'requests a second, per token',
      value: limits ? formatCount(limits.requests_per_second) : 'Custom',
    },
  ];
}

const ORDER: Record<PlanId, number> = { starter: 0, pro: 1, enterprise: 2 };

/** Whether moving from one plan to another is an upgrade (by price, then by tier). */
export function isUpgrade(from: Plan | undefined, to: Plan): boolean {
  if (from?.price_cents != null && to.price_cents != null && from.price_cents !== to.price_cents) {
    return to.price_cents > from.price_cents;
  }
  return ORDER[to.id] > ORDER[from?.id ?? 'starter'];
}

/** The billing period's last day: the period ends at midnight after it. */
export function periodLabel(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const lastDay = new Date(new Date(endIso).getTime() - 1);
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).formatRange(start, lastDay);
}
