import type {
  CreateDocumentBody,
  Document,
  DocumentListQuery,
  DocumentReadQuery,
  Field,
  ListMeta,
  UpdateDocumentBody,
} from '@plinth/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { DEFAULT_LIMIT } from '../../lib/pagination.js';
import { toSlug } from '../../lib/slugs.js';
import type { AuditActor } from '../audit/audit.service.js';
import { AuditService } from '../audit/audit.service.js';
import { CollectionsRepository } from '../collections/collections.repository.js';
import { checkValue, MAX_SLUG_LENGTH, type ValueProblem } from '../collections/field-values.js';
import type { CollectionModel } from '../collections/model.js';
import type { ModelCache, ProjectModel } from '../collections/model-cache.js';
import { MediaRepository } from '../media/media.repository.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { VersionsRepository } from '../versions/versions.repository.js';
import { blockValues, carryHiddenValues } from './block-values.js';
import { ContentIndexes } from './content-indexes.js';
import { decodeCursor, encodeCursor, sortValues } from './cursor.js';
import { actorUserId, DocumentWriter } from './document-writer.js';
import { DocumentsRepository, type ListRequest } from './documents.repository.js';
import { parseFieldList, parseFilters, parseSort, type Scalar, searchTerms } from './list-query.js';
import { populate } from './populate.js';
import {
  presentDocument,
  type ReadOptions,
  type StoredData,
  type StoredDocument,
  toStoredDocument,
  withSnapshot,
} from './stored-document.js';

type View = ReadOptions['view'];

/** `image/*` matches every image type; anything else matches exactly. */
const mimeMatches = (pattern: string, mimeType: string): boolean =>
  pattern.endsWith('/*') ? mimeType.startsWith(pattern.slice(0, -1)) : pattern === mimeType;

const isLocaleMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a view shows a document: the trash its deleted ones, the others its live ones. */
const isVisible = (document: StoredDocument, view: View): boolean =>
  view === 'trash'
    ? document.deletedAt !== null
    : document.deletedAt === null && (view === 'working' || document.publishedData !== null);

/** The dedupe key of a document's scheduled publish or unpublish job (to find and cancel it). */
export const scheduleJobKey = (action: 'publish' | 'unpublish', documentId: string): string =>
  `${action}:${documentId}`;

function validationError(problems: ValueProblem[]): AppError {
  const [first] = problems;
  return new AppError('VALIDATION_FAILED', first ? `${first.path} ${first.message}` : 'The data is invalid', problems);
}

/** Documents of a collection: the one implementation behind REST (and, later, GraphQL). */
export class DocumentsService {
  readonly repository: DocumentsRepository;
  private readonly indexes: ContentIndexes;

  private readonly writer: DocumentWriter;
  private readonly audit: AuditService;
  private readonly jobs: JobQueue;

  constructor(
    private readonly ctx: AppContext,
    private readonly models: ModelCache,
  ) {
    this.repository = new DocumentsRepository(ctx.db, ctx.dialect, ctx.delivery);
    this.indexes = new ContentIndexes(ctx.db, ctx.dialect);
    this.audit = new AuditService(ctx);
    this.jobs = ctx.jobs;
    this.writer = new DocumentWriter(this.repository, new VersionsRepository(ctx.db), this.audit, ctx);
  }

  async collection(grant: ProjectGrant, slug: string): Promise<{ model: ProjectModel; collection: CollectionModel }> {
    const model = await this.models.get(grant.project.id);
    const collection = model.collections.get(slug);
    if (!collection) throw notFound('Collection');
    return { model, collection };
  }

  private locale(grant: ProjectGrant, requested: string | undefined, allowAll: boolean): string {
    const locale = requested ?? grant.project.defaultLocale;
    if ((locale === '*' && allowAll) || grant.project.locales.includes(locale)) return locale;
    throw fieldError(
      'locale',
      `must be one of the project's locales (${grant.project.locales.join(', ')})${allowAll ? ' or *' : ''}`,
    );
  }

