import type { Document, Field, LocaleStatus } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { DocumentRow } from '../../db/schema.js';
import { fieldError } from '../../lib/errors.js';
import { presentBlocks } from '../collections/block-values.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { ContentCopy } from '../projects/content-policy.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { localeStatuses, snapshotLocales } from './locale-publishing.js';

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
  /** `version`, `updatedAt` and `updatedBy` as of the last publish: what snapshot readers see (null while unpublished). */
  publishedVersion: number | null;
  publishedUpdatedAt: string | null;
  publishedUpdatedBy: string | null;
  /** The locales the snapshot holds (null while unpublished, or for a snapshot from before per-locale publishing: every locale). */
  publishedLocales: string[] | null;
  /** The locales a scheduled publish and unpublish concern; null: every locale. */
  publishLocales: string[] | null;
  unpublishLocales: string[] | null;
}

const localesOf = (value: unknown): string[] | null => (value === null ? null : parseJson<string[]>(value));

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
  publishedVersion: row.published_version === null ? null : Number(row.published_version),
  publishedUpdatedAt: row.published_updated_at,
  publishedUpdatedBy: row.published_updated_by,
  publishedLocales: localesOf(row.published_locales),
  publishLocales: localesOf(row.publish_locales),
  unpublishLocales: localesOf(row.unpublish_locales),
});

/**
 * The document with a new published snapshot (taken from the working copy now), or with none:
 * the snapshot's data and locales, and the metadata its readers see.
 */
export function withSnapshot(
  document: StoredDocument,
  snapshot: { data: StoredData; locales: readonly string[] } | null,
): Pick<
  StoredDocument,
  'publishedData' | 'publishedVersion' | 'publishedUpdatedAt' | 'publishedUpdatedBy' | 'publishedLocales'
> {
  return snapshot
    ? {
        publishedData: snapshot.data,
        publishedLocales: [...snapshot.locales],
        publishedVersion: document.version,
        publishedUpdatedAt: document.updatedAt,
        publishedUpdatedBy: document.updatedBy,
      }
    : {
        publishedData: null,
        publishedLocales: null,
        publishedVersion: null,
        publishedUpdatedAt: null,
        publishedUpdatedBy: null,
      };
}

/** How a caller reads: which copy, which locale, and what it may see. */
export interface ReadOptions {
  /** `published` reads the snapshot; `working` and `trash` the working copy. */
  view: ContentCopy;
  /** A project locale, or `*` for every locale of localized fields. */
  locale: string;
  defaultLocale: string;
  /** The project's locales, for `locale_status`. */
  locales: readonly string[];
  /** Members see hidden fields; API tokens never do. */
  includeHidden: boolean;
  /** `fields=` projection; null for all. */
  fields: ReadonlySet<string> | null;
}

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

/** A blocks value (or, with `locale=*`, a locale map of them) projected for the reader. */
function presentBlocksValue(model: CollectionModel, field: Field, value: unknown, options: ReadOptions): unknown {
  if (field.localized && options.locale === '*' && isLocaleMap(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([locale, blocks]) => [
        locale,
        presentBlocks(blocks, model.components, options.includeHidden),
      ]),
    );
  }
  return presentBlocks(value, model.components, options.includeHidden);
}

/**
 * Stored data → the flat `data` of API.md (or locale maps with `locale=*`). The one place that
 * decides what a reader sees of a document's data: every reader (REST, GraphQL, webhook
 * payloads) goes through it, so hidden fields, inside blocks too, never reach API tokens.
 */
export function presentData(model: CollectionModel, stored: StoredData, options: ReadOptions): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of visibleFields(model, options.includeHidden)) {
    if (options.fields && !options.fields.has(field.name)) continue;
    let value =
      options.locale === '*' || !field.localized
        ? stored[field.name]
        : localizedValue(field, stored, options.locale, options.defaultLocale);
    if (field.type === 'blocks' && value !== undefined) value = presentBlocksValue(model, field, value, options);
    data[field.name] = value === undefined ? null : value;
  }
  return data;
}

/** What readers of the snapshot learn of its locales: which it holds, never whether the working copy moved on. */
function snapshotStatuses(document: StoredDocument, options: ReadOptions): LocaleStatus {
  const published = snapshotLocales(document, options);
  return Object.fromEntries(
    options.locales.map((locale) => [locale, published.includes(locale) ? 'published' : 'draft'] as const),
  );
}

/**
 * A stored document as the API returns it. Readers of the published snapshot get it as it was
 * at the last publish: its version, update time and author, and nothing of the working copy's
 * review or schedule.
 */
export function presentDocument(model: CollectionModel, document: StoredDocument, options: ReadOptions): Document {
  const snapshot = options.view === 'published';
  const stored = snapshot ? (document.publishedData ?? {}) : document.data;
  return {
    id: document.id,
    collection: model.slug,
    locale: options.locale,
    status: snapshot ? 'published' : document.status,
    workflow_stage: snapshot ? null : document.workflowStage,
    version: snapshot ? (document.publishedVersion ?? document.version) : document.version,
    data: presentData(model, stored, options),
    created_at: document.createdAt,
    updated_at: snapshot ? (document.publishedUpdatedAt ?? document.updatedAt) : document.updatedAt,
    published_at: document.publishedAt,
    publish_at: snapshot ? null : document.publishAt,
    unpublish_at: document.unpublishAt,
    publish_locales: snapshot || document.publishAt === null ? null : document.publishLocales,
    unpublish_locales: document.unpublishAt === null ? null : document.unpublishLocales,
    locale_status: snapshot
      ? snapshotStatuses(document, options)
      : localeStatuses(model, document, { locales: options.locales, defaultLocale: options.defaultLocale }),
    created_by: document.createdBy,
    updated_by: snapshot ? document.publishedUpdatedBy : document.updatedBy,
  };
}

/** The Document a writer gets back: the working copy in the locale it wrote, as the caller may see it. */
export const presentWritten = (
  grant: ProjectGrant,
  collection: CollectionModel,
  document: StoredDocument,
  locale: string = grant.project.defaultLocale,
): Document =>
  presentDocument(collection, document, {
    view: 'working',
    locale,
    defaultLocale: grant.project.defaultLocale,
    locales: grant.project.locales,
    includeHidden: grant.content.seesHidden,
    fields: null,
  });

/**
 * The locale a read or write is in: the one asked for, which must be one of the project's (or
 * `*`, every locale, where `allowAll`), else the project's default locale.
 */
export function projectLocale(project: ProjectRecord, requested: string | undefined, allowAll: boolean): string {
  const locale = requested ?? project.defaultLocale;
  if ((locale === '*' && allowAll) || project.locales.includes(locale)) return locale;
  throw fieldError(
    'locale',
    `must be one of the project's locales (${project.locales.join(', ')})${allowAll ? ' or *' : ''}`,
  );
}
