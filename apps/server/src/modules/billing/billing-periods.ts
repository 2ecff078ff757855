import type { BillingAccountRow } from '../../db/schema.js';
import { monthBounds } from '../usage/periods.js';

/** The same day one month later, kept within the month (Jan 31 → Feb 28), in UTC. */
export function addMonth(time: Date): Date {
  const next = new Date(time.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * The billing period covering `now`: the one the provider last billed while it lasts (Stripe
 * bills from the subscription's start), else the calendar month, as quotas count.
 */
export function currentPeriod(account: BillingAccountRow | undefined, now: Date): { start: Date; end: Date } {
  if (account?.period_start && account.period_end) {
    const start = new Date(account.period_start);
    const end = new Date(account.period_end);
    if (start <= now && now < end) return { start, end };
  }
  return monthBounds(now);
}
