import type { Field, FieldType, SearchHit } from '@plinth/contract';
import type { CollectionModel } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { searchTerms } from './document-query.js';
import type { DocumentsRepository } from './documents.repository.js';
import { presentDocument, toStoredDocument } from './stored-document.js';

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
        const document = presentDocument(found.collection, toStoredDocument(row), {
          view,
          locale,
          defaultLocale: locale,
          // Only the title is read here: no locale statuses to work out.
          locales: [],
          includeHidden: false,
          fields: new Set([found.title.name]),
        });
        const value = document.data[found.title.name];
        const title = typeof value === 'string' && value !== '' ? value : null;
        const titleWords = title === null ? [] : words(title);
        if (!wanted.every((term) => titleWords.some((word) => word.startsWith(term)))) continue;
        hits.push({
          id: document.id,
          collection: document.collection,
          title,
          status: document.status,
          updated_at: document.updated_at,
        });
        if (hits.length === limit) break;
      }
      if (rows.length < BATCH) break;
    }
    return hits;
  }
}
