import {
  type Collection,
  type Field,
  type FieldType,
  type FilterOperator,
  type QueryValueType,
  queryRuleOf,
} from '@plinth/contract';
import { fieldLabel, humanize } from '../../lib/field-label';

/** The list's own columns beside the model's fields. */
export const SYSTEM_COLUMNS = ['status', 'updated_at', 'published_at', 'created_at'] as const;
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number];

const SYSTEM_LABELS: Record<SystemColumn | 'id', string> = {
  id: 'ID',
  status: 'Status',
  updated_at: 'Updated',
  published_at: 'Published',
  created_at: 'Created',
};

/** A path the list can filter on: a field, a document timestamp, or a field one reference away (`author.name`). */
export interface FilterField {
  path: string;
  label: string;
  type: QueryValueType;
  /** A field with several values (`options.multiple`): filters test for one of its items. */
  isMultiple?: boolean;
  choices?: readonly string[];
}

export function columnLabel(collection: Collection, key: string): string {
  if (key in SYSTEM_LABELS) return SYSTEM_LABELS[key as SystemColumn];
  const field = collection.fields.find((item) => item.name === key);
  return field ? fieldLabel(field) : humanize(key);
}

/** The field that names a document in lists: the model's display field, else its first text field. */
export function displayFieldOf(collection: Collection): string | null {
  if (collection.display_field) return collection.display_field;
  return collection.fields.find((field) => field.type === 'text' && !field.hidden)?.name ?? null;
}

/** Whether a list column (a field or a system column) can be sorted by the API. */
export function isSortable(collection: Collection, key: string): boolean {
  // `status` is a list parameter of its own, not something the API sorts on.
  if (key === 'status') return false;
  if (key in SYSTEM_LABELS) return queryRuleOf({ type: key === 'id' ? 'id' : 'timestamp' }).isSortable;
  const field = collection.fields.find((item) => item.name === key);
  return field ? queryRuleOf({ type: field.type, isMultiple: field.options?.multiple === true }).isSortable : false;
}

const isDateLike = (type: QueryValueType) => type === 'date' || type === 'datetime' || type === 'timestamp';

const ORDER_OPERATORS: readonly FilterOperator[] = ['gt', 'gte', 'lt', 'lte'];

/**
 * Whether the filter builder offers an operator the API takes. Order only on numbers and dates:
 * text compares by code point ("Zoo" before "apple"), and choices and ids have no order a person
 * filters by. "Is one of" adds nothing to "is" and "is not" on a yes/no.
 */
function isOffered(op: FilterOperator, type: QueryValueType): boolean {
  if (ORDER_OPERATORS.includes(op)) return type === 'number' || type === 'integer' || isDateLike(type);
  if (op === 'in' || op === 'nin') return type !== 'boolean';
  return true;
}

/** The operators the filter builder offers for a field, from those the API takes for its type. */
export function operatorsFor(field: Pick<FilterField, 'type' | 'isMultiple'>): readonly FilterOperator[] {
  return queryRuleOf(field).operators.filter((op) => isOffered(op, field.type));
}

/** How an operator reads in a sentence about a field of this type ("published before …"). */
export function operatorLabel(op: FilterOperator, type: QueryValueType): string {
  const dates = isDateLike(type);
  switch (op) {
    case 'eq':
      return 'is';
    case 'ne':
      return 'is not';
    case 'gt':
      return dates ? 'is after' : 'is greater than';
    case 'gte':
      return dates ? 'is on or after' : 'is at least';
    case 'lt':
      return dates ? 'is before' : 'is less than';
    case 'lte':
      return dates ? 'is on or before' : 'is at most';
    case 'in':
      return 'is one of';
    case 'nin':
      return 'is none of';
    case 'contains':
      return 'contains';
    case 'starts_with':
      return 'starts with';
    case 'exists':
      return 'is set';
  }
}

const filterField = (field: Field, prefix?: { path: string; label: string }): FilterField => ({
  path: prefix ? `${prefix.path}.${field.name}` : field.name,
  label: prefix ? `${prefix.label} › ${fieldLabel(field)}` : fieldLabel(field),
  type: field.type,
  ...(field.options?.multiple ? { isMultiple: true } : {}),
  ...(field.options?.choices ? { choices: field.options.choices } : {}),
});

/**
 * Every path the list can filter on: the collection's visible fields, its id and timestamps,
 * and the fields of referenced collections one level deep (`author.name`), as the API allows.
 */
export function filterFieldsOf(collection: Collection, collections: readonly Collection[]): FilterField[] {
  const own = collection.fields.filter((field) => !field.hidden);
  const through = own.flatMap((field) => {
    if (field.type !== 'reference' || !field.options?.collection) return [];
    const target = collections.find((item) => item.slug === field.options?.collection);
    if (!target) return [];
    return target.fields
      .filter((sub) => !sub.hidden && sub.type !== 'reference' && sub.type !== 'blocks')
      .map((sub) => filterField(sub, { path: field.name, label: fieldLabel(field) }));
  });
  return [
    ...own.map((field) => filterField(field)),
    { path: 'updated_at', label: SYSTEM_LABELS.updated_at, type: 'timestamp' },
    { path: 'published_at', label: SYSTEM_LABELS.published_at, type: 'timestamp' },
    { path: 'created_at', label: SYSTEM_LABELS.created_at, type: 'timestamp' },
    { path: 'id', label: SYSTEM_LABELS.id, type: 'id' },
    ...through,
  ];
}

/** Every column a person can choose for this collection, in model order then the list's own. */
export function columnChoices(collection: Collection): string[] {
  const display = displayFieldOf(collection);
  return [
    ...collection.fields.filter((field) => !field.hidden && field.name !== display).map((field) => field.name),
    ...SYSTEM_COLUMNS,
  ];
}

/** Types worth a column by default: short values people scan and sort by. */
const DEFAULT_COLUMN_TYPES: ReadonlySet<FieldType> = new Set([
  'reference',
  'select',
  'date',
  'datetime',
  'boolean',
  'number',
  'integer',
]);

/** The columns of a collection nobody has chosen columns for: two telling fields, status and last change. */
export function defaultColumns(collection: Collection): string[] {
  const display = displayFieldOf(collection);
  const telling = collection.fields
    .filter((field) => !field.hidden && field.name !== display && DEFAULT_COLUMN_TYPES.has(field.type))
    .slice(0, 2)
    .map((field) => field.name);
  return [...telling, 'status', 'updated_at'];
}
