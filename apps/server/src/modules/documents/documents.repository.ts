import type { Field } from '@plinth/contract';
import { type RawBuilder, sql } from 'kysely';
import { likeEscape } from '../../db/like.js';
import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { DocumentRow, DocumentSearchTable } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';
import type { ContentCopy, OwnerConstraint } from '../projects/content-policy.js';
import type { Condition, Scalar, SortKey } from './document-query.js';
import { QueryCompiler } from './query-sql.js';
import type { StoredDocument } from './stored-document.js';

/**
 * Which documents a query may touch, as the caller's content policy constrains it: one
 * collection of one project, in one copy, and (for changes by authors) only their own.
 */
export interface DocumentScope {
  projectId: string;
  collectionId: string;
  /** `published`: live documents with a snapshot; `working`: live ones; `trash`: deleted ones; `any`: all. */
  copy: ContentCopy | 'any';
  owner?: OwnerConstraint;
}

export interface ListRequest {
  projectId: string;
  collectionId: string;
  view: ContentCopy;
  filters: readonly Condition[];
  sort: readonly SortKey[];
  limit: number;
  offset: number;
  after: { values: readonly (Scalar | null)[]; id: string } | null;
  search: { terms: readonly string[]; locale: string } | null;
  /** `draft` or `changed` narrows the working view to documents in that state. */
  status: 'draft' | 'changed' | null;
}

/** How many of a project's live documents are in each state (its overview). */
export interface DocumentCounts {
  total: number;
  draft: number;
  published: number;
  changed: number;
  in_review: number;
  /** With a publish time set. */
  scheduled: number;
}

const json = (value: unknown) => JSON.stringify(value);

/** The condition of one copy: which rows of a collection it holds. */
function copyCondition(copy: DocumentScope['copy']): RawBuilder<unknown> {
  if (copy === 'trash') return sql`documents.deleted_at IS NOT NULL`;
  if (copy === 'published') return sql`documents.deleted_at IS NULL AND documents.published_data IS NOT NULL`;
  if (copy === 'working') return sql`documents.deleted_at IS NULL`;
  return sql`1 = 1`;
}

/** The condition of an owner constraint: any document, or only those one user created (a null user: none). */
function ownerCondition(owner: OwnerConstraint | undefined): RawBuilder<unknown> {
  if (!owner || owner.kind === 'any') return sql`1 = 1`;
  return owner.userId === null ? sql`1 = 0` : sql`documents.created_by = ${owner.userId}`;
}

/** All SQL of documents and their search rows. */
export class DocumentsRepository extends Repository {
  /** The documents a view can see in one collection. */
  private scope(view: ListRequest['view'], projectId: string): (collectionId: string) => RawBuilder<unknown> {
    return (collectionId) =>
      sql`documents.project_id = ${projectId} AND documents.collection_id = ${collectionId} AND ${copyCondition(view)}`;
  }

  private scoped(scope: DocumentScope): RawBuilder<boolean> {
    return sql<boolean>`documents.project_id = ${scope.projectId} AND documents.collection_id = ${scope.collectionId} AND ${copyCondition(scope.copy)} AND ${ownerCondition(scope.owner)}`;
  }

  private where(request: ListRequest, compiler: QueryCompiler): RawBuilder<unknown> {
    const scope = this.scope(request.view, request.projectId);
    const parts = [
      scope(request.collectionId),
      ...request.filters.map((condition) => compiler.condition(condition, scope)),
    ];
    if (request.status) parts.push(sql`documents.status = ${request.status}`);
    if (request.search) {
      parts.push(
        compiler.search(request.search.terms, {
          collectionId: request.collectionId,
          variant: request.view === 'published' ? 'published' : 'draft',
          locale: request.search.locale,
        }),
      );
    }
    return QueryCompiler.all(parts);
  }

  private compiler(view: ListRequest['view']): QueryCompiler {
    return new QueryCompiler(this.dialect, view === 'published' ? 'published_data' : 'data');
  }

