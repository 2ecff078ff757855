import { AppError } from '../../lib/errors.js';
import { monthBounds } from './periods.js';

/**
 * The `X-Quota-*` headers of a metered answer: the month's limit, what is left after `used`, and
 * when the month ends.
 * @example reply.headers(quotaHeaders(1000, 12, new Date()));
 */
export function quotaHeaders(limit: number, used: number, now: Date): Record<string, string> {
  return {
    'X-Quota-Limit': String(limit),
    'X-Quota-Remaining': String(Math.max(0, limit - used)),
    'X-Quota-Reset': monthBounds(now).end.toISOString(),
  };
}

/** The 429 QUOTA_EXCEEDED of a project whose month's requests are used up. */
export function quotaExceeded(limit: number, used: number, now: Date): AppError {
  const reset = monthBounds(now).end;
  return new AppError(
    'QUOTA_EXCEEDED',
    `This project used its ${limit.toLocaleString('en-US')} API requests for the month; upgrade the plan or wait until ${reset.toISOString().slice(0, 10)}`,
    undefined,
    { ...quotaHeaders(limit, used, now), 'Retry-After': String(Math.ceil((reset.getTime() - now.getTime()) / 1000)) },
  );
}
