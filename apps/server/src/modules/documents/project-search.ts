import type { Field, FieldType, SearchHit } from '@plinth/contract';
import type { DocumentRow } from '../../db/schema.js';
import type { CollectionModel } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { searchTerms } from './document-query.js';
import type { DocumentsRepository } from './documents.repository.js';
import { presentData, presentDocument, toStoredDocument } from './stored-document.js';

const DEFAULT_SEARCH_LIMIT = 8;

/** Text-like types a title can have that the full-text index also holds (so it finds them). */
const TITLE_TYPES: readonly FieldType[] = ['text', 'slug', 'email'];

/** Candidates read per query; titles narrow them down, so a page holds more than the hits asked for. */
const BATCH = 50;
/** Candidates looked at in all: a search whose words are everywhere but in titles stops here. */
const MAX_SCANNED = 400;

/**
 * The field that names a collection's documents: its display field when that is text-like, else
 * its first text field. Never a hidden one, so no reader learns a hidden value from a title.
 */
function titleField(collection: CollectionModel): Field | undefined {
  const visible = collection.fields.filter((field) => !field.hidden);
  return (
    visible.find((field) => field.name === collection.displayField && TITLE_TYPES.includes(field.type)) ??
    visible.find((field) => field.type === 'text')
  );
}

/** Lowercase, without accents, as words: how a title and a query are compared. */
const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** A document as a search hit: its title (when the collection has one) in `locale`, and its status. */
function hitOf(
  collection: CollectionModel,
  title: Field | undefined,
  row: DocumentRow,
  view: 'working' | 'published',
  locale: string,
): SearchHit {
  const document = presentDocument(collection, toStoredDocument(row), {
    view,
    locale,
    defaultLocale: locale,
    // Only the title is read here: no locale statuses to work out.
    locales: [],
    includeHidden: false,
    fields: new Set(title ? [title.name] : []),
  });
  const value = title ? document.data[title.name] : undefined;
  return {
    id: document.id,
    collection: document.collection,
    title: typeof value === 'string' && value !== '' ? value : null,
    status: document.status,
    updated_at: document.updated_at,
  };
}

/**
 * Whether the copy mentions the asset in what the reader may see: every locale, blocks inside
 * included, hidden fields only for those who see them.
 */
function mentionsVisibly(
  collection: CollectionModel,
  row: DocumentRow,
  view: 'working' | 'published',
  assetId: string,
  seesHidden: boolean,
): boolean {
  const stored = toStoredDocument(row);
  const copy = view === 'published' ? stored.publishedData : stored.data;
  if (!copy) return false;
  const visible = presentData(collection, copy, {
    view,
    locale: '*',
    defaultLocale: '*',
    locales: [],
    includeHidden: seesHidden,
    fields: null,
  });
  return JSON.stringify(visible).includes(assetId);
}

/**
 * Finds documents anywhere in a project by their title (the app's command palette): each word
 * of the query must begin a word of the title, in the default locale, without regard to case or
 * accents; live documents only, most recently updated first. The caller's content policy
 * decides the copy searched (content:read tokens search published snapshots), and titles are
 * never hidden fields.
 */
export class ProjectSearch {
  constructor(private readonly deps: { repository: DocumentsRepository; models: ModelCache }) {}

  /**
   * @example await search.search(grant, { q: 'getting sta', limit: 5 }) // [{ id, collection: 'pages', title: 'Getting started', … }]
   */
  async search(grant: ProjectGrant, input: { q: string; limit?: number }): Promise<SearchHit[]> {
    const terms = searchTerms(input.q);
    const wanted = terms.map((term) => words(term).join(''));
    const limit = input.limit ?? DEFAULT_SEARCH_LIMIT;
    const { copy } = grant.content.copyFor(undefined);
    const view = copy === 'published' ? 'published' : 'working';
    const model = await this.deps.models.get(grant.project.id);
    const titled = new Map<string, { collection: CollectionModel; title: Field }>();
    for (const collection of model.collections.values()) {
      const title = titleField(collection);
      if (title) titled.set(collection.id, { collection, title });
    }
    if (titled.size === 0) return [];
    const locale = grant.project.defaultLocale;
    const hits: SearchHit[] = [];
    for (let offset = 0; offset < MAX_SCANNED && hits.length < limit; offset += BATCH) {
      const rows = await this.deps.repository.searchProject({
        projectId: grant.project.id,
        collectionIds: [...titled.keys()],
        view,
        terms,
        locale,
        limit: BATCH,
        offset,
      });
      for (const row of rows) {
        const found = titled.get(row.collection_id);
        if (!found) continue;
        const hit = hitOf(found.collection, found.title, row, view, locale);
        const titleWords = hit.title === null ? [] : words(hit.title);
        if (!wanted.every((term) => titleWords.some((word) => word.startsWith(term)))) continue;
        hits.push(hit);
        if (hits.length === limit) break;
      }
      if (rows.length < BATCH) break;
    }
    return hits;
  }

  /**
   * The documents that use an asset (a media field, a block's media field, an image in rich
   * text), in the copy the caller reads, most recently updated first: `limit` of them, and how
   * many there are up to `MAX_SCANNED`. A mention only in a hidden field counts only for those who
   * see hidden fields, so no API token learns from this what one holds.
   * @example await search.usingAsset(grant, assetId, 20) // { hits: [{ id, collection: 'posts', title: 'Hello', … }], total: 1 }
   */
  async usingAsset(grant: ProjectGrant, assetId: string, limit: number): Promise<{ hits: SearchHit[]; total: number }> {
    const { copy } = grant.content.copyFor(undefined);
    const view = copy === 'published' ? 'published' : 'working';
    const model = await this.deps.models.get(grant.project.id);
    const rows = await this.deps.repository.mentioningAsset({
      projectId: grant.project.id,
      assetId,
      view,
      limit: MAX_SCANNED,
    });
    const byId = new Map([...model.collections.values()].map((collection) => [collection.id, collection]));
    const locale = grant.project.defaultLocale;
    const hits: SearchHit[] = [];
    for (const row of rows) {
      const collection = byId.get(row.collection_id);
      if (!collection || !mentionsVisibly(collection, row, view, assetId, grant.content.seesHidden)) continue;
      hits.push(hitOf(collection, titleField(collection), row, view, locale));
    }
    return { hits: hits.slice(0, limit), total: hits.length };
  }
}