  /** One page of documents (one row more than `limit`, to tell whether another page exists). */
  async list(request: ListRequest): Promise<DocumentRow[]> {
    const compiler = this.compiler(request.view);
    const where = this.where(request, compiler);
    const after = request.after ? compiler.after(request.sort, request.after.values, request.after.id) : sql`1 = 1`;
    const result =
      await sql<DocumentRow>`SELECT documents.* FROM documents WHERE ${where} AND ${after} ORDER BY ${compiler.orderBy(
        request.sort,
      )} LIMIT ${request.limit + 1} OFFSET ${request.offset}`.execute(this.db);
    return result.rows;
  }

  async count(request: ListRequest): Promise<number> {
    const compiler = this.compiler(request.view);
    const result = await sql<{ count: number }>`SELECT COUNT(*) AS count FROM documents WHERE ${this.where(
      request,
      compiler,
    )}`.execute(this.db);
    return Number(result.rows[0]?.count ?? 0);
  }

  /**
   * Live documents of some of a project's collections whose text in `locale` has every term as
   * a word prefix (the full-text index of the copy read), most recently updated first: the
   * candidates of the project search, which narrows them to titles.
   */
  async searchProject(request: {
    projectId: string;
    collectionIds: readonly string[];
    view: 'working' | 'published';
    terms: readonly string[];
    locale: string;
    limit: number;
    offset: number;
  }): Promise<DocumentRow[]> {
    const published = request.view === 'published';
    const compiler = this.compiler(request.view);
    const matches = compiler.search(request.terms, {
      collectionId: request.collectionIds,
      variant: published ? 'published' : 'draft',
      locale: request.locale,
    });
    const updated = published
      ? sql`COALESCE(documents.published_updated_at, documents.updated_at)`
      : sql`documents.updated_at`;
    const result = await sql<DocumentRow>`SELECT documents.* FROM documents WHERE documents.project_id = ${
      request.projectId
    } AND ${copyCondition(request.view)} AND ${matches} ORDER BY ${updated} DESC, documents.id DESC LIMIT ${
      request.limit
    } OFFSET ${request.offset}`.execute(this.db);
    return result.rows;
  }