  /**
   * Which copy a caller reads. API tokens without `content:preview` only ever see published
   * snapshots; everyone else sees the working copy unless they ask for `status=published`.
   */
  view(grant: ProjectGrant, status: DocumentReadQuery['status']): { view: View; status: 'draft' | 'changed' | null } {
    const canPreview = grant.can('content.preview');
    if (status === 'published' || (status === undefined && !canPreview)) return { view: 'published', status: null };
    if (!canPreview) throw forbidden('This API token can read published content only');
    if (status === 'deleted') return { view: 'trash', status: null };
    return { view: 'working', status: status ?? null };
  }

  private readOptions(
    grant: ProjectGrant,
    collection: CollectionModel,
    query: DocumentReadQuery,
    view: View,
  ): ReadOptions {
    const includeHidden = grant.principal.kind === 'user';
    const fields = parseFieldList(query.fields, collection, includeHidden, 'fields');
    return {
      view,
      locale: this.locale(grant, query.locale, true),
      defaultLocale: grant.project.defaultLocale,
      includeHidden,
      fields: fields ? new Set(fields) : null,
    };
  }

  private async populateAll(
    documents: Document[],
    grant: ProjectGrant,
    model: ProjectModel,
    collection: CollectionModel,
    query: DocumentReadQuery,
    read: ReadOptions,
  ): Promise<void> {
    if (!query.populate) return;
    const names =
      query.populate.trim() === '*'
        ? collection.fields
            .filter((field) => field.type === 'reference' || field.type === 'media')
            .map((field) => field.name)
        : (parseFieldList(query.populate, collection, read.includeHidden, 'populate') ?? []);
    for (const name of names) {
      const field = collection.fields.find((candidate) => candidate.name === name);
      if (field?.type !== 'reference' && field?.type !== 'media') {
        throw fieldError('populate', `"${name}" is not a reference or media field`);
      }
    }
    await populate(documents, collection, names, query.depth ?? 1, {
      repository: this.repository,
      media: new MediaRepository(this.ctx.db, this.ctx.dialect),
      publicUrl: this.ctx.config.publicUrl,
      projectId: grant.project.id,
      model,
      read: { ...read, fields: null },
    });
  }

  async list(
    grant: ProjectGrant,
    slug: string,
    query: DocumentListQuery,
  ): Promise<{ data: Document[]; meta: ListMeta }> {
    const { model, collection } = await this.collection(grant, slug);
    const { view, status } = this.view(grant, query.status);
    const read = this.readOptions(grant, collection, query, view);
    const localeForValues = read.locale === '*' ? read.defaultLocale : read.locale;
    const queryModel = {
      collection,
      collections: model.collections,
      locale: localeForValues,
      defaultLocale: grant.project.defaultLocale,
      includeHidden: false,
    };
    const filters = parseFilters(query as Record<string, unknown>, queryModel);
    const sort = parseSort(query.sort, queryModel);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const page = query.page ?? 1;
    if (query.cursor !== undefined && query.page !== undefined) {
      throw fieldError('cursor', 'cannot be combined with page');
    }
    const after = query.cursor !== undefined ? decodeCursor(query.cursor, sort) : null;
    await this.indexes.ensure(collection.fields, grant.project);
    const request: ListRequest = {
      projectId: grant.project.id,
      collectionId: collection.id,
      view,
      filters,
      sort,
      limit,
      offset: after ? 0 : (page - 1) * limit,
      after,
      search: query.q ? { terms: searchTerms(query.q), locale: localeForValues } : null,
      status,
    };
    const [rows, total] = await Promise.all([this.repository.list(request), this.repository.count(request)]);
    const hasMore = rows.length > limit;
    const stored = rows.slice(0, limit).map(toStoredDocument);
    const last = stored.at(-1);
    const nextCursor =
      hasMore && last ? encodeCursor(sort, sortValues(sort, last, view === 'published'), last.id) : null;
    const data = stored.map((document) => presentDocument(collection, document, read));
    await this.populateAll(data, grant, model, collection, query, read);
    return { data, meta: { total, page: after ? 1 : page, limit, next_cursor: nextCursor } };
  }

