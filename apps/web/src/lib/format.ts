const COUNT = new Intl.NumberFormat('en');

/** 12345 → "12,345". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** 104857600 → "100 MB", 107374182400 → "100 GB" (binary units, as the plan limits are counted). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

const DATE_TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const DATE_ONLY = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** "2026-11-25T02:49:52.000Z" → "Nov 25, 2026, 2:49 AM" (in the reader's time zone). */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** "2026-11-25T02:49:52.000Z" → "Nov 25, 2026" (in the reader's time zone). */
export function formatDate(iso: string): string {
  return DATE_ONLY.format(new Date(iso));
}

/** A local calendar day as an input[type=date] writes it: "2026-11-25" (in the reader's time zone). */
export function toDateInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** A time as people say it: "just now", "5 minutes ago", "in 3 days", "last year". */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(value) < 45) return 'just now';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return RELATIVE.format(Math.round(value), unit);
    value /= size;
  }
  return RELATIVE.format(Math.round(value), 'year');
}

/** 4 → "4 ms", 1234 → "1.2 s", 10000 → "10 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

/** How long from one instant to another (or now), at a useful precision: "45 min", "3 h 20 min", "2 d 4 h". */
export function formatElapsed(fromIso: string, toIso?: string | null): string {
  const to = toIso ? Date.parse(toIso) : Date.now();
  const minutes = Math.max(0, Math.round((to - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