  /** A document within a scope; undefined when there is none the scope lets through. */
  find(scope: DocumentScope, id: string): Promise<DocumentRow | undefined> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', id)
      .where(this.scoped(scope))
      .executeTakeFirst();
  }

  /** Whether a document exists within a scope (without reading it). */
  async exists(scope: DocumentScope, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('documents')
      .select(sql<number>`1`.as('found'))
      .where('id', '=', id)
      .where(this.scoped(scope))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A document within a scope, read inside a write transaction to change it from its current
   * state: the row is locked until the transaction ends on PostgreSQL (SQLite runs one writer at
   * a time).
   */
  findForUpdate(scope: DocumentScope, id: string): Promise<DocumentRow | undefined> {
    const query = this.db.selectFrom('documents').selectAll().where('id', '=', id).where(this.scoped(scope));
    return (this.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  /** A document of the project, whatever its collection (scheduled jobs know only the id). */
  findInProject(projectId: string, id: string): Promise<DocumentRow | undefined> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Scheduled publishing and unpublishing of live documents (one entry each), soonest first. */
  listScheduled(projectId: string, page: Page) {
    const live = this.db.selectFrom('documents').where('project_id', '=', projectId).where('deleted_at', 'is', null);
    const entries = live
      .select([
        'id as document_id',
        'collection_id',
        sql<'publish' | 'unpublish'>`'publish'`.as('action'),
        'publish_at as at',
        'publish_locales as locales',
      ])
      .where('publish_at', 'is not', null)
      .unionAll(
        live
          .select([
            'id as document_id',
            'collection_id',
            sql<'publish' | 'unpublish'>`'unpublish'`.as('action'),
            'unpublish_at as at',
            'unpublish_locales as locales',
          ])
          .where('unpublish_at', 'is not', null),
      );
    const all = this.db
      .selectFrom(entries.as('entries'))
      .selectAll()
      .orderBy('at')
      .orderBy('document_id')
      .orderBy('action')
      .$narrowType<{ at: string }>();
    return listPage(all, page);
  }

  /** The documents of a scope among `ids` (populate: one query per referenced collection). */
  findMany(scope: DocumentScope, ids: readonly string[]): Promise<DocumentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('id', 'in', [...ids])
      .where(this.scoped(scope))
      .execute();
  }

  /** Documents among `ids` in any project, trashed ones too (imports: ids that exist already, and where). */
  findAnyProject(ids: readonly string[]): Promise<DocumentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The collection of each live document of the project among `ids` (reference checks, any collection at once). */
  findLiveCollections(projectId: string, ids: readonly string[]): Promise<{ id: string; collection_id: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('documents')
      .select(['id', 'collection_id'])
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The project's live documents (trash aside) by state, in one query. */
  async countByState(projectId: string): Promise<DocumentCounts> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'draft').as('draft'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'published').as('published'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'changed').as('changed'),
        eb.fn.countAll<number>().filterWhere('workflow_stage', '=', 'in_review').as('in_review'),
        eb.fn.countAll<number>().filterWhere('publish_at', 'is not', null).as('scheduled'),
      ])
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      total: Number(row.total),
      draft: Number(row.draft),
      published: Number(row.published),
      changed: Number(row.changed),
      in_review: Number(row.in_review),
      scheduled: Number(row.scheduled),
    };
  }

  async countLive(collectionId: string): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('collection_id', '=', collectionId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Whether another live document of the collection holds `value` at a field path. */
  async valueTaken(options: {
    collectionId: string;
    field: Field;
    locale: string | undefined;
    value: Scalar;
    exceptId: string | null;
  }): Promise<boolean> {
    const compiler = new QueryCompiler(this.dialect, 'data');
    const condition = compiler.condition(
      {
        kind: 'value',
        // Each locale's own value, without fallback: uniqueness holds per locale.
        ref: { kind: 'field', field: options.field, locale: options.locale },
        op: 'eq',
        values: [options.value],
      },
      () => sql`1 = 1`,
    );
    const except = options.exceptId ? sql`AND documents.id <> ${options.exceptId}` : sql``;
    const result =
      await sql`SELECT 1 AS taken FROM documents WHERE documents.collection_id = ${options.collectionId} AND documents.deleted_at IS NULL AND ${condition} ${except} LIMIT 1`.execute(
        this.db,
      );
    return result.rows.length > 0;
  }

  /** Walks every document of a collection in batches (model changes check existing data). */
  async *scan(collectionId: string, batchSize = 500): AsyncGenerator<DocumentRow[]> {
    let lastId = '';
    for (;;) {
      const rows = await this.db
        .selectFrom('documents')
        .selectAll()
        .where('collection_id', '=', collectionId)
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) return;
      yield rows;
      lastId = (rows.at(-1) as DocumentRow).id;
    }
  }

  /**
   * Writes a document's whole state: inserts it when `expectedVersion` is null, else updates it
   * only while the stored version is still `expectedVersion` (false when someone else won).
   */
  async save(document: StoredDocument, expectedVersion: number | null): Promise<boolean> {
    const row = {
      data: json(document.data),
      published_data: document.publishedData === null ? null : json(document.publishedData),
      status: document.status,
      workflow_stage: document.workflowStage,
      version: document.version,
      updated_at: document.updatedAt,
      updated_by: document.updatedBy,
      published_at: document.publishedAt,
      publish_at: document.publishAt,
      unpublish_at: document.unpublishAt,
      deleted_at: document.deletedAt,
      published_version: document.publishedVersion,
      published_updated_at: document.publishedUpdatedAt,
      published_updated_by: document.publishedUpdatedBy,
      published_locales: document.publishedLocales === null ? null : json(document.publishedLocales),
      publish_locales: document.publishLocales === null ? null : json(document.publishLocales),
      unpublish_locales: document.unpublishLocales === null ? null : json(document.unpublishLocales),
    };
    if (expectedVersion === null) {
      await this.db
        .insertInto('documents')
        .values({
          ...row,
          id: document.id,
          project_id: document.projectId,
          collection_id: document.collectionId,
          created_at: document.createdAt,
          created_by: document.createdBy,
        })
        .execute();
      return true;
    }
    const result = await this.db
      .updateTable('documents')
      .set(row)
      .where('id', '=', document.id)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async replaceSearchRows(documentId: string, rows: readonly DocumentSearchTable[]): Promise<void> {
    // On SQLite the full-text index follows its rows table through triggers (migration 0015).
    const table = this.dialect === 'sqlite' ? 'document_search_rows' : 'document_search';
    await this.db.deleteFrom(table).where('document_id', '=', documentId).execute();
    if (rows.length > 0)
      await this.db
        .insertInto(table)
        .values([...rows])
        .execute();
  }

  /**
   * Takes the writer lock of collections until the transaction ends (PostgreSQL; SQLite has one
   * writer anyway). Document writes and model changes of a collection take it, so a model change
   * sees every document written before it, and no write slips in while it checks them.
   */
  async lockCollections(collectionIds: readonly string[]): Promise<void> {
    if (this.dialect !== 'postgres') return;
    // Always in the same order, so two lockers of several collections cannot deadlock.
    for (const id of [...collectionIds].sort()) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${id}))`.execute(this.db);
    }
  }

  /** Puts the live documents of a deleted collection in the trash, marked with its deletion time. */
  async trashCollection(collectionId: string, deletedAt: string): Promise<number> {
    const trashed = await this.db
      .updateTable('documents')
      .set({ deleted_at: deletedAt })
      .where('collection_id', '=', collectionId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(trashed.numUpdatedRows);
  }

  /** Brings back the documents trashed with their collection (those trashed before it stay). */
  async restoreCollection(collectionId: string, deletedAt: string): Promise<number> {
    const restored = await this.db
      .updateTable('documents')
      .set({ deleted_at: null })
      .where('collection_id', '=', collectionId)
      .where('deleted_at', '=', deletedAt)
      .executeTakeFirst();
    return Number(restored.numUpdatedRows);
  }

  /**
   * The condition that a copy of a document mentions an asset. Media fields hold asset ids
   * wherever they sit (localized maps, blocks, variants of rich text) and rich text links a file
   * by a URL with its id in the path, so the copy's JSON text is searched for the id: ids are
   * UUIDs, which never occur by accident.
   */
  private mentions(column: 'data' | 'published_data', assetId: string): RawBuilder<boolean> {
    const text =
      this.dialect === 'postgres' ? sql`${sql.ref(`documents.${column}`)}::text` : sql.ref(`documents.${column}`);
    return sql<boolean>`${text} LIKE ${`%${likeEscape(assetId)}%`} ESCAPE '\\'`;
  }

  /** Published documents (live, with a published snapshot) whose snapshot mentions the asset. */
  async countPublishedReferences(projectId: string, assetId: string): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .where('published_data', 'is not', null)
      .where(this.mentions('published_data', assetId))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Live documents whose working copy or published snapshot (`view`) mentions the asset, most recently updated first. */
  async mentioningAsset(request: {
    projectId: string;
    assetId: string;
    view: 'working' | 'published';
    limit: number;
  }): Promise<DocumentRow[]> {
    const published = request.view === 'published';
    const updated = published
      ? sql`COALESCE(documents.published_updated_at, documents.updated_at)`
      : sql`documents.updated_at`;
    const result = await sql<DocumentRow>`SELECT documents.* FROM documents WHERE documents.project_id = ${
      request.projectId
    } AND ${copyCondition(request.view)} AND ${this.mentions(published ? 'published_data' : 'data', request.assetId)} ORDER BY ${updated} DESC, documents.id DESC LIMIT ${
      request.limit
    }`.execute(this.db);
    return result.rows;
  }
}