  async load(grant: ProjectGrant, collection: CollectionModel, id: string, view: View): Promise<StoredDocument> {
    const row = await this.repository.findById(grant.project.id, collection.id, id);
    const document = row ? toStoredDocument(row) : undefined;
    if (!document || !isVisible(document, view)) throw notFound('Document');
    return document;
  }

  /**
   * Changes one document from its current state. The row is read again inside the write
   * transaction (locked on PostgreSQL; SQLite runs one writer at a time), so no change is ever
   * computed from a state that another writer replaced meanwhile: a scheduled publish, a
   * schedule change, a review step and a save never undo one another.
   */
  change<T>(
    target: {
      projectId: string;
      collection: CollectionModel;
      id: string;
      /** Where the document must be; absent: anywhere, live or in the trash. */
      view?: 'working' | 'trash';
    },
    work: (trx: Transaction<Database>, current: StoredDocument) => Promise<T>,
  ): Promise<T> {
    return this.repository.transaction(target.collection.id, async (trx) => {
      const row = await this.repository.findForUpdate(trx, target.projectId, target.collection.id, target.id);
      const current = row ? toStoredDocument(row) : undefined;
      if (!current || (target.view && !isVisible(current, target.view))) throw notFound('Document');
      return work(trx, current);
    });
  }

  async get(grant: ProjectGrant, slug: string, id: string, query: DocumentReadQuery): Promise<Document> {
    const { model, collection } = await this.collection(grant, slug);
    const { view } = this.view(grant, query.status);
    const read = this.readOptions(grant, collection, query, view);
    const document = presentDocument(collection, await this.load(grant, collection, id, view), read);
    await this.populateAll([document], grant, model, collection, query, read);
    return document;
  }

  /** The Document a writer gets back: the working copy in the locale it wrote. */
  present(grant: ProjectGrant, collection: CollectionModel, document: StoredDocument, locale: string): Document {
    return presentDocument(collection, document, {
      view: 'working',
      locale,
      defaultLocale: grant.project.defaultLocale,
      includeHidden: grant.principal.kind === 'user',
      fields: null,
    });
  }

  /**
   * Merges flat input values for one locale into stored data, checking each against the model.
   * null or "" removes a value (for localized fields, only this locale's).
   */
  private merge(options: {
    grant: ProjectGrant;
    model: ProjectModel;
    collection: CollectionModel;
    stored: StoredData;
    input: Record<string, unknown>;
    locale: string;
    isNew: boolean;
  }): StoredData {
    const { grant, collection, input, locale } = options;
    const defaultLocale = grant.project.defaultLocale;
    const includeHidden = grant.principal.kind === 'user';
    const data: StoredData = structuredClone(options.stored);
    const problems: ValueProblem[] = [];
    const fieldsByName = new Map(collection.fields.map((field) => [field.name, field]));
    const put = (field: Field, value: unknown, valueLocale: string) => {
      if (field.localized) {
        const map = isLocaleMap(data[field.name]) ? { ...(data[field.name] as Record<string, unknown>) } : {};
        if (value === undefined) delete map[valueLocale];
        else map[valueLocale] = value;
        if (Object.keys(map).length === 0) delete data[field.name];
        else data[field.name] = map;
      } else if (value === undefined) delete data[field.name];
      else data[field.name] = value;
    };
    const current = (field: Field, valueLocale: string): unknown => {
      const value = data[field.name];
      return field.localized ? (isLocaleMap(value) ? value[valueLocale] : undefined) : value;
    };

    for (const [name, value] of Object.entries(input)) {
      const field = fieldsByName.get(name);
      if (!field || (field.hidden && !includeHidden)) {
        problems.push({ path: `data.${name}`, message: 'is not a field of this collection' });
        continue;
      }
      if (value === null || value === '') {
        put(field, undefined, locale);
        continue;
      }
      const context = { components: options.model.componentFields, hiddenWritable: includeHidden };
      const checked = checkValue(field, value, `data.${name}`, context);
      problems.push(...checked.problems);
      if (checked.problems.length > 0) continue;
      put(
        field,
        field.type === 'blocks' && !includeHidden
          ? carryHiddenValues(checked.value, current(field, locale), context.components)
          : checked.value,
        locale,
      );
    }

    for (const field of collection.fields) {
      if (
        options.isNew &&
        field.default !== undefined &&
        field.default !== null &&
        current(field, field.localized ? locale : defaultLocale) === undefined &&
        !(field.name in input)
      ) {
        put(field, field.default, locale);
      }
      if (field.type === 'slug' && field.options?.from && current(field, locale) === undefined) {
        const source = fieldsByName.get(field.options.from);
        const text = source ? current(source, source.localized ? locale : defaultLocale) : undefined;
        if (typeof text === 'string' && toSlug(text, MAX_SLUG_LENGTH))
          put(field, toSlug(text, MAX_SLUG_LENGTH), locale);
      }
      if (
        field.required &&
        !(field.hidden && !includeHidden) &&
        current(field, field.localized ? defaultLocale : locale) === undefined
      ) {
        const message =
          field.localized && locale !== defaultLocale
            ? `is required (in ${defaultLocale}, the default locale)`
            : 'is required';
        if (!problems.some((problem) => problem.path === `data.${field.name}`))
          problems.push({ path: `data.${field.name}`, message });
      }
    }
    if (problems.length > 0) throw validationError(problems);
    return data;
  }

