import type { Collection, Component, Field } from '@plinth/contract';
import { parseJson, toBool } from '../../db/database.js';
import type { CollectionRow, ComponentRow } from '../../db/schema.js';
import type { ComponentFields } from './field-values.js';

/** A collection as services use it. */
export interface CollectionModel {
  id: string;
  projectId: string;
  slug: string;
  name: string;
  singular: string;
  description: string;
  kind: 'collection' | 'singleton';
  displayField: string | null;
  requiresApproval: boolean;
  /** Where documents are previewed (a URL template); null for none. */
  previewUrl: string | null;
  fields: Field[];
  /**
   * The project's components, read with this collection: what its blocks values hold, so that
   * readers of a document (hidden fields, references inside blocks) need nothing else.
   */
  components: ComponentFields;
  /** Moves on every change of the collection's shape; a write validated under another one is stale. */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export interface ComponentModel {
  id: string;
  name: string;
  label: string;
  description: string;
  fields: Field[];
  createdAt: string;
  updatedAt: string;
}

export const toCollectionModel = (row: CollectionRow, components: ComponentFields): CollectionModel => ({
  id: row.id,
  projectId: row.project_id,
  slug: row.slug,
  name: row.name,
  singular: row.singular,
  description: row.description,
  kind: row.kind,
  displayField: row.display_field,
  requiresApproval: toBool(row.requires_approval),
  previewUrl: row.preview_url,
  fields: parseJson<Field[]>(row.fields),
  components,
  revision: Number(row.model_revision),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toComponentModel = (row: ComponentRow): ComponentModel => ({
  id: row.id,
  name: row.name,
  label: row.label,
  description: row.description,
  fields: parseJson<Field[]>(row.fields),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toCollection = (model: CollectionModel): Collection => ({
  slug: model.slug,
  name: model.name,
  singular: model.singular,
  description: model.description,
  kind: model.kind,
  display_field: model.displayField,
  requires_approval: model.requiresApproval,
  preview_url: model.previewUrl,
  fields: model.fields,
  created_at: model.createdAt,
  updated_at: model.updatedAt,
});

export const toComponent = (model: ComponentModel): Component => ({
  name: model.name,
  label: model.label,
  description: model.description,
  fields: model.fields,
  created_at: model.createdAt,
  updated_at: model.updatedAt,
});

/** Last words whose final `s` is not a plural one, so dropping it would not give a singular. */
const NOT_PLURAL = new Set(['news', 'series', 'species', 'status', 'analysis', 'basis', 'canvas', 'bus', 'gas']);

/**
 * `articles` → `article`; a slug without a plural `s` gets `_item` (API.md): `news` →
 * `news_item`, `glass` → `glass_item`, `people` → `people_item`.
 */
export const defaultSingular = (slug: string): string => {
  const lastWord = slug.slice(slug.lastIndexOf('_') + 1);
  const isPlural =
    lastWord.length > 1 && lastWord.endsWith('s') && !lastWord.endsWith('ss') && !NOT_PLURAL.has(lastWord);
  return isPlural ? slug.slice(0, -1) : `${slug}_item`;
};

/**
 * Whether a stored value is a locale map (`{ en: …, es: … }`), the form localized fields are
 * stored in; any other value is a shared field's value.
 */
export const isLocaleMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
