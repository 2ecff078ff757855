import { FILTER_OPERATORS, type Field, type FieldType, type FilterOperator } from '@plinth/contract';
import { AppError } from '../../lib/errors.js';
import type { CollectionModel } from '../collections/model.js';

export type Scalar = string | number | boolean;

/** What a condition or sort key points at: a document column, or a model field's value. */
export type ValueRef =
  | { kind: 'column'; column: 'id' | 'created_at' | 'updated_at' | 'published_at'; type: 'id' | 'datetime' }
  | {
      kind: 'field';
      field: Field;
      /** The locale of a localized field's value; undefined for shared fields. */
      locale: string | undefined;
      /** The default locale, whose value stands in where `locale` has none (as in reads). */
      fallback?: string | undefined;
    };

export type FieldRef = ValueRef & { kind: 'field' };

export type Condition =
  | { kind: 'value'; ref: ValueRef; op: FilterOperator; values: Scalar[] }
  | { kind: 'reference'; ref: FieldRef; target: CollectionModel; inner: Condition & { kind: 'value' } };

export interface SortKey {
  ref: ValueRef;
  descending: boolean;
}

const SYSTEM_COLUMNS = {
  id: 'id',
  created_at: 'datetime',
  updated_at: 'datetime',
  published_at: 'datetime',
} as const;

const TEXT_TYPES: readonly FieldType[] = ['text', 'longtext', 'richtext', 'email', 'url', 'slug', 'select'];
const ORDERED_TYPES: readonly FieldType[] = [
  'text',
  'email',
  'url',
  'slug',
  'number',
  'integer',
  'date',
  'datetime',
  'select',
];
const EQUALITY_TYPES: readonly FieldType[] = [...ORDERED_TYPES, 'boolean', 'reference', 'media', 'longtext'];

