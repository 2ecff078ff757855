import type { Document, Field } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { DocumentRow } from '../../db/schema.js';
import type { CollectionModel } from '../collections/model.js';

/** Stored data: field name → value, where localized fields hold `{ [locale]: value }`. */
export type StoredData = Record<string, unknown>;

export interface StoredDocument {
  id: string;
  projectId: string;
  collectionId: string;
  data: StoredData;
  publishedData: StoredData | null;
  status: Document['status'];
  workflowStage: Document['workflow_stage'];
  version: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  publishAt: string | null;
  unpublishAt: string | null;
  createdBy: string | null;
  updatedBy: string | null;
  deletedAt: string | null;
}

export const toStoredDocument = (row: DocumentRow): StoredDocument => ({
  id: row.id,
  projectId: row.project_id,
  collectionId: row.collection_id,
  data: parseJson<StoredData>(row.data),
  publishedData: row.published_data === null ? null : parseJson<StoredData>(row.published_data),
  status: row.status,
  workflowStage: row.workflow_stage,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  publishedAt: row.published_at,
  publishAt: row.publish_at,
  unpublishAt: row.unpublish_at,
  createdBy: row.created_by,
  updatedBy: row.updated_by,
  deletedAt: row.deleted_at,
});

/** How a caller reads: which copy, which locale, and what it may see. */
export interface ReadOptions {
  /** `published` reads the snapshot; `working` and `trash` the working copy. */
  view: 'working' | 'published' | 'trash';
  /** A project locale, or `*` for every locale of localized fields. */
  locale: string;
  defaultLocale: string;
  /** Members see hidden fields; API tokens never do. */
  includeHidden: boolean;
  /** `fields=` projection; null for all. */
  fields: ReadonlySet<string> | null;
}

const isLocaleMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One field's value for a locale, falling back to the default locale. */
export function localizedValue(field: Field, stored: StoredData, locale: string, defaultLocale: string): unknown {
  const value = stored[field.name];
  if (!field.localized) return value;
  if (!isLocaleMap(value)) return undefined;
  return value[locale] ?? value[defaultLocale];
}

/** The fields a caller may read, in model order (removed fields are never returned). */
export const visibleFields = (model: CollectionModel, includeHidden: boolean): Field[] =>
  model.fields.filter((field) => includeHidden || !field.hidden);

/** Stored data → the flat `data` of API.md (or locale maps with `locale=*`). */
export function presentData(model: CollectionModel, stored: StoredData, options: ReadOptions): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of visibleFields(model, options.includeHidden)) {
    if (options.fields && !options.fields.has(field.name)) continue;
    const value =
      options.locale === '*' || !field.localized
        ? stored[field.name]
        : localizedValue(field, stored, options.locale, options.defaultLocale);
    data[field.name] = value === undefined ? null : value;
  }
  return data;
}

/** A stored document as the API returns it. */
export function presentDocument(model: CollectionModel, document: StoredDocument, options: ReadOptions): Document {
  const snapshot = options.view === 'published';
  const stored = snapshot ? (document.publishedData ?? {}) : document.data;
  return {
    id: document.id,
    collection: model.slug,
    locale: options.locale,
    status: snapshot ? 'published' : document.status,
    workflow_stage: document.workflowStage,
    version: document.version,
    data: presentData(model, stored, options),
    created_at: document.createdAt,
    updated_at: document.updatedAt,
    published_at: document.publishedAt,
    publish_at: document.publishAt,
    unpublish_at: document.unpublishAt,
    created_by: document.createdBy,
    updated_by: document.updatedBy,
  };
}
