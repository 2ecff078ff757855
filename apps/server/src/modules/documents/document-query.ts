import { type Field, type FieldType, type FilterOperator, type QueryRule, queryRuleOf } from '@plinth/contract';
import { AppError } from '../../lib/errors.js';
import type { CollectionModel } from '../collections/model.js';
import type { ReadStatus } from '../projects/content-policy.js';

export type Scalar = string | number | boolean;

/** One condition of a list, as REST, GraphQL and the blog ask for it (typed, not a query string). */
export interface DocumentFilter {
  /** A field or document column; `author.name` goes through the reference field `author`. */
  field: string;
  op: FilterOperator;
  /**
   * One value, or a list for `in` and `nin`. Strings are read as the field's type (REST has
   * strings only); numbers and booleans are taken as they are.
   */
  value: Scalar | readonly Scalar[];
  /** How errors name the condition; `filter[field][op]` unless given (REST names it as sent). */
  label?: string;
}

export interface DocumentSort {
  /** A scalar field or document column. */
  field: string;
  descending: boolean;
}

/** How one document is read: which copy, locale, fields, and what to resolve. */
export interface ReadDocument {
  status?: ReadStatus;
  /** A project locale, or `*` for every locale of localized fields; the default locale when absent. */
  locale?: string;
  /** Only these fields; all the caller may see when absent. */
  fields?: readonly string[];
  /** Reference and media fields to replace with what they point at; `*` for all of them. */
  populate?: readonly string[] | '*';
  /** How many levels populate follows (1–3). */
  depth?: number;
  /**
   * Audience keys to personalize with, in the order to try them: each document gets the first one's
   * variant it has (see VariantSource). Absent: no personalization.
   */
  audiences?: readonly string[];
}

/** A list of documents: the reading options, and which documents in which order. */
export interface ListDocuments extends ReadDocument {
  /** All must hold. */
  filter?: readonly DocumentFilter[];
  /** Newest first (`-created_at`) when absent or empty. */
  sort?: readonly DocumentSort[];
  /** Full-text search in the read locale. */
  search?: string;
  limit?: number;
  /** Where the page starts: a page number, an offset, or a cursor from the previous page. */
  page?: number;
  offset?: number;
  cursor?: string;
}

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

/** A string as a filter compares it; numbers and booleans as they are. */
const asText = (value: Scalar): string => (typeof value === 'string' ? value : String(value));

function coerce(ref: ValueRef, raw: Scalar, path: string): Scalar {
  const type: FieldType | 'id' = ref.kind === 'column' ? ref.type : ref.field.type;
  if (type === 'number' || type === 'integer') {
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(path, 'must be a number');
    return value;
  }
  if (type === 'boolean') {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
    throw bad(path, 'must be true or false');
  }
  const text = asText(raw);
  if (type === 'date') {
    if (!ISO_DATE.test(text) || !isRealDate(text)) throw bad(path, 'must be a date (YYYY-MM-DD)');
    return text;
  }
  if (type === 'datetime') {
    // Date.parse alone accepts almost anything ("x 1" is a date in V8), so the shape is checked first.
    const time = ISO_DATETIME.test(text) && isRealDate(text.slice(0, 10)) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(time)) throw bad(path, 'must be an ISO 8601 date and time');
    return new Date(time).toISOString();
  }
  return text;
}

/** The contract's rule for what a condition or sort key points at. */
function ruleOf(ref: ValueRef): QueryRule {
  if (ref.kind === 'column') return queryRuleOf({ type: ref.type === 'id' ? 'id' : 'timestamp' });
  return queryRuleOf({ type: ref.field.type, isMultiple: ref.field.options?.multiple === true });
}

const listOperators = new Intl.ListFormat('en', { type: 'conjunction' });

function checkOperator(ref: ValueRef, op: FilterOperator, path: string): void {
  const rule = ruleOf(ref);
  if (rule.operators.includes(op)) return;
  if (ref.kind === 'column') throw bad(path, `cannot use ${op} on ${ref.column}`);
  const { field } = ref;
  // Where one or two operators apply, the message names them; otherwise it says why this one does not fit.
  if (rule.operators.length <= 2) {
    const several = field.options?.multiple === true ? ' with several values' : '';
    throw bad(path, `${field.type} fields${several} only support ${listOperators.format(rule.operators)}`);
  }
  if (op === 'contains' || op === 'starts_with') throw bad(path, `${op} works on text fields only`);
  throw bad(path, `${op} does not apply to ${field.type} fields`);
}

const MAX_LIST_VALUES = 100;

