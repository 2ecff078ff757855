import type { Document, ListMeta } from '@plinth/contract';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { DEFAULT_LIMIT } from '../../lib/pagination.js';
import type { CollectionModel } from '../collections/model.js';
import type { ModelCache, ProjectModel } from '../collections/model-cache.js';
import type { MediaService } from '../media/media.service.js';
import type { ContentCopy } from '../projects/content-policy.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { ContentIndexes } from './content-indexes.js';
import { decodeCursor, encodeCursor, sortValues } from './cursor.js';
import {
  checkFieldNames,
  compileFilters,
  compileSort,
  type ListDocuments,
  type ReadDocument,
  searchTerms,
} from './document-query.js';
import { applyOverrides, type PickedVariant, type VariantSource } from './document-variants.js';
import type { DocumentCounts, DocumentsRepository, ListRequest } from './documents.repository.js';
import { populate } from './populate.js';
import { referencedIds } from './references.js';
import {
  presentDocument,
  projectLocale,
  type ReadOptions,
  type StoredDocument,
  toStoredDocument,
} from './stored-document.js';

/** `meta.audience` of a personalized read (absent when the read named no audience and sent no visitor). */
export interface AudienceMeta {
  audience?: string | null;
}

/**
 * Reading documents: one by id, and lists with filters, sorts, search and pages. Each is one
 * operation with a typed input; REST, GraphQL and the blog build that input, and the caller's
 * content policy decides, in the queries themselves, which copy it reads and what it sees.
 */
export class DocumentReads {
  constructor(
    private readonly deps: {
      repository: DocumentsRepository;
      models: ModelCache;
      indexes: ContentIndexes;
      media: Pick<MediaService, 'findLiveAssets'>;
      /** Variants for personalized reads (the personalization module); none without it. */
      variants?: VariantSource;
    },
  ) {}

  /**
   * The documents with the variant each gets among `input.audiences` laid over the copy read
   * (the trash has none), and the audience applied first in that order (null: none).
   */
  private async personalize(
    grant: ProjectGrant,
    collection: CollectionModel,
    documents: StoredDocument[],
    input: ReadDocument,
    copy: ContentCopy,
  ): Promise<{ documents: StoredDocument[]; meta: AudienceMeta }> {
    const { audiences } = input;
    if (audiences === undefined) return { documents, meta: {} };
    const { variants } = this.deps;
    if (!variants || copy === 'trash' || audiences.length === 0 || documents.length === 0) {
      return { documents, meta: { audience: null } };
    }
    const picked: ReadonlyMap<string, PickedVariant> = await variants.pick({
      projectId: grant.project.id,
      documentIds: documents.map((document) => document.id),
      audiences,
      copy,
    });
    const applied = new Set([...picked.values()].map((variant) => variant.audience));
    return {
      documents: documents.map((document) => {
        const variant = picked.get(document.id);
        if (!variant) return document;
        return copy === 'published'
          ? { ...document, publishedData: applyOverrides(collection, document.publishedData ?? {}, variant.data) }
          : { ...document, data: applyOverrides(collection, document.data, variant.data) };
      }),
      meta: { audience: audiences.find((key) => applied.has(key)) ?? null },
    };
  }

  /** How the caller reads `copy` (what its policy gives for the status asked): the locale, and the fields it sees. */
  private readOptions(
    grant: ProjectGrant,
    collection: CollectionModel,
    input: ReadDocument,
    copy: ContentCopy,
  ): ReadOptions {
    const includeHidden = grant.content.seesHidden;
    if (input.fields) checkFieldNames(input.fields, collection, includeHidden, 'fields');
    return {
      view: copy,
      locale: projectLocale(grant.project, input.locale, true),
      defaultLocale: grant.project.defaultLocale,
      locales: grant.project.locales,
      includeHidden,
      fields: input.fields ? new Set(input.fields) : null,
    };
  }

  private async populateAll(
    documents: Document[],
    grant: ProjectGrant,
    model: ProjectModel,
    collection: CollectionModel,
    input: ReadDocument,
    read: ReadOptions,
  ): Promise<void> {
    if (!input.populate) return;
    const names =
      input.populate === '*'
        ? collection.fields
            .filter((field) => field.type === 'reference' || field.type === 'media')
            .map((field) => field.name)
        : input.populate;
    if (input.populate !== '*') checkFieldNames(names, collection, read.includeHidden, 'populate');
    for (const name of names) {
      const field = collection.fields.find((candidate) => candidate.name === name);
      if (field?.type !== 'reference' && field?.type !== 'media') {
        throw fieldError('populate', `"${name}" is not a reference or media field`);
      }
    }
    await populate(documents, collection, names, input.depth ?? 1, {
      repository: this.deps.repository,
      media: this.deps.media,
      projectId: grant.project.id,
      model,
      read: { ...read, fields: null },
    });
  }

  /** How many of the project's live documents are in each state (trash aside). */
  countByState(projectId: string): Promise<DocumentCounts> {
    return this.deps.repository.countByState(projectId);
  }

