import {
  type DocumentListQuery,
  type DocumentReadQuery,
  FILTER_OPERATORS,
  type FilterOperator,
} from '@plinth/contract';
import { fieldError } from '../../lib/errors.js';
import type { DocumentFilter, DocumentSort, ListDocuments, ReadDocument } from './document-query.js';

const FILTER_KEY = /^filter\[([a-z0-9_.]+)\](?:\[([a-z_]+)\])?$/;

/** `a, b,c` → ['a', 'b', 'c']; nothing at all when blank. */
function names(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * `filter[field][op]=value` parameters (and `filter[field]=value` for eq) as typed conditions.
 * REST has strings only: `in` and `nin` separate their values with commas, and values are read
 * as the field's type by the document reads.
 * @example filtersOf({ 'filter[views][gt]': '10' }) // [{ field: 'views', op: 'gt', value: '10', label: 'filter[views][gt]' }]
 */
function filtersOf(params: Record<string, unknown>): DocumentFilter[] {
  const filters: DocumentFilter[] = [];
  for (const [key, rawValue] of Object.entries(params)) {
    if (!key.startsWith('filter')) continue;
    const match = FILTER_KEY.exec(key);
    if (!match?.[1]) throw fieldError(key, 'must look like filter[field][operator]');
    const op = (match[2] ?? 'eq') as FilterOperator;
    if (!FILTER_OPERATORS.includes(op)) throw fieldError(key, `operator must be one of ${FILTER_OPERATORS.join(', ')}`);
    const raw = Array.isArray(rawValue) ? rawValue.at(-1) : rawValue;
    if (typeof raw !== 'string') throw fieldError(key, 'must have a value');
    filters.push({ field: match[1], op, value: op === 'in' || op === 'nin' ? raw.split(',') : raw, label: key });
  }
  return filters;
}

/** `sort=-published_at,title` as sort keys. */
function sortOf(raw: string | undefined): DocumentSort[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw.split(',').map((part) => {
    const name = part.trim();
    return name.startsWith('-') ? { field: name.slice(1), descending: true } : { field: name, descending: false };
  });
}

/**
 * REST's read parameters (`locale`, `fields`, `populate`, `depth`, `status`) as the typed input
 * of a read: the one place that parses their comma-separated lists.
 */
export function readInputOf(query: DocumentReadQuery): ReadDocument {
  const fields = names(query.fields);
  const populate = query.populate?.trim() === '*' ? '*' : names(query.populate);
  return {
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.locale !== undefined ? { locale: query.locale } : {}),
    ...(fields ? { fields } : {}),
    ...(populate ? { populate } : {}),
    ...(query.depth !== undefined ? { depth: query.depth } : {}),
  };
}

/**
 * REST's list query as the typed input of a list: the one place that parses `filter[…]`,
 * `sort` and the read parameters.
 * @example listInputOf({ 'filter[views][gt]': '10', sort: '-views' })
 */
export function listInputOf(query: DocumentListQuery): ListDocuments {
  const filter = filtersOf(query as Record<string, unknown>);
  const sort = sortOf(query.sort);
  return {
    ...readInputOf(query),
    ...(filter.length > 0 ? { filter } : {}),
    ...(sort ? { sort } : {}),
    ...(query.q !== undefined ? { search: query.q } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(query.page !== undefined ? { page: query.page } : {}),
    ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
  };
}