  /**
   * References must point at live documents of their collection, and media at live assets, in
   * this project: at the top level and inside blocks, however deep. One query per kind checks
   * every id of the write.
   */
  private async checkReferences(
    trx: Transaction<Database>,
    grant: ProjectGrant,
    model: ProjectModel,
    collection: CollectionModel,
    input: Record<string, unknown>,
    data: StoredData,
    locales: readonly string[],
  ): Promise<void> {
    const isLink = (field: Field) => field.type === 'reference' || field.type === 'media';
    const links: { path: string; field: Field; ids: string[] }[] = [];
    for (const field of collection.fields) {
      if (!(field.name in input) || (!isLink(field) && field.type !== 'blocks')) continue;
      const stored = data[field.name];
      // Every locale the write changed (a restore writes them all).
      const values = field.localized
        ? locales.map((locale) => (isLocaleMap(stored) ? stored[locale] : undefined))
        : [stored];
      const found = values.flatMap((value) =>
        field.type === 'blocks'
          ? blockValues(value, model.componentFields, isLink).map((item) => ({
              ...item,
              path: `data.${field.name}.${item.path}`,
            }))
          : [{ field, path: `data.${field.name}`, value }],
      );
      for (const item of found) {
        const ids = Array.isArray(item.value)
          ? item.value.filter((id): id is string => typeof id === 'string')
          : typeof item.value === 'string'
            ? [item.value]
            : [];
        if (ids.length > 0) links.push({ path: item.path, field: item.field, ids });
      }
    }
    if (links.length === 0) return;
    const idsOf = (type: Field['type']) => [
      ...new Set(links.filter((link) => link.field.type === type).flatMap((link) => link.ids)),
    ];
    const mediaIds = idsOf('media');
    const documentIds = idsOf('reference');
    // Read through the transaction: on SQLite anything else would wait for it forever.
    const assets = new Map(
      (mediaIds.length > 0
        ? await new MediaRepository(trx, this.ctx.dialect).findLiveMany(grant.project.id, mediaIds)
        : []
      ).map((asset) => [asset.id, asset]),
    );
    const documents = new Map(
      (await this.repository.findLiveCollections(grant.project.id, documentIds, trx)).map((row) => [
        row.id,
        row.collection_id,
      ]),
    );
    const problems: ValueProblem[] = [];
    for (const { path, field, ids } of links) {
      if (field.type === 'media') {
        const missing = ids.filter((id) => !assets.has(id));
        const accept = field.options?.accept ?? [];
        const refused = ids
          .flatMap((id) => assets.get(id) ?? [])
          .filter((asset) => accept.length > 0 && !accept.some((pattern) => mimeMatches(pattern, asset.mime_type)));
        if (missing.length > 0) {
          problems.push({ path, message: `refers to media assets that do not exist: ${missing.join(', ')}` });
        } else if (refused.length > 0) {
          problems.push({
            path,
            message: `accepts ${accept.join(', ')} only; ${refused[0]?.filename} is ${refused[0]?.mime_type}`,
          });
        }
        continue;
      }
      const target = model.collections.get(field.options?.collection ?? '');
      const missing = ids.filter((id) => !target || documents.get(id) !== target.id);
      if (missing.length > 0) {
        problems.push({
          path,
          message: `refers to documents that do not exist in ${field.options?.collection}: ${missing.join(', ')}`,
        });
      }
    }
    if (problems.length > 0) throw validationError(problems);
  }

