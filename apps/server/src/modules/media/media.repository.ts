import type { MediaKind } from '@plinth/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, MediaAssetRow, MediaAssetUpdate, NewMediaAssetRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface MediaFilters {
  /** Lower-cased words searched in file names and alt texts. */
  q?: string;
  kind?: MediaKind;
  folder?: string;
}

/** `%` and `_` in a search match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** All SQL of the media library: assets, their variants, and the documents that use them. */
export class MediaRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async insert(db: Db, row: NewMediaAssetRow): Promise<void> {
    await db.insertInto('media_assets').values(row).execute();
  }

  findLive(projectId: string, id: string): Promise<MediaAssetRow | undefined> {
    return this.db
      .selectFrom('media_assets')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** A live asset of a live project, for public file delivery (no caller to authorize). */
  findServable(projectId: string, id: string): Promise<MediaAssetRow | undefined> {
    return this.db
      .selectFrom('media_assets')
      .innerJoin('projects', 'projects.id', 'media_assets.project_id')
      .selectAll('media_assets')
      .where('media_assets.project_id', '=', projectId)
      .where('media_assets.id', '=', id)
      .where('media_assets.deleted_at', 'is', null)
      .where('projects.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Live assets of one project among `ids`, in one query (unknown and deleted ids are left out). */
  async findLiveMany(projectId: string, ids: readonly string[]): Promise<MediaAssetRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('media_assets')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', 'in', [...new Set(ids)])
      .where('deleted_at', 'is', null)
      .execute();
  }

  async list(projectId: string, filters: MediaFilters, page: Page): Promise<{ rows: MediaAssetRow[]; total: number }> {
    let query = this.db.selectFrom('media_assets').where('project_id', '=', projectId).where('deleted_at', 'is', null);
    if (filters.kind) query = query.where('kind', '=', filters.kind);
    if (filters.folder !== undefined) query = query.where('folder', '=', filters.folder);
    if (filters.q) {
      for (const word of filters.q.split(/\s+/).filter(Boolean)) {
        query = query.where(sql<boolean>`search_text LIKE ${likePattern(word)} ESCAPE '\\'`);
      }
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async update(db: Db, id: string, changes: MediaAssetUpdate): Promise<void> {
    await db.updateTable('media_assets').set(changes).where('id', '=', id).execute();
  }

  async markDeleted(db: Db, id: string, now: string): Promise<void> {
    await db.updateTable('media_assets').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  }

  /**
   * Serializes uploads of one project so two of them cannot both pass the quota check. SQLite
   * runs one write transaction at a time already; PostgreSQL locks the project row.
   */
  async lockProject(trx: Transaction<Database>, projectId: string): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
  }

  /** Bytes of the project's live files (what the storage quota counts). */
  async usedBytes(db: Db, projectId: string): Promise<number> {
    const row = await db
      .selectFrom('media_assets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('used'))
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  /**
   * Published documents (live, with a published snapshot) whose snapshot mentions the asset.
   * Media fields hold asset ids wherever they sit (localized maps, blocks), so the snapshot's
   * JSON text is searched for the quoted id: ids are UUIDs, which never occur by accident.
   */
  async countPublishedReferences(projectId: string, assetId: string): Promise<number> {
    const text = this.dialect === 'postgres' ? sql`published_data::text` : sql`published_data`;
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .where('published_data', 'is not', null)
      .where(sql<boolean>`${text} LIKE ${likePattern(`"${assetId}"`)} ESCAPE '\\'`)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** The stored size of a cached variant, or null when it is not cached. */
  async variantSize(assetId: string, variant: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('media_variants')
      .select('size')
      .where('asset_id', '=', assetId)
      .where('variant', '=', variant)
      .executeTakeFirst();
    return row ? Number(row.size) : null;
  }

  async countVariants(assetId: string): Promise<number> {
    const row = await this.db
      .selectFrom('media_variants')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('asset_id', '=', assetId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async insertVariant(row: { asset_id: string; variant: string; size: number; created_at: string }): Promise<void> {
    await this.db
      .insertInto('media_variants')
      .values(row)
      .onConflict((oc) => oc.columns(['asset_id', 'variant']).doNothing())
      .execute();
  }

  async listVariants(assetId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('media_variants').select('variant').where('asset_id', '=', assetId).execute();
    return rows.map((row) => row.variant);
  }

  async deleteVariant(assetId: string, variant: string): Promise<void> {
    await this.db.deleteFrom('media_variants').where('asset_id', '=', assetId).where('variant', '=', variant).execute();
  }

  async deleteVariants(assetId: string): Promise<void> {
    await this.db.deleteFrom('media_variants').where('asset_id', '=', assetId).execute();
  }
}