function valueCondition(
  ref: ValueRef,
  op: FilterOperator,
  value: Scalar | readonly Scalar[],
  path: string,
): Condition & { kind: 'value' } {
  checkOperator(ref, op, path);
  const values: readonly Scalar[] = Array.isArray(value) ? value : [value as Scalar];
  // No stored value holds one: PostgreSQL refuses it in a parameter (a 500), and SQLite's LIKE
  // ends its pattern there (`contains: "a\0b"` would match every "a").
  if (values.some((item) => typeof item === 'string' && item.includes('\u0000'))) {
    throw bad(path, 'must not contain a NUL character');
  }
  if (op === 'in' || op === 'nin') {
    if (values.length > MAX_LIST_VALUES) throw bad(path, `takes at most ${MAX_LIST_VALUES} values`);
    return { kind: 'value', ref, op, values: values.map((item) => coerce(ref, item, path)) };
  }
  const [first] = values;
  if (values.length !== 1 || first === undefined) throw bad(path, 'must have one value');
  if (op === 'exists') {
    if (first !== true && first !== false && first !== 'true' && first !== 'false') {
      throw bad(path, 'must be true or false');
    }
    return { kind: 'value', ref, op, values: [first === true || first === 'true'] };
  }
  if ((op === 'contains' || op === 'starts_with') && asText(first).length === 0) throw bad(path, 'must not be empty');
  const multipleField = ref.kind === 'field' && ref.field.options?.multiple;
  return {
    kind: 'value',
    ref,
    op,
    values: [op === 'contains' && !multipleField ? asText(first) : coerce(ref, first, path)],
  };
}

const MAX_FILTERS = 20;
const MAX_SORT_KEYS = 5;

/** How errors name a condition when its caller gave no label. */
const labelOf = (filter: DocumentFilter) => filter.label ?? `filter[${filter.field}][${filter.op}]`;

/**
 * Checks typed conditions against the model and the caller's allow-list, and turns them into
 * the conditions the SQL compiler takes.
 * @example compileFilters([{ field: 'views', op: 'gt', value: 10 }], query) // [{ kind: 'value', op: 'gt', values: [10], … }]
 */
export function compileFilters(filters: readonly DocumentFilter[], query: QueryModel): Condition[] {
  const conditions = filters.map((filter) => {
    const path = labelOf(filter);
    const [name, subName, ...rest] = filter.field.split('.');
    if (name === undefined || rest.length > 0) throw bad(path, 'can go through one reference at most');
    if (subName === undefined) {
      return valueCondition(resolveName(name, query.collection, query, path), filter.op, filter.value, path);
    }
    const field = query.collection.fields.find((candidate) => candidate.name === name);
    if (!field || field.hidden || field.type !== 'reference') throw bad(path, `"${name}" is not a reference field`);
    const target = query.collections.get(field.options?.collection ?? '');
    if (!target) throw bad(path, `"${name}" points at a collection that no longer exists`);
    const inner = valueCondition(resolveName(subName, target, query, path), filter.op, filter.value, path);
    return { kind: 'reference', ref: fieldRef(field, query), target, inner } satisfies Condition;
  });
  if (conditions.length > MAX_FILTERS) throw bad('filter', `takes at most ${MAX_FILTERS} conditions`);
  return conditions;
}

/**
 * The order of a list. Sorting works on scalar fields and document columns; newest first
 * without a sort.
 * @example compileSort([{ field: 'views', descending: true }], query) // [{ ref: { kind: 'field', field: views, … }, descending: true }]
 */
export function compileSort(sort: readonly DocumentSort[] | undefined, query: QueryModel): SortKey[] {
  if (!sort || sort.length === 0) {
    return [{ ref: { kind: 'column', column: 'created_at', type: 'datetime' }, descending: true }];
  }
  if (sort.length > MAX_SORT_KEYS) throw bad('sort', `takes at most ${MAX_SORT_KEYS} fields`);
  return sort.map(({ field: name, descending }) => {
    const ref = resolveName(name, query.collection, query, 'sort');
    if (!ruleOf(ref).isSortable) {
      const type = ref.kind === 'field' ? ref.field.type : ref.type;
      throw bad('sort', `cannot sort on ${type} field "${name}"`);
    }
    return { ref, descending };
  });
}

/** Checks that each name is a field of the model the caller may see (for `fields` and `populate`). */
export function checkFieldNames(
  names: readonly string[],
  model: CollectionModel,
  seesHidden: boolean,
  param: string,
): void {
  for (const name of names) {
    const field = model.fields.find((candidate) => candidate.name === name);
    if (!field || (field.hidden && !seesHidden)) throw bad(param, `"${name}" is not a field of ${model.slug}`);
  }
}

/** Words of a search: letters and digits only, so no search syntax can be injected. */
export function searchTerms(q: string): string[] {
  const terms = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (terms.length === 0) throw bad('q', 'must contain a letter or a digit');
  return terms.slice(0, 10);
}