  /**
   * Unique fields must not repeat among the collection's live documents. Generated slugs get a
   * numeric suffix instead; a value the caller chose is a 409.
   */
  private async checkUnique(
    trx: Transaction<Database>,
    collection: CollectionModel,
    input: Record<string, unknown>,
    data: StoredData,
    locale: string,
    documentId: string,
  ): Promise<void> {
    for (const field of collection.fields) {
      if (!field.unique && field.type !== 'slug') continue;
      const valueLocale = field.localized ? locale : undefined;
      const value = valueLocale
        ? isLocaleMap(data[field.name])
          ? (data[field.name] as Record<string, unknown>)[valueLocale]
          : undefined
        : data[field.name];
      if (value === undefined || (typeof value !== 'string' && typeof value !== 'number')) continue;
      const taken = (candidate: Scalar) =>
        this.repository.valueTaken(trx, {
          collectionId: collection.id,
          field,
          locale: valueLocale,
          value: candidate,
          exceptId: documentId,
        });
      if (!(await taken(value))) continue;
      const generated = field.type === 'slug' && !(field.name in input);
      if (!generated) {
        throw new AppError('CONFLICT', `data.${field.name} "${value}" is already used by another document`, [
          { path: `data.${field.name}`, message: 'is already used by another document' },
        ]);
      }
      // The suffix replaces the end of a long slug, so the result still fits the slug length.
      const withSuffix = (suffix: number) =>
        `${String(value)
          .slice(0, MAX_SLUG_LENGTH - `-${suffix}`.length)
          .replace(/-+$/, '')}-${suffix}`;
      let suffix = 2;
      let candidate = withSuffix(suffix);
      while (await taken(candidate)) candidate = withSuffix(++suffix);
      if (valueLocale) (data[field.name] as Record<string, unknown>)[valueLocale] = candidate;
      else data[field.name] = candidate;
    }
  }

  /**
   * The model a write was validated against must still be the stored one: a model change that
   * committed in between checked the documents stored before it, not this one. Runs under the
   * collection's writer lock, which model changes take too.
   */
  private async checkModelCurrent(
    trx: Transaction<Database>,
    grant: ProjectGrant,
    collection: CollectionModel,
  ): Promise<void> {
    if ((await new CollectionsRepository(trx).revision(collection.id)) === collection.revision) return;
    this.models.invalidate(grant.project.id);
    throw conflict(`The model of ${collection.name} changed while this document was being saved; try again`);
  }

  /** A singleton holds one live document (checked inside the write transaction). */
  private async checkSingletonFree(trx: Transaction<Database>, collection: CollectionModel): Promise<void> {
    if (collection.kind === 'singleton' && (await this.repository.countLive(collection.id, trx)) > 0) {
      throw conflict(`${collection.name} is a singleton and already has its document`);
    }
  }

