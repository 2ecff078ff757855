import type { Field } from '@plinth/contract';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, DocumentRow, DocumentSearchTable } from '../../db/schema.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import type { Page } from '../../lib/pagination.js';
import type { Condition, Scalar, SortKey } from './list-query.js';
import { QueryCompiler } from './query-sql.js';
import type { StoredDocument } from './stored-document.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface ListRequest {
  projectId: string;
  collectionId: string;
  view: 'working' | 'published' | 'trash';
  filters: readonly Condition[];
  sort: readonly SortKey[];
  limit: number;
  offset: number;
  after: { values: readonly (Scalar | null)[]; id: string } | null;
  search: { terms: readonly string[]; locale: string } | null;
  /** `draft` or `changed` narrows the working view to documents in that state. */
  status: 'draft' | 'changed' | null;
}

const json = (value: unknown) => JSON.stringify(value);

/** All SQL of documents and their search rows. */
export class DocumentsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly delivery: DeliveryCache,
  ) {}

  /** The documents a view can see in one collection. */
  private scope(view: ListRequest['view'], projectId: string): (collectionId: string) => RawBuilder<unknown> {
    return (collectionId) => {
      const base = sql`documents.project_id = ${projectId} AND documents.collection_id = ${collectionId}`;
      if (view === 'trash') return sql`${base} AND documents.deleted_at IS NOT NULL`;
      if (view === 'published')
        return sql`${base} AND documents.deleted_at IS NULL AND documents.published_data IS NOT NULL`;
      return sql`${base} AND documents.deleted_at IS NULL`;
    };
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

  findById(projectId: string, collectionId: string, id: string): Promise<DocumentRow | undefined> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('collection_id', '=', collectionId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * A document read inside a write transaction, to change it from its current state: the row is
   * locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time).
   */
  findForUpdate(
    trx: Transaction<Database>,
    projectId: string,
    collectionId: string,
    id: string,
  ): Promise<DocumentRow | undefined> {
    const query = trx
      .selectFrom('documents')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('collection_id', '=', collectionId)
      .where('id', '=', id);
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
  async listScheduled(projectId: string, page: Page) {
    const live = this.db.selectFrom('documents').where('project_id', '=', projectId).where('deleted_at', 'is', null);
    const entries = live
      .select([
        'id as document_id',
        'collection_id',
        sql<'publish' | 'unpublish'>`'publish'`.as('action'),
        'publish_at as at',
      ])
      .where('publish_at', 'is not', null)
      .unionAll(
        live
          .select([
            'id as document_id',
            'collection_id',
            sql<'publish' | 'unpublish'>`'unpublish'`.as('action'),
            'unpublish_at as at',
          ])
          .where('unpublish_at', 'is not', null),
      );
    const all = this.db.selectFrom(entries.as('entries'));
    const [rows, count] = await Promise.all([
      all
        .selectAll()
        .orderBy('at')
        .orderBy('document_id')
        .orderBy('action')
        .limit(page.limit)
        .offset(page.offset)
        .$narrowType<{ at: string }>()
        .execute(),
      all.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /** Live documents of one collection among `ids` (for populate and reference checks). */
  findLiveByIds(
    projectId: string,
    collectionId: string,
    ids: readonly string[],
    trx: Db = this.db,
  ): Promise<DocumentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('documents')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('collection_id', '=', collectionId)
      .where('deleted_at', 'is', null)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The collection of each live document of the project among `ids` (reference checks, any collection at once). */
  findLiveCollections(
    projectId: string,
    ids: readonly string[],
    trx: Db = this.db,
  ): Promise<{ id: string; collection_id: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('documents')
      .select(['id', 'collection_id'])
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .where('id', 'in', [...ids])
      .execute();
  }

  async countLive(collectionId: string, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('collection_id', '=', collectionId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Whether another live document of the collection holds `value` at a field path. */
  async valueTaken(
    trx: Db,
    options: {
      collectionId: string;
      field: Field;
      locale: string | undefined;
      value: Scalar;
      exceptId: string | null;
    },
  ): Promise<boolean> {
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
        trx,
      );
    return result.rows.length > 0;
  }

  /** Walks every document of a collection in batches (model changes check existing data). */
  async *scan(collectionId: string, db: Db = this.db, batchSize = 500): AsyncGenerator<DocumentRow[]> {
    let lastId = '';
    for (;;) {
      const rows = await db
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
  async save(trx: Db, document: StoredDocument, expectedVersion: number | null): Promise<boolean> {
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
    };
    if (expectedVersion === null) {
      await trx
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
    const result = await trx
      .updateTable('documents')
      .set(row)
      .where('id', '=', document.id)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async replaceSearchRows(trx: Db, documentId: string, rows: readonly DocumentSearchTable[]): Promise<void> {
    // On SQLite the full-text index follows its rows table through triggers (migration 0015).
    const table = this.dialect === 'sqlite' ? 'document_search_rows' : 'document_search';
    await trx.deleteFrom(table).where('document_id', '=', documentId).execute();
    if (rows.length > 0)
      await trx
        .insertInto(table)
        .values([...rows])
        .execute();
  }

  /** Projects whose content each open transaction changed (see `touch`). */
  private readonly touched = new WeakMap<Transaction<Database>, Set<string>>();

  /** Notes that `trx` changes the project's content: its cached answers go stale on commit. */
  touch(trx: Transaction<Database>, projectId: string): void {
    this.touched.get(trx)?.add(projectId);
  }

  /**
   * Takes the writer lock of collections until `trx` ends (PostgreSQL; SQLite has one writer
   * anyway). Document writes and model changes of a collection take it, so a model change sees
   * every document written before it, and no write slips in while it checks them.
   */
  async lockCollections(trx: Transaction<Database>, collectionIds: readonly string[]): Promise<void> {
    if (this.dialect !== 'postgres') return;
    // Always in the same order, so two lockers of several collections cannot deadlock.
    for (const id of [...collectionIds].sort()) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${id}))`.execute(trx);
    }
  }

  /** Runs `work` in one transaction; on PostgreSQL it also serializes writers of a collection. */
  async transaction<T>(collectionId: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const projects = new Set<string>();
    const result = await this.db.transaction().execute(async (trx) => {
      this.touched.set(trx, projects);
      // Unique values are checked then written; one writer per collection at a time keeps that safe.
      await this.lockCollections(trx, [collectionId]);
      return work(trx);
    });
    for (const projectId of projects) this.delivery.invalidate(projectId);
    return result;
  }
}
