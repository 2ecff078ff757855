import type { ImportProblem } from '@plinth/contract';

/** The ids an archive may hold for documents, versions, assets and webhooks. */
export const ARCHIVE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Adds a problem to a report's list (conflicts or errors), up to the list's bound. */
export type ReportProblem = (list: ImportProblem[], entry: string, message: string) => void;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** JSON with sorted object keys: two equal values compare equal whatever their key order. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
