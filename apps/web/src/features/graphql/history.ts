// Recent GraphQL requests of the explorer, kept in this browser only.

export interface HistoryEntry {
  projectId: string;
  query: string;
  variables: string;
  ranAt: string;
}

const KEY = 'plinth.graphql.history';
export const HISTORY_SIZE = 20;

function isEntry(value: unknown): value is HistoryEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.projectId === 'string' &&
    typeof entry.query === 'string' &&
    typeof entry.variables === 'string' &&
    typeof entry.ranAt === 'string'
  );
}

export function readHistory(): HistoryEntry[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter(isEntry).slice(0, HISTORY_SIZE) : [];
  } catch {
    // Unreadable or unavailable storage: start afresh.
    return [];
  }
}

function write(entries: HistoryEntry[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage full or unavailable (privacy modes): the history then lasts as long as the page.
  }
}

/** Puts a request first; running the same request again moves it up instead of repeating it. */
export function remember(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const same = (other: HistoryEntry) =>
    other.projectId === entry.projectId && other.query === entry.query && other.variables === entry.variables;
  const next = [entry, ...entries.filter((other) => !same(other))].slice(0, HISTORY_SIZE);
  write(next);
  return next;
}

export function forgetAll(): HistoryEntry[] {
  write([]);
  return [];
}

/** A line to recognise a request by: its operation name, else the start of its text. */
export function historyTitle(query: string): string {
  const operation = /\b(query|mutation)\s+([A-Za-z_]\w*)/.exec(query);
  if (operation) return `${operation[1]} ${operation[2]}`;
  const text = query
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return '(empty)';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