  async create(grant: ProjectGrant, slug: string, body: CreateDocumentBody): Promise<Document> {
    const { model, collection } = await this.collection(grant, slug);
    const locale = this.locale(grant, body.locale, false);
    const publish = body.status === 'published';
    if (publish && !grant.can('content.publish')) throw forbidden('Your role does not allow publishing');
    if (publish && collection.requiresApproval) {
      throw conflict(`${collection.name} requires approval before publishing; create a draft and submit it for review`);
    }
    const data = this.merge({ grant, model, collection, stored: {}, input: body.data, locale, isNew: true });
    // Unique checks use the content indexes (built once, e.g. after an upgrade that renamed them).
    await this.indexes.ensure(collection.fields, grant.project);
    const now = this.ctx.clock().toISOString();
    const actor = actorOf(grant);
    const userId = actorUserId(actor);
    const draft: StoredDocument = {
      id: newId(),
      projectId: grant.project.id,
      collectionId: collection.id,
      data,
      publishedData: null,
      publishedVersion: null,
      publishedUpdatedAt: null,
      publishedUpdatedBy: null,
      status: publish ? 'published' : 'draft',
      workflowStage: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
      publishedAt: publish ? now : null,
      publishAt: null,
      unpublishAt: null,
      createdBy: userId,
      updatedBy: userId,
      deletedAt: null,
    };
    const document: StoredDocument = { ...draft, ...withSnapshot(draft, publish) };
    await this.repository.transaction(collection.id, async (trx) => {
      await this.checkModelCurrent(trx, grant, collection);
      await this.checkSingletonFree(trx, collection);
      await this.checkReferences(trx, grant, model, collection, body.data, data, [locale]);
      await this.checkUnique(trx, collection, body.data, data, locale, document.id);
      await this.writer.write(trx, {
        project: grant.project,
        collection,
        before: null,
        after: document,
        actor,
        action: 'document.created',
        versionLocale: locale,
      });
      if (publish) {
        await this.audit.record(trx, actor, {
          projectId: grant.project.id,
          action: 'document.published',
          target: { type: 'document', id: document.id },
          details: { collection: collection.slug, version: 1 },
        });
      }
    });
    return this.present(grant, collection, document, locale);
  }

  /** Authors change only what they created; editors and above change anything. */
  checkOwnership(grant: ProjectGrant, document: StoredDocument): void {
    if (grant.can('content.update_any')) return;
    if (grant.principal.kind === 'user' && document.createdBy === grant.principal.userId) return;
    throw forbidden('Authors can only change documents they created');
  }

  async update(grant: ProjectGrant, slug: string, id: string, body: UpdateDocumentBody): Promise<Document> {
    const { model, collection } = await this.collection(grant, slug);
    const locale = this.locale(grant, body.locale, false);
    // Unique checks use the content indexes (built once, e.g. after an upgrade that renamed them).
    await this.indexes.ensure(collection.fields, grant.project);
    const target = { projectId: grant.project.id, collection, id, view: 'working' } as const;
    const updated = await this.change(target, async (trx, existing) => {
      await this.checkModelCurrent(trx, grant, collection);
      this.checkOwnership(grant, existing);
      if (body.version !== undefined && body.version !== existing.version) {
        throw conflict(
          `The document changed since version ${body.version} (it is at version ${existing.version}); reload it and try again`,
        );
      }
      const data = this.merge({
        grant,
        model,
        collection,
        stored: existing.data,
        input: body.data,
        locale,
        isNew: false,
      });
      await this.checkReferences(trx, grant, model, collection, body.data, data, [locale]);
      await this.checkUnique(trx, collection, body.data, data, locale, id);
      return this.saveData(trx, { grant, collection, existing, data, locale, action: 'document.updated' });
    });
    return this.present(grant, collection, updated, locale);
  }

