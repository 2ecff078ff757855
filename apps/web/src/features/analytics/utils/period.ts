/**
 * The analytics period: what the URL says (`?period=7d&granularity=hour`, or `?period=custom&from=
 * 2026-11-01&to=2026-11-07`), checked against what the server accepts, and turned into the
 * request's `from`/`to`.
 */

import { toDateInput } from '../../../lib/format';

export type Granularity = 'hour' | 'day';
export type PresetPeriod = '24h' | '7d' | '30d';
export type PeriodKind = PresetPeriod | 'custom';

export interface AnalyticsPeriod {
  kind: PeriodKind;
  granularity: Granularity;
  /** Custom periods only: local calendar days, both included (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

export const PRESETS: readonly { kind: PresetPeriod; label: string; hours: number }[] = [
  { kind: '24h', label: '24 hours', hours: 24 },
  { kind: '7d', label: '7 days', hours: 7 * 24 },
  { kind: '30d', label: '30 days', hours: 30 * 24 },
];

export const DEFAULT_PERIOD: AnalyticsPeriod = { kind: '7d', granularity: 'hour' };

/** The server keeps hourly rollups this long (ANALYTICS_RETENTION_DAYS); older days are empty. */
export const RETENTION_DAYS = 400;
/**
 * The server answers at most 24 × 93 points; hourly ranges stay under it with a day to spare (the
 * first hour is rounded down).
 */
export const MAX_HOURLY_DAYS = 92;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight of a YYYY-MM-DD day, or null when it is not a real day. */
export function parseDateInput(value: string): Date | null {
  if (!DATE.test(value)) return null;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Whole calendar days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  const start = parseDateInput(from);
  const end = parseDateInput(to);
  if (!start || !end) return 0;
  return Math.round((addDays(end, 1).getTime() - start.getTime()) / DAY_MS);
}

/** The first day a custom period may start on (older rollups are gone). */
export function earliestDay(now: Date): string {
  return toDateInput(addDays(now, -(RETENTION_DAYS - 1)));
}

export interface CustomRangeErrors {
  from?: string;
  to?: string;
}

/** What is wrong with a custom range, field by field (empty when it can be asked for). */
export function validateCustomRange(from: string, to: string, now: Date = new Date()): CustomRangeErrors {
  const errors: CustomRangeErrors = {};
  const today = toDateInput(now);
  const earliest = earliestDay(now);
  const start = parseDateInput(from);
  const end = parseDateInput(to);
  if (!from) errors.from = 'Choose a start date.';
  else if (!start) errors.from = 'Enter a valid date.';
  else if (from > today) errors.from = 'The start date cannot be in the future.';
  else if (from < earliest)
    errors.from = `Analytics are kept for ${RETENTION_DAYS} days: start on or after ${earliest}.`;
  if (!to) errors.to = 'Choose an end date.';
  else if (!end) errors.to = 'Enter a valid date.';
  else if (to > today) errors.to = 'The end date cannot be in the future.';
  if (!errors.from && !errors.to && from > to) errors.to = 'The end date must be on or after the start date.';
  return errors;
}

/** Whether hourly points may be asked for over this period. */
export function allowsHourly(period: Pick<AnalyticsPeriod, 'kind' | 'from' | 'to'>): boolean {
  if (period.kind !== 'custom') return true;
  return period.from !== undefined && period.to !== undefined && daysBetween(period.from, period.to) <= MAX_HOURLY_DAYS;
}

/** Hours for a day or a week, days beyond. */
export function defaultGranularity(period: Pick<AnalyticsPeriod, 'kind' | 'from' | 'to'>): Granularity {
  if (period.kind === '24h' || period.kind === '7d') return 'hour';
  if (period.kind === '30d') return 'day';
  return period.from && period.to && daysBetween(period.from, period.to) <= 7 ? 'hour' : 'day';
}

/** The period a URL asks for; anything it cannot be (a typo, a range the server refuses) is the default. */
export function periodFromSearch(search: URLSearchParams, now: Date = new Date()): AnalyticsPeriod {
  const kind = search.get('period');
  const asked = search.get('granularity');
  const granularity = asked === 'hour' || asked === 'day' ? asked : null;
  if (kind === 'custom') {
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    if (Object.keys(validateCustomRange(from, to, now)).length > 0) return DEFAULT_PERIOD;
    const base = { kind, from, to } as const;
    const chosen = granularity ?? defaultGranularity(base);
    return { ...base, granularity: chosen === 'hour' && !allowsHourly(base) ? 'day' : chosen };
  }
  const preset = PRESETS.find((candidate) => candidate.kind === kind);
  if (!preset) return granularity ? { ...DEFAULT_PERIOD, granularity } : DEFAULT_PERIOD;
  return { kind: preset.kind, granularity: granularity ?? defaultGranularity({ kind: preset.kind }) };
}

/** The search params that say a period (the inverse of periodFromSearch). */
export function periodToSearch(period: AnalyticsPeriod): Record<string, string> {
  const search: Record<string, string> = { period: period.kind, granularity: period.granularity };
  if (period.kind === 'custom' && period.from && period.to) {
    search.from = period.from;
    search.to = period.to;
  }
  return search;
}

/**
 * The request's bounds at the moment it is made: a preset runs up to now (the server's default
 * `to`), a custom period from the start of its first local day to the end of its last (or now).
 */
export function requestRange(period: AnalyticsPeriod, now: Date = new Date()): { from: string; to?: string } {
  if (period.kind !== 'custom') {
    const hours = PRESETS.find((preset) => preset.kind === period.kind)?.hours ?? 24;
    return { from: new Date(now.getTime() - hours * HOUR_MS).toISOString() };
  }
  const start = parseDateInput(period.from ?? '') ?? now;
  const endOfLastDay = addDays(parseDateInput(period.to ?? '') ?? now, 1);
  const end = endOfLastDay.getTime() > now.getTime() ? now : endOfLastDay;
  return { from: start.toISOString(), to: end.toISOString() };
}

/** "Last 7 days", "Nov 1 – Nov 7, 2026": the period in words, for headings and summaries. */
export function describePeriod(period: AnalyticsPeriod): string {
  if (period.kind !== 'custom') {
    return `the last ${PRESETS.find((preset) => preset.kind === period.kind)?.label ?? ''}`;
  }
  const from = parseDateInput(period.from ?? '');
  const to = parseDateInput(period.to ?? '');
  if (!from || !to) return 'the chosen period';
  const format = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
  return period.from === period.to ? format.format(from) : format.formatRange(from, to);
}
