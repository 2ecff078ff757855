/** The calendar month (UTC) a time falls in, as used for quotas: `2026-11`. */
export const monthOf = (time: Date): string => time.toISOString().slice(0, 7);

/** The first instant of the month and of the next one. */
export function monthBounds(time: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), 1));
  const end = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The hour a time falls in, as analytics rollups key it: `2026-11-22T10`. */
export const hourOf = (time: Date): string => time.toISOString().slice(0, 13);
