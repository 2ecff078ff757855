import type { Granularity } from './period';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** 12345 → "12.3K", for axes. */
export const formatCompact = (value: number): string => compact.format(value);

/** A share as a percentage: 0.0123 → "1.2%", 0 → "0%", null (nothing to divide) → "—". */
export function formatShare(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '—';
  if (share === 0) return '0%';
  if (share < 0.001) return '<0.1%';
  return `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
}

/** Latency in ms: 0 → "0 ms", 3.456 → "3.5 ms", 1234 → "1.23 s", null → "—". */
export function formatMs(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value === 0) return '0 ms';
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
}

// Days are the server's UTC days; hours are shown in the browser's time zone.
const utcDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utcDayFull = new Intl.DateTimeFormat('en', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const localHour = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const localDayHour = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const localFull = new Intl.DateTimeFormat('en', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An axis tick: "14:00" within a day, "Nov 24, 14:00" over several, "Nov 24" for days. */
export function formatTick(iso: string, granularity: Granularity, spansDays: boolean): string {
  const date = new Date(iso);
  if (granularity === 'day') return utcDay.format(date);
  return spansDays ? localDayHour.format(date) : localHour.format(date);
}

/** A point's bucket in full: "Tue, Nov 24, 2026, 14:00 – 15:00" or "Tue, Nov 24, 2026 (UTC day)". */
export function formatBucket(iso: string, granularity: Granularity): string {
  const date = new Date(iso);
  if (granularity === 'day') return `${utcDayFull.format(date)} (UTC day)`;
  return `${localFull.format(date)} – ${localHour.format(new Date(date.getTime() + 3_600_000))}`;
}
