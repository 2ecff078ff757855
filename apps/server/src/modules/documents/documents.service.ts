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
import { checkValue, MAX_SLUG_LENGTH, type ValueProblem } from '../collections/field-values.js';
import type { CollectionModel } from '../collections/model.js';
import type { ModelCache, ProjectModel } from '../collections/model-cache.js';
import { MediaRepository } from '../media/media.repository.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { VersionsRepository } from '../versions/versions.repository.js';
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
} from './stored-document.js';

type View = ReadOptions['view'];

/** `image/*` matches every image type; anything else matches exactly. */
const mimeMatches = (pattern: string, mimeType: string): boolean =>
  pattern.endsWith('/*') ? mimeType.startsWith(pattern.slice(0, -1)) : pattern === mimeType;

const isLocaleMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
    await this.indexes.ensure(collection.fields, grant.project.locales);
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
      hasMore && last
        ? encodeCursor(
            sort,
            sortValues(sort, view === 'published' ? (last.publishedData ?? {}) : last.data, last),
            last.id,
          )
        : null;
    const data = stored.map((document) => presentDocument(collection, document, read));
    await this.populateAll(data, grant, model, collection, query, read);
    return { data, meta: { total, page: after ? 1 : page, limit, next_cursor: nextCursor } };
  }

  async load(grant: ProjectGrant, collection: CollectionModel, id: string, view: View): Promise<StoredDocument> {
    const row = await this.repository.findById(grant.project.id, collection.id, id);
    const document = row ? toStoredDocument(row) : undefined;
    const visible =
      document &&
      (view === 'trash'
        ? document.deletedAt !== null
        : document.deletedAt === null && (view === 'working' || document.publishedData !== null));
    if (!document || !visible) throw notFound('Document');
    return document;
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
      const checked = checkValue(field, value, `data.${name}`, options.model.componentFields);
      problems.push(...checked.problems);
      if (checked.problems.length === 0) put(field, checked.value, locale);
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

  /** References must point at live documents of their collection, in this project. */
  private async checkReferences(
    trx: Transaction<Database>,
    grant: ProjectGrant,
    model: ProjectModel,
    collection: CollectionModel,
    input: Record<string, unknown>,
    data: StoredData,
    locale: string,
  ): Promise<void> {
    const problems: ValueProblem[] = [];
    for (const field of collection.fields) {
      if ((field.type !== 'reference' && field.type !== 'media') || !(field.name in input)) continue;
      const raw = field.localized
        ? isLocaleMap(data[field.name])
          ? (data[field.name] as Record<string, unknown>)[locale]
          : undefined
        : data[field.name];
      const ids = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
      if (ids.length === 0) continue;
      if (field.type === 'media') {
        // Read through the transaction: on SQLite anything else would wait for it forever.
        const assets = await new MediaRepository(trx, this.ctx.dialect).findLiveMany(grant.project.id, ids);
        const byId = new Map(assets.map((asset) => [asset.id, asset]));
        const missing = ids.filter((id) => !byId.has(id));
        const accept = field.options?.accept ?? [];
        const refused = assets.filter(
          (asset) => accept.length > 0 && !accept.some((pattern) => mimeMatches(pattern, asset.mime_type)),
        );
        if (missing.length > 0) {
          problems.push({
            path: `data.${field.name}`,
            message: `refers to media assets that do not exist: ${missing.join(', ')}`,
          });
        } else if (refused.length > 0) {
          problems.push({
            path: `data.${field.name}`,
            message: `accepts ${accept.join(', ')} only; ${refused[0]?.filename} is ${refused[0]?.mime_type}`,
          });
        }
        continue;
      }
      const target = model.collections.get(field.options?.collection ?? '');
      const found = target ? await this.repository.findLiveByIds(grant.project.id, target.id, ids, trx) : [];
      const foundIds = new Set(found.map((row) => row.id));
      const missing = ids.filter((id) => !foundIds.has(id));
      if (missing.length > 0) {
        problems.push({
          path: `data.${field.name}`,
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
  async checkUnique(
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
          field: field.name,
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
      let suffix = 2;
      let candidate = `${value}-${suffix}`;
      while (await taken(candidate)) candidate = `${value}-${++suffix}`;
      if (valueLocale) (data[field.name] as Record<string, unknown>)[valueLocale] = candidate;
      else data[field.name] = candidate;
    }
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
    const now = this.ctx.clock().toISOString();
    const actor = actorOf(grant);
    const userId = actorUserId(actor);
    const document: StoredDocument = {
      id: newId(),
      projectId: grant.project.id,
      collectionId: collection.id,
      data,
      publishedData: publish ? data : null,
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
    await this.repository.transaction(collection.id, async (trx) => {
      await this.checkSingletonFree(trx, collection);
      await this.checkReferences(trx, grant, model, collection, body.data, data, locale);
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
    const existing = await this.load(grant, collection, id, 'working');
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
    const updated = await this.repository.transaction(collection.id, async (trx) => {
      await this.checkReferences(trx, grant, model, collection, body.data, data, locale);
      await this.checkUnique(trx, collection, body.data, data, locale, id);
      return this.saveData(trx, { grant, collection, existing, data, locale, action: 'document.updated' });
    });
    return this.present(grant, collection, updated, locale);
  }

  /**
   * Writes new data as the next version. An approval covers the content that was reviewed, so
   * a change after approval needs a new review.
   */
  async saveData(
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

  async remove(grant: ProjectGrant, slug: string, id: string): Promise<void> {
    const { collection } = await this.collection(grant, slug);
    const existing = await this.load(grant, collection, id, 'working');
    this.checkOwnership(grant, existing);
    const actor = actorOf(grant);
    await this.repository.transaction(collection.id, (trx) =>
      this.writer.write(trx, {
        project: grant.project,
        collection,
        before: existing,
        after: { ...existing, deletedAt: this.ctx.clock().toISOString(), updatedBy: actorUserId(actor) },
        actor,
        action: 'document.deleted',
      }),
    );
  }

  async restore(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { collection } = await this.collection(grant, slug);
    const existing = await this.load(grant, collection, id, 'trash');
    this.checkOwnership(grant, existing);
    const actor = actorOf(grant);
    const restored: StoredDocument = { ...existing, deletedAt: null, updatedBy: actorUserId(actor) };
    await this.repository.transaction(collection.id, async (trx) => {
      await this.checkSingletonFree(trx, collection);
      const everyField = Object.fromEntries(collection.fields.map((field) => [field.name, true]));
      for (const locale of grant.project.locales) {
        await this.checkUnique(trx, collection, everyField, existing.data, locale, id);
      }
      await this.writer.write(trx, {
        project: grant.project,
        collection,
        before: existing,
        after: restored,
        actor,
        action: 'document.restored',
      });
    });
    return this.present(grant, collection, restored, grant.project.defaultLocale);
  }

  /** Publishing copies the working copy into the snapshot that readers get. */
  async publish(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { collection } = await this.collection(grant, slug);
    const existing = await this.load(grant, collection, id, 'working');
    if (collection.requiresApproval && existing.workflowStage !== 'approved') {
      throw conflict(`${collection.name} requires approval before publishing; submit the document for review`);
    }
    const published = await this.setPublished({
      project: grant.project,
      collection,
      existing,
      actor: actorOf(grant),
      publish: true,
    });
    return this.present(grant, collection, published, grant.project.defaultLocale);
  }

  async unpublish(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { collection } = await this.collection(grant, slug);
    const existing = await this.load(grant, collection, id, 'working');
    const unpublished = await this.setPublished({
      project: grant.project,
      collection,
      existing,
      actor: actorOf(grant),
      publish: false,
    });
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

  /** Publishes or unpublishes; also what scheduled jobs run, with the system as actor. */
  async setPublished(options: {
    project: ProjectRecord;
    collection: CollectionModel;
    existing: StoredDocument;
    actor: AuditActor;
    publish: boolean;
  }): Promise<StoredDocument> {
    const { existing, publish } = options;
    const now = this.ctx.clock().toISOString();
    const updated: StoredDocument = {
      ...existing,
      publishedData: publish ? existing.data : null,
      status: publish ? 'published' : 'draft',
      publishedAt: publish ? now : null,
      workflowStage: publish ? null : existing.workflowStage,
      publishAt: publish ? null : existing.publishAt,
      unpublishAt: publish ? existing.unpublishAt : null,
      updatedAt: now,
      updatedBy: actorUserId(options.actor),
    };
    await this.repository.transaction(options.collection.id, async (trx) => {
      await this.writer.write(trx, {
        project: options.project,
        collection: options.collection,
        before: existing,
        after: updated,
        actor: options.actor,
        action: publish ? 'document.published' : 'document.unpublished',
      });
      await this.jobs.cancel(trx, `${publish ? 'publish' : 'unpublish'}:${existing.id}`);
    });
    return updated;
  }
}

/** The actor of a request, for the audit trail. */
export const actorOf = (grant: ProjectGrant): AuditActor => ({ principal: grant.principal, ip: grant.ip });
