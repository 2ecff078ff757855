import { FILTER_OPERATORS, type FilterOperator } from '@plinth/contract';

/** The list's status filter; `deleted` is the trash. */
export const LIST_STATUSES = ['draft', 'published', 'changed', 'deleted'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** One condition of the list, as the API takes it: `filter[field][op]=value`. */
export interface DocumentFilter {
  field: string;
  op: FilterOperator;
  value: string;
}

export interface SortKey {
  id: string;
  desc: boolean;
}

/** Everything that shapes the content list; all of it lives in the URL. */
export interface ContentView {
  collection: string | null;
  /** Full-text search; empty for none. */
  q: string;
  /** Empty: the default order (last changed first). */
  sort: SortKey[];
  filters: DocumentFilter[];
  /** Null when the URL does not choose (the stored or default columns apply). */
  columns: string[] | null;
  /** Null: the project's default locale. */
  locale: string | null;
  /** Null: every document out of the trash. */
  status: ListStatus | null;
}

export const DEFAULT_SORT: readonly SortKey[] = [{ id: 'updated_at', desc: true }];

const FILTER_KEY = /^filter\[([a-z0-9_.]+)\](?:\[([a-z_]+)\])?$/;

const isOperator = (value: string): value is FilterOperator => (FILTER_OPERATORS as readonly string[]).includes(value);
const isStatus = (value: string | null): value is ListStatus =>
  value !== null && (LIST_STATUSES as readonly string[]).includes(value);

/** "-published_at,title" → [{ id: 'published_at', desc: true }, { id: 'title', desc: false }]. */
export function parseSort(value: string | null): SortKey[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (part.startsWith('-') ? { id: part.slice(1), desc: true } : { id: part, desc: false }));
}

export function formatSort(sort: readonly SortKey[]): string {
  return sort.map((key) => `${key.desc ? '-' : ''}${key.id}`).join(',');
}

/**
 * Reads the view from a query string; what it does not understand is left out.
 * @example parseView(new URLSearchParams('collection=articles&filter[author.name][eq]=Ada')).filters
 *   // [{ field: 'author.name', op: 'eq', value: 'Ada' }]
 */
export function parseView(params: URLSearchParams): ContentView {
  const filters: DocumentFilter[] = [];
  for (const [key, value] of params) {
    const match = FILTER_KEY.exec(key);
    if (!match?.[1]) continue;
    const op = match[2] ?? 'eq';
    if (isOperator(op)) filters.push({ field: match[1], op, value });
  }
  const columns = params.get('columns');
  const status = params.get('status');
  return {
    collection: params.get('collection') || null,
    q: params.get('q') ?? '',
    sort: parseSort(params.get('sort')),
    filters,
    columns: columns === null ? null : columns.split(',').filter(Boolean),
    locale: params.get('locale') || null,
    status: isStatus(status) ? status : null,
  };
}

/** Writes the view as a query string, in a fixed order so equal views have equal URLs. */
export function formatView(view: ContentView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.collection) params.set('collection', view.collection);
  if (view.status) params.set('status', view.status);
  if (view.locale) params.set('locale', view.locale);
  if (view.q) params.set('q', view.q);
  if (view.sort.length > 0) params.set('sort', formatSort(view.sort));
  if (view.columns) params.set('columns', view.columns.join(','));
  for (const filter of view.filters) params.append(`filter[${filter.field}][${filter.op}]`, filter.value);
  return params;
}
