import type { Field, FieldType } from '@plinth/contract';
import type { DocumentSearchTable } from '../../db/schema.js';
import { richTextToPlain } from '../collections/field-values.js';
import type { CollectionModel } from '../collections/model.js';
import { localizedValue, type StoredData } from './stored-document.js';

const SEARCHED_TYPES: readonly FieldType[] = ['text', 'longtext', 'richtext', 'slug', 'email', 'select'];

function textOf(field: Field, value: unknown): string {
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join(' ');
  if (typeof value !== 'string') return '';
  return field.type === 'richtext' ? richTextToPlain(value) : value;
}

/** The fields whose text goes into the full-text rows: visible ones of the searched types. */
const searchedFields = (fields: readonly Field[]): Field[] =>
  fields.filter((field) => !field.hidden && SEARCHED_TYPES.includes(field.type));

/**
 * Whether a model change changes what the full-text rows hold (a field hidden or shown, removed,
 * retyped, relocalized), so the rows stored under the old model must be rebuilt.
 */
export function searchedFieldsChanged(before: readonly Field[], after: readonly Field[]): boolean {
  const shape = (fields: readonly Field[]) =>
    JSON.stringify(searchedFields(fields).map((field) => [field.name, field.type, Boolean(field.localized)]));
  return shape(before) !== shape(after);
}

/**
 * The full-text rows of a document: one per locale and per copy (working and published), so a
 * reader of published content never matches words that exist only in a draft. Hidden fields
 * are never searchable.
 */
export function searchRows(options: {
  model: CollectionModel;
  documentId: string;
  data: StoredData;
  publishedData: StoredData | null;
  locales: readonly string[];
  defaultLocale: string;
}): DocumentSearchTable[] {
  const fields = searchedFields(options.model.fields);
  const rows: DocumentSearchTable[] = [];
  const copies = [
    ['draft', options.data] as const,
    ...(options.publishedData ? [['published', options.publishedData] as const] : []),
  ];
  for (const [variant, stored] of copies) {
    for (const locale of options.locales) {
      const content = fields
        .map((field) => textOf(field, localizedValue(field, stored, locale, options.defaultLocale)))
        .filter(Boolean)
        .join('\n');
      if (content) {
        rows.push({ document_id: options.documentId, collection_id: options.model.id, variant, locale, content });
      }
    }
  }
  return rows;
}
