import type { Document, Field } from '@plinth/contract';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { ProjectModel } from '../collections/model-cache.js';
import type { MediaService } from '../media/media.service.js';
import type { DocumentsRepository } from './documents.repository.js';
import { presentDocument, type ReadOptions, toStoredDocument } from './stored-document.js';

interface PopulateOptions {
  repository: DocumentsRepository;
  media: Pick<MediaService, 'findLiveAssets'>;
  projectId: string;
  model: ProjectModel;
  read: ReadOptions;
}

/**
 * The ids a reference or media field holds as presented: a string, a list, or with `locale=*`
 * a localized field's locale map of those.
 */
function linkIds(field: Field, value: unknown, read: ReadOptions): string[] {
  if (read.locale === '*' && field.localized && isLocaleMap(value)) return Object.values(value).flatMap(idsOf);
  return idsOf(value);
}

/** Replaces the ids a field holds (in every locale of a `locale=*` map) with what `resolve` finds. */
function replaceLinks(field: Field, value: unknown, read: ReadOptions, resolve: (id: string) => unknown): unknown {
  if (read.locale === '*' && field.localized && isLocaleMap(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([locale, item]) => [
        locale,
        replaceLinks({ ...field, localized: false }, item, read, resolve),
      ]),
    );
  }
  if (Array.isArray(value)) return idsOf(value).flatMap((id) => resolve(id) ?? []);
  if (typeof value === 'string') return resolve(value) ?? null;
  return value;
}

/** Replaces media ids with their Assets (one query for the whole page); deleted assets drop out. */
async function populateMedia(documents: Document[], fields: readonly Field[], options: PopulateOptions): Promise<void> {
  if (fields.length === 0) return;
  const ids = new Set<string>();
  for (const document of documents)
    for (const field of fields) for (const id of linkIds(field, document.data[field.name], options.read)) ids.add(id);
  if (ids.size === 0) return;
  const assets = await options.media.findLiveAssets(options.projectId, [...ids], {
    locale: options.read.locale,
    defaultLocale: options.read.defaultLocale,
  });
  for (const document of documents) {
    for (const field of fields) {
      document.data[field.name] = replaceLinks(field, document.data[field.name], options.read, (id) => assets.get(id));
    }
  }
}

const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((id): id is string => typeof id === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/**
 * Replaces reference ids with the referenced documents, `depth` levels deep. Each level costs
 * one query per referenced collection, however many documents are on the page, and reads only
 * documents the reader may see. A reference the reader cannot see (deleted, or unpublished for
 * a reader of published content) becomes null, or drops out of a list.
 * @example await populate(documents, collection, ['author'], 2, options)
 */
export async function populate(
  documents: Document[],
  collection: CollectionModel,
  fieldNames: readonly string[],
  depth: number,
  options: PopulateOptions,
): Promise<void> {
  if (documents.length === 0 || depth < 1) return;
  const visible = (field: Field) => fieldNames.includes(field.name) && (options.read.includeHidden || !field.hidden);
  await populateMedia(
    documents,
    collection.fields.filter((field) => field.type === 'media' && visible(field)),
    options,
  );
  const fields = collection.fields.filter(
    (field) =>
      field.type === 'reference' && fieldNames.includes(field.name) && (options.read.includeHidden || !field.hidden),
  );
  const byTarget = new Map<string, { target: CollectionModel; fields: Field[]; ids: Set<string> }>();
  for (const field of fields) {
    const target = options.model.collections.get(field.options?.collection ?? '');
    if (!target) continue;
    const group = byTarget.get(target.slug) ?? { target, fields: [], ids: new Set<string>() };
    group.fields.push(field);
    for (const document of documents) {
      for (const id of linkIds(field, document.data[field.name], options.read)) group.ids.add(id);
    }
    byTarget.set(target.slug, group);
  }
  for (const { target, fields: targetFields, ids } of byTarget.values()) {
    const copy = options.read.view === 'published' ? 'published' : 'working';
    const rows = await options.repository.findMany({ projectId: options.projectId, collectionId: target.id, copy }, [
      ...ids,
    ]);
    const nested = rows.map((row) =>
      presentDocument(target, toStoredDocument(row), { ...options.read, view: copy, fields: null }),
    );
    // One level deeper, every reference and media field of the referenced documents is resolved.
    const deeper = target.fields
      .filter((field) => field.type === 'reference' || field.type === 'media')
      .map((field) => field.name);
    await populate(nested, target, deeper, depth - 1, options);
    const byId = new Map(nested.map((document) => [document.id, document]));
    for (const document of documents) {
      for (const field of targetFields) {
        document.data[field.name] = replaceLinks(field, document.data[field.name], options.read, (id) => byId.get(id));
      }
    }
  }
}