  /**
   * Replaces the data with a whole stored state (a version being restored), checked the way
   * PATCH checks its input: each value against the current model, required fields, references
   * and unique values; a state that no longer fits is a 400 with details. API tokens never
   * write hidden fields, so theirs keep the current values.
   */
  async replaceData(
    grant: ProjectGrant,
    slug: string,
    id: string,
    replacement: { data: StoredData; locale: string; action: string; details?: Record<string, unknown> },
  ): Promise<Document> {
    const { model, collection } = await this.collection(grant, slug);
    const includeHidden = grant.principal.kind === 'user';
    const { defaultLocale, locales } = grant.project;
    const target = { projectId: grant.project.id, collection, id, view: 'working' } as const;
    const updated = await this.change(target, async (trx, existing) => {
      this.checkOwnership(grant, existing);
      let data: StoredData = structuredClone(replacement.data);
      const problems: ValueProblem[] = [];
      for (const field of collection.fields) {
        if (field.hidden && !includeHidden) {
          if (field.name in existing.data) data[field.name] = existing.data[field.name];
          else delete data[field.name];
        } else if (field.localized && data[field.name] !== undefined && !isLocaleMap(data[field.name])) {
          problems.push({ path: `data.${field.name}`, message: 'holds one value, but the field is localized now' });
        }
      }
      if (problems.length > 0) throw validationError(problems);
      // The state goes through merge as PATCH input, one locale at a time (shared fields with
      // the default locale), so it meets the same value checks, generated slugs and required fields.
      for (const locale of [defaultLocale, ...locales.filter((candidate) => candidate !== defaultLocale)]) {
        const input: Record<string, unknown> = {};
        for (const field of collection.fields) {
          if (field.hidden && !includeHidden) continue;
          const stored = data[field.name];
          const value = field.localized ? (isLocaleMap(stored) ? stored[locale] : undefined) : stored;
          if (value !== undefined && (field.localized || locale === defaultLocale)) input[field.name] = value;
        }
        data = this.merge({ grant, model, collection, stored: data, input, locale, isNew: false });
      }
      const everyField = Object.fromEntries(collection.fields.map((field) => [field.name, true]));
      await this.checkReferences(trx, grant, model, collection, everyField, data, locales);
      for (const locale of locales) await this.checkUnique(trx, collection, everyField, data, locale, id);
      return this.saveData(trx, {
        grant,
        collection,
        existing,
        data,
        locale: replacement.locale,
        action: replacement.action,
        ...(replacement.details ? { details: replacement.details } : {}),
      });
    });
    return this.present(grant, collection, updated, defaultLocale);
  }

  /**
   * Writes new data as the next version. An approval covers the content that was reviewed, so
   * a change after approval needs a new review.
   */
  private async saveData(
    trx: Transaction<Database>,
    options: {
      grant: ProjectGrant;
      collection: CollectionModel;
      existing: StoredDocument;
      data: StoredData;
      locale: string;
      action: string;
      details?: Record<string, unknown>;
    },
  ): Promise<StoredDocument> {
    const { grant, existing } = options;
    const actor = actorOf(grant);
    const updated: StoredDocument = {
      ...existing,
      data: options.data,
      version: existing.version + 1,
      status: existing.status === 'draft' ? 'draft' : 'changed',
      workflowStage: existing.workflowStage === 'approved' ? null : existing.workflowStage,
      updatedAt: this.ctx.clock().toISOString(),
      updatedBy: actorUserId(actor),
    };
    await this.writer.write(trx, {
      project: grant.project,
      collection: options.collection,
      before: existing,
      after: updated,
      actor,
      action: options.action,
      versionLocale: options.locale,
      ...(options.details ? { details: options.details } : {}),
    });
    return updated;
  }

  /**
   * Moves a document to the trash. Its schedule goes with it (times cleared, jobs cancelled in
   * the same transaction): a restored document never shows a publish that will not run.
   */
  async remove(grant: ProjectGrant, slug: string, id: string): Promise<void> {
    const { collection } = await this.collection(grant, slug);
    const actor = actorOf(grant);
    const target = { projectId: grant.project.id, collection, id, view: 'working' } as const;
    await this.change(target, async (trx, existing) => {
      this.checkOwnership(grant, existing);
      await this.writer.write(trx, {
        project: grant.project,
        collection,
        before: existing,
        after: {
          ...existing,
          deletedAt: this.ctx.clock().toISOString(),
          publishAt: null,
          unpublishAt: null,
          updatedBy: actorUserId(actor),
        },
        actor,
        action: 'document.deleted',
      });
      await this.cancelSchedule(trx, id, ['publish', 'unpublish']);
    });
  }

