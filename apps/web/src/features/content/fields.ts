import type { Collection, Field, FieldType, FilterOperator } from '@plinth/contract';
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

/** What a filter compares: a model field's type, a timestamp of the document, or its id. */
export type FilterFieldType = FieldType | 'timestamp' | 'id';

/** A path the list can filter on: a field, a document timestamp, or a field one reference away (`author.name`). */
export interface FilterField {
  path: string;
  label: string;
  type: FilterFieldType;
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

/** Scalar types the API can sort on (it refuses references, media, blocks, json). */
const SORTABLE: ReadonlySet<FieldType> = new Set([
  'text',
  'longtext',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'email',
  'url',
  'slug',
  'select',
]);

/** Whether a list column (a field or a system column) can be sorted by the API. */
export function isSortable(collection: Collection, key: string): boolean {
  if (key === 'status') return false;
  if (key in SYSTEM_LABELS) return true;
  const field = collection.fields.find((item) => item.name === key);
  return field ? SORTABLE.has(field.type) && !field.options?.multiple : false;
}

const TEXT_OPS: readonly FilterOperator[] = ['contains', 'starts_with', 'eq', 'ne', 'in', 'nin', 'exists'];
const ORDERED_OPS: readonly FilterOperator[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'exists'];
const CHOICE_OPS: readonly FilterOperator[] = ['eq', 'ne', 'in', 'nin', 'exists'];
const BOOLEAN_OPS: readonly FilterOperator[] = ['eq', 'ne', 'exists'];
const PRESENCE_OPS: readonly FilterOperator[] = ['exists'];

/** The operators that make sense for a type (all are the API's). */
export function operatorsFor(type: FilterFieldType): readonly FilterOperator[] {
  switch (type) {
    case 'text':
    case 'longtext':
    case 'richtext':
    case 'email':
    case 'url':
    case 'slug':
      return TEXT_OPS;
    case 'number':
    case 'integer':
    case 'date':
    case 'datetime':
    case 'timestamp':
      return ORDERED_OPS;
    case 'boolean':
      return BOOLEAN_OPS;
    case 'select':
    case 'reference':
    case 'media':
    case 'id':
      return CHOICE_OPS;
    default:
      return PRESENCE_OPS;
  }
}

const isDateLike = (type: FilterFieldType) => type === 'date' || type === 'datetime' || type === 'timestamp';

/** How an operator reads in a sentence about a field of this type ("published before …"). */
export function operatorLabel(op: FilterOperator, type: FilterFieldType): string {
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