const bad = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${path} ${message}`, [{ path, message }]);

export interface QueryModel {
  collection: CollectionModel;
  /** Collections that reference fields may point at, by slug. */
  collections: ReadonlyMap<string, CollectionModel>;
  /** Locale of localized values (the requested one, or the default for `*`). */
  locale: string;
  /** The project's default locale: where a localized value is missing, its value counts. */
  defaultLocale: string;
  includeHidden: boolean;
}

/** How a model field is read in the query's locale: its own value, else the default locale's. */
function fieldRef(field: Field, query: QueryModel): FieldRef {
  if (!field.localized) return { kind: 'field', field, locale: undefined };
  const fallback = query.locale === query.defaultLocale ? undefined : query.defaultLocale;
  return { kind: 'field', field, locale: query.locale, ...(fallback ? { fallback } : {}) };
}

/**
 * Finds what `name` may refer to. This is the allow-list of DESIGN.md: model fields the caller
 * may see, and four document columns; anything else (hidden fields, unknown names, other tables)
 * is a 400 before any SQL is built.
 */
function resolveName(name: string, model: CollectionModel, query: QueryModel, path: string): ValueRef {
  // Object.hasOwn: `in` would also accept names every object inherits (`constructor`, `__proto__`).
  if (Object.hasOwn(SYSTEM_COLUMNS, name)) {
    const column = name as keyof typeof SYSTEM_COLUMNS;
    return { kind: 'column', column, type: SYSTEM_COLUMNS[column] };
  }
  const field = model.fields.find((candidate) => candidate.name === name);
  if (!field || field.hidden) throw bad(path, `"${name}" is not a field that can be queried`);
  return fieldRef(field, query);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A date, or a date and time with a time zone (`Z` or an offset). */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** Whether YYYY-MM-DD names a day that exists (no 2026-02-30). */
function isRealDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

function coerce(ref: ValueRef, raw: string, path: string): Scalar {
  const type: FieldType | 'id' = ref.kind === 'column' ? ref.type : ref.field.type;
  if (type === 'number' || type === 'integer') {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) throw bad(path, 'must be a number');
    return value;
  }
  if (type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw bad(path, 'must be true or false');
    return raw === 'true';
  }
  if (type === 'date') {
    if (!ISO_DATE.test(raw) || !isRealDate(raw)) throw bad(path, 'must be a date (YYYY-MM-DD)');
    return raw;
  }
  if (type === 'datetime') {
    // Date.parse alone accepts almost anything ("x 1" is a date in V8), so the shape is checked first.
    const time = ISO_DATETIME.test(raw) && isRealDate(raw.slice(0, 10)) ? Date.parse(raw) : Number.NaN;
    if (Number.isNaN(time)) throw bad(path, 'must be an ISO 8601 date and time');
    return new Date(time).toISOString();
  }
  return raw;
}

function checkOperator(ref: ValueRef, op: FilterOperator, path: string): void {
  if (op === 'exists') return;
  if (ref.kind === 'column') {
    if (op === 'contains' || op === 'starts_with') throw bad(path, `cannot use ${op} on ${ref.column}`);
    return;
  }
  const { field } = ref;
  const multiple = field.options?.multiple === true;
  if (multiple || field.type === 'json' || field.type === 'blocks') {
    if (op !== 'contains' || field.type === 'json' || field.type === 'blocks') {
      throw bad(
        path,
        `${field.type} fields${multiple ? ' with several values' : ''} only support ${multiple && field.type !== 'json' && field.type !== 'blocks' ? 'contains and ' : ''}exists`,
      );
    }
    return;
  }
  if ((op === 'contains' || op === 'starts_with') && !TEXT_TYPES.includes(field.type)) {
    throw bad(path, `${op} works on text fields only`);
  }
  if (['gt', 'gte', 'lt', 'lte'].includes(op) && !ORDERED_TYPES.includes(field.type)) {
    throw bad(path, `${op} does not apply to ${field.type} fields`);
  }
  if (['eq', 'ne', 'in', 'nin'].includes(op) && !EQUALITY_TYPES.includes(field.type)) {
    throw bad(path, `${op} does not apply to ${field.type} fields`);
  }
}

function valueCondition(ref: ValueRef, op: FilterOperator, raw: string, path: string): Condition & { kind: 'value' } {
  checkOperator(ref, op, path);
  if (op === 'exists') {
    if (raw !== 'true' && raw !== 'false') throw bad(path, 'must be true or false');
    return { kind: 'value', ref, op, values: [raw === 'true'] };
  }
  if (op === 'in' || op === 'nin') {
    const parts = raw.split(',');
    if (parts.length > 100) throw bad(path, 'takes at most 100 values');
    return { kind: 'value', ref, op, values: parts.map((part) => coerce(ref, part, path)) };
  }
  if ((op === 'contains' || op === 'starts_with') && raw.length === 0) throw bad(path, 'must not be empty');
  const multipleField = ref.kind === 'field' && ref.field.options?.multiple;
  return { kind: 'value', ref, op, values: [op === 'contains' && !multipleField ? raw : coerce(ref, raw, path)] };
}

const FILTER_KEY = /^filter\[([a-z0-9_.]+)\](?:\[([a-z_]+)\])?$/;
const MAX_FILTERS = 20;

/**
 * Parses `filter[field][op]=value` parameters (and `filter[field]=value` for eq).
 * @example parseFilters({ 'filter[views][gt]': '10' }, query) // [{ kind: 'value', op: 'gt', values: [10], … }]
 */
export function parseFilters(params: Record<string, unknown>, query: QueryModel): Condition[] {
  const conditions: Condition[] = [];
  for (const [key, rawValue] of Object.entries(params)) {
    if (!key.startsWith('filter')) continue;
    const match = FILTER_KEY.exec(key);
    if (!match?.[1]) throw bad(key, 'must look like filter[field][operator]');
    const op = (match[2] ?? 'eq') as FilterOperator;
    if (!FILTER_OPERATORS.includes(op)) throw bad(key, `operator must be one of ${FILTER_OPERATORS.join(', ')}`);
    const raw = Array.isArray(rawValue) ? rawValue.at(-1) : rawValue;
    if (typeof raw !== 'string') throw bad(key, 'must have a value');
    const [name, subName, ...rest] = match[1].split('.');
    if (!name || rest.length > 0) throw bad(key, 'can go through one reference at most');
    if (subName === undefined) {
      conditions.push(valueCondition(resolveName(name, query.collection, query, key), op, raw, key));
      continue;
    }
    const field = query.collection.fields.find((candidate) => candidate.name === name);
    if (!field || field.hidden || field.type !== 'reference') throw bad(key, `"${name}" is not a reference field`);
    const target = query.collections.get(field.options?.collection ?? '');
    if (!target) throw bad(key, `"${name}" points at a collection that no longer exists`);
    const inner = valueCondition(resolveName(subName, target, query, key), op, raw, key);
    conditions.push({ kind: 'reference', ref: fieldRef(field, query), target, inner });
  }
  if (conditions.length > MAX_FILTERS) throw bad('filter', `takes at most ${MAX_FILTERS} conditions`);
  return conditions;
}

/**
 * Parses `sort=-published_at,title`. Sorting works on scalar fields and document columns.
 * @example parseSort('-views', query) // [{ ref: { kind: 'field', field: views, … }, descending: true }]
 */
export function parseSort(raw: string | undefined, query: QueryModel): SortKey[] {
  if (raw === undefined || raw.trim() === '')
    return [{ ref: { kind: 'column', column: 'created_at', type: 'datetime' }, descending: true }];
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length > 5) throw bad('sort', 'takes at most 5 fields');
  return parts.map((part) => {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const ref = resolveName(name, query.collection, query, 'sort');
    if (
      ref.kind === 'field' &&
      ((!ORDERED_TYPES.includes(ref.field.type) && ref.field.type !== 'boolean') || ref.field.options?.multiple)
    ) {
      throw bad('sort', `cannot sort on ${ref.field.type} field "${name}"`);
    }
    return { ref, descending };
  });
}

/** Parses a comma-separated list of field names (for `fields` and `populate`). */
export function parseFieldList(
  raw: string | undefined,
  model: CollectionModel,
  includeHidden: boolean,
  param: string,
): string[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    const field = model.fields.find((candidate) => candidate.name === name);
    if (!field || (field.hidden && !includeHidden)) throw bad(param, `"${name}" is not a field of ${model.slug}`);
  }
  return names;
}

/** Words of a `q` search: letters and digits only, so no search syntax can be injected. */
export function searchTerms(q: string): string[] {
  const terms = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (terms.length === 0) throw bad('q', 'must contain a letter or a digit');
  return terms.slice(0, 10);
}