  async restore(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { collection } = await this.collection(grant, slug);
    const actor = actorOf(grant);
    const target = { projectId: grant.project.id, collection, id, view: 'trash' } as const;
    const restored = await this.change(target, async (trx, existing) => {
      this.checkOwnership(grant, existing);
      const after: StoredDocument = { ...existing, deletedAt: null, updatedBy: actorUserId(actor) };
      await this.checkSingletonFree(trx, collection);
      const everyField = Object.fromEntries(collection.fields.map((field) => [field.name, true]));
      for (const locale of grant.project.locales) {
        await this.checkUnique(trx, collection, everyField, existing.data, locale, id);
      }
      await this.writer.write(trx, {
        project: grant.project,
        collection,
        before: existing,
        after,
        actor,
        action: 'document.restored',
      });
      return after;
    });
    return this.present(grant, collection, restored, grant.project.defaultLocale);
  }

  /** Publishing copies the working copy into the snapshot that readers get. */
  async publish(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { collection } = await this.collection(grant, slug);
    const target = { projectId: grant.project.id, collection, id, view: 'working' } as const;
    const published = await this.change(target, (trx, existing) => {
      if (collection.requiresApproval && existing.workflowStage !== 'approved') {
        throw conflict(`${collection.name} requires approval before publishing; submit the document for review`);
      }
      return this.writePublished(trx, {
        project: grant.project,
        collection,
        existing,
        actor: actorOf(grant),
        publish: true,
      });
    });
    return this.present(grant, collection, published, grant.project.defaultLocale);
  }

  async unpublish(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { collection } = await this.collection(grant, slug);
    const target = { projectId: grant.project.id, collection, id, view: 'working' } as const;
    const unpublished = await this.change(target, (trx, existing) =>
      this.writePublished(trx, {
        project: grant.project,
        collection,
        existing,
        actor: actorOf(grant),
        publish: false,
      }),
    );
    return this.present(grant, collection, unpublished, grant.project.defaultLocale);
  }

  /** Writes a change of state that is not a change of data (no new version). */
  writeState(
    trx: Transaction<Database>,
    options: {
      project: ProjectRecord;
      collection: CollectionModel;
      before: StoredDocument;
      after: StoredDocument;
      actor: AuditActor;
      action: string;
      details?: Record<string, unknown>;
    },
  ): Promise<void> {
    return this.writer.write(trx, options);
  }

  /** Cancels a document's pending scheduled jobs, in the caller's transaction. */
  async cancelSchedule(
    trx: Transaction<Database>,
    documentId: string,
    actions: readonly ('publish' | 'unpublish')[],
  ): Promise<void> {
    for (const action of actions) await this.jobs.cancel(trx, scheduleJobKey(action, documentId));
  }

  /**
   * Publishes or unpublishes `existing` (read in `trx`, see `change`); also what scheduled jobs
   * run, with the system as actor.
   */
  async writePublished(
    trx: Transaction<Database>,
    options: {
      project: ProjectRecord;
      collection: CollectionModel;
      existing: StoredDocument;
      actor: AuditActor;
      publish: boolean;
    },
  ): Promise<StoredDocument> {
    const { existing, publish } = options;
    const now = this.ctx.clock().toISOString();
    const changed: StoredDocument = {
      ...existing,
      status: publish ? 'published' : 'draft',
      publishedAt: publish ? now : null,
      workflowStage: publish ? null : existing.workflowStage,
      publishAt: publish ? null : existing.publishAt,
      unpublishAt: publish ? existing.unpublishAt : null,
      updatedAt: now,
      updatedBy: actorUserId(options.actor),
    };
    const updated: StoredDocument = { ...changed, ...withSnapshot(changed, publish) };
    await this.writer.write(trx, {
      project: options.project,
      collection: options.collection,
      before: existing,
      after: updated,
      actor: options.actor,
      action: publish ? 'document.published' : 'document.unpublished',
    });
    await this.cancelSchedule(trx, existing.id, [publish ? 'publish' : 'unpublish']);
    return updated;
  }
}

/** The actor of a request, for the audit trail. */
export const actorOf = (grant: ProjectGrant): AuditActor => ({ principal: grant.principal, ip: grant.ip });
