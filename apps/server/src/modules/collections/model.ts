import type { Collection, Component, Field } from '@plinth/contract';
import { parseJson, toBool } from '../../db/database.js';
import type { CollectionRow, ComponentRow } from '../../db/schema.js';

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
  fields: Field[];
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

export const toCollectionModel = (row: CollectionRow): CollectionModel => ({
  id: row.id,
  projectId: row.project_id,
  slug: row.slug,
  name: row.name,
  singular: row.singular,
  description: row.description,
  kind: row.kind,
  displayField: row.display_field,
  requiresApproval: toBool(row.requires_approval),
  fields: parseJson<Field[]>(row.fields),
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
