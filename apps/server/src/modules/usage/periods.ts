/**
 * A key that changes at most once an hour (months start on the hour in UTC), computed again only
 * when the hour changes: metering asks for one on every request.
 */
function hourly(format: (time: Date) => string): (time: Date) => string {
  let hour = Number.NaN;
  let key = '';
  return (time) => {
    const current = Math.floor(time.getTime() / 3_600_000);
    if (current !== hour) {
      hour = current;
      key = format(time);
    }
    return key;
  };
}

/** The calendar month (UTC) a time falls in, as used for quotas: `2026-11`. */
export const monthOf = hourly((time) => time.toISOString().slice(0, 7));

/** The first instant of the month and of the next one. */
export function monthBounds(time: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), 1));
  const end = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The hour a time falls in, as analytics rollups key it: `2026-11-22T10`. */
export const hourOf = hourly((time) => time.toISOString().slice(0, 13));