  /**
   * One page of a collection's documents.
   * @example await reads.list(grant, 'articles', { filter: [{ field: 'views', op: 'gt', value: 10 }], sort: [{ field: 'views', descending: true }] })
   */
  async list(
    grant: ProjectGrant,
    slug: string,
    input: ListDocuments,
  ): Promise<{ data: Document[]; meta: ListMeta & AudienceMeta }> {
    const { model, collection } = await this.deps.models.collection(grant.project.id, slug);
    const { copy, status } = grant.content.copyFor(input.status);
    const read = this.readOptions(grant, collection, input, copy);
    const localeForValues = read.locale === '*' ? read.defaultLocale : read.locale;
    const queryModel = {
      collection,
      collections: model.collections,
      locale: localeForValues,
      defaultLocale: grant.project.defaultLocale,
    };
    const filters = compileFilters(input.filter ?? [], queryModel);
    const sort = compileSort(input.sort, queryModel);
    const limit = input.limit ?? DEFAULT_LIMIT;
    if (input.cursor !== undefined && input.page !== undefined) {
      throw fieldError('cursor', 'cannot be combined with page');
    }
    const after = input.cursor !== undefined ? decodeCursor(input.cursor, sort) : null;
    const offset = after ? 0 : (input.offset ?? ((input.page ?? 1) - 1) * limit);
    await this.deps.indexes.ensure(collection.fields, grant.project);
    const request: ListRequest = {
      projectId: grant.project.id,
      collectionId: collection.id,
      view: copy,
      filters,
      sort,
      limit,
      offset,
      after,
      search: input.search ? { terms: searchTerms(input.search), locale: localeForValues } : null,
      status,
    };
    const { repository } = this.deps;
    const [rows, total] = await Promise.all([repository.list(request), repository.count(request)]);
    const hasMore = rows.length > limit;
    const stored = rows.slice(0, limit).map(toStoredDocument);
    const last = stored.at(-1);
    const nextCursor =
      hasMore && last ? encodeCursor(sort, sortValues(sort, last, copy === 'published'), last.id) : null;
    const personalized = await this.personalize(grant, collection, stored, input, copy);
    const data = personalized.documents.map((document) => presentDocument(collection, document, read));
    await this.populateAll(data, grant, model, collection, input, read);
    const page = after ? 1 : (input.page ?? Math.floor(offset / limit) + 1);
    return { data, meta: { total, page, limit, next_cursor: nextCursor, ...personalized.meta } };
  }

  /** One document, in the copy the caller's policy gives it; a 404 when that copy does not exist. */
  async find(grant: ProjectGrant, slug: string, id: string, input: ReadDocument): Promise<Document> {
    return (await this.read(grant, slug, id, input)).data;
  }

  /**
   * One document as delivery answers it: with `meta.audience` when the read is personalized
   * (`input.audiences`), the document then holding that audience's variant.
   */
  async read(
    grant: ProjectGrant,
    slug: string,
    id: string,
    input: ReadDocument,
  ): Promise<{ data: Document; meta?: AudienceMeta }> {
    const preview = grant.content.previewOf;
    if (preview) {
      await this.checkPreviewReach(grant, preview, slug, id, input);
      // Its document's references, and no further.
      input = { ...input, depth: 1 };
    }
    const { model, collection } = await this.deps.models.collection(grant.project.id, slug);
    const read = this.readOptions(grant, collection, input, grant.content.copyFor(input.status).copy);
    const row = await this.deps.repository.find(
      { projectId: grant.project.id, collectionId: collection.id, copy: read.view },
      id,
    );
    if (!row) throw notFound('Document');
    const personalized = await this.personalize(grant, collection, [toStoredDocument(row)], input, read.view);
    const [stored = toStoredDocument(row)] = personalized.documents;
    const document = presentDocument(collection, stored, read);
    await this.populateAll([document], grant, model, collection, input, read);
    return input.audiences === undefined ? { data: document } : { data: document, meta: personalized.meta };
  }

  /**
   * A preview token reads its own document, and the documents its working copy references
   * (what the previewed page shows of them); anything else is a 404, as for any document a
   * caller cannot see. Never the trash.
   */
  private async checkPreviewReach(
    grant: ProjectGrant,
    preview: { collection: string; id: string },
    slug: string,
    id: string,
    input: ReadDocument,
  ): Promise<void> {
    if (input.status === 'deleted') throw forbidden('A preview token reads working copies, not the trash');
    if (slug === preview.collection && id === preview.id) return;
    const { collection } = await this.deps.models.collection(grant.project.id, preview.collection);
    const root = await this.deps.repository.find(
      { projectId: grant.project.id, collectionId: collection.id, copy: 'working' },
      preview.id,
    );
    if (!root || !referencedIds(collection, toStoredDocument(root).data).has(id)) throw notFound('Document');
  }

  /**
   * A live document's working copy, for its history. History is part of the working copy:
   * readers of published content only (content:read tokens) get a 403.
   */
  async findWorking(
    grant: ProjectGrant,
    slug: string,
    id: string,
  ): Promise<{ collection: CollectionModel; document: StoredDocument }> {
    grant.content.copyFor('draft');
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const row = await this.deps.repository.find(
      { projectId: grant.project.id, collectionId: collection.id, copy: 'working' },
      id,
    );
    if (!row) throw notFound('Document');
    return { collection, document: toStoredDocument(row) };
  }
}
