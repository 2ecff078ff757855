import type { MediaKind } from '@plinth/contract';
import { sql } from 'kysely';
import { likeEscape } from '../../db/like.js';
import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { MediaAssetRow, MediaAssetUpdate, NewMediaAssetRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';
import type { OwnerConstraint } from '../projects/content-policy.js';

export interface MediaFilters {
  /** Lower-cased words searched in file names and alt texts. */
  q?: string;
  kind?: MediaKind;
  folder?: string;
}

/** A generated variant to keep, and the bounds it must fit in to be kept. */
export interface VariantClaim {
  projectId: string;
  assetId: string;
  variant: string;
  size: number;
  createdAt: string;
  maxCount: number;
  maxBytes: number;
  /** The project's media storage (`null`: unlimited), which kept variants count against. */
  quota: number | null;
}

/** `%` and `_` in a search match themselves. */
const likePattern = (text: string) => `%${likeEscape(text)}%`;

/** All SQL of the media library: assets and their variants. */
export class MediaRepository extends Repository {
  async insert(row: NewMediaAssetRow): Promise<void> {
    await this.db.insertInto('media_assets').values(row).execute();
  }

  /**
   * A live asset of a project, when the owner constraint lets it through (authors changing
   * media reach only the files they uploaded).
   */
  findLive(
    projectId: string,
    id: string,
    owner: OwnerConstraint = { kind: 'any' },
  ): Promise<MediaAssetRow | undefined> {
    let query = this.db
      .selectFrom('media_assets')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null);
    if (owner.kind === 'createdBy') {
      query = owner.userId === null ? query.where(sql<boolean>`1 = 0`) : query.where('created_by', '=', owner.userId);
    }
    return query.executeTakeFirst();
  }

  /** Whether a live asset exists (without reading it). */
  async exists(projectId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('media_assets')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Assets among `ids` in any project, deleted ones too (imports: ids that exist already, and where). */
  findAnyProject(ids: readonly string[]): Promise<MediaAssetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('media_assets')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
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

  list(projectId: string, filters: MediaFilters, page: Page): Promise<{ rows: MediaAssetRow[]; total: number }> {
    let query = this.db.selectFrom('media_assets').where('project_id', '=', projectId).where('deleted_at', 'is', null);
    if (filters.kind) query = query.where('kind', '=', filters.kind);
    if (filters.folder !== undefined) query = query.where('folder', '=', filters.folder);
    if (filters.q) {
      for (const word of filters.q.split(/\s+/).filter(Boolean)) {
        query = query.where(sql<boolean>`search_text LIKE ${likePattern(word)} ESCAPE '\\'`);
      }
    }
    return listPage(query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
  }

  /** The folders live files are in, with how many each holds, by name. */
  async folders(projectId: string): Promise<{ name: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('media_assets')
      .select(['folder', (eb) => eb.fn.countAll<number>().as('count')])
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .where('folder', 'is not', null)
      .groupBy('folder')
      .orderBy('folder')
      .execute();
    return rows.flatMap((row) => (row.folder === null ? [] : [{ name: row.folder, count: Number(row.count) }]));
  }

  async update(id: string, changes: MediaAssetUpdate): Promise<void> {
    await this.db.updateTable('media_assets').set(changes).where('id', '=', id).execute();
  }

  async markDeleted(id: string, now: string): Promise<void> {
    await this.db.updateTable('media_assets').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  }

  /** How many live files the project has. */
  async countLive(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('media_assets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Bytes the project's live files take: originals and the variants kept of them. This is what
   * the storage quota counts and the usage page shows.
   */
  async usedBytes(projectId: string): Promise<number> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('media_assets')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('size'), sql<number>`0`).as('bytes'))
          .where('project_id', '=', projectId)
          .where('deleted_at', 'is', null)
          .as('originals'),
        eb
          .selectFrom('media_variants')
          .innerJoin('media_assets', 'media_assets.id', 'media_variants.asset_id')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('media_variants.size'), sql<number>`0`).as('bytes'))
          .where('media_assets.project_id', '=', projectId)
          .where('media_assets.deleted_at', 'is', null)
          .as('variants'),
      ])
      .executeTakeFirstOrThrow();
    return Number(row.originals) + Number(row.variants);
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

  /**
   * Claims a variant's row before its file is written, if it fits: fewer than `maxCount`
   * variants and at most `maxBytes` of them for the asset, a live asset, and room in the quota.
   * Run it in a transaction holding the project's lock (SQLite has one writer at a time), so
   * concurrent new variants cannot overshoot the bounds together. False when it does not fit,
   * or is claimed already.
   */
  async claimVariant(claim: VariantClaim): Promise<boolean> {
    if (claim.quota !== null && (await this.usedBytes(claim.projectId)) + claim.size > claim.quota) return false;
    const { rows } = await sql<{ variant: string }>`
        INSERT INTO media_variants (asset_id, variant, size, created_at)
        SELECT ${claim.assetId}, ${claim.variant}, CAST(${claim.size} AS bigint), ${claim.createdAt}
        WHERE (SELECT count(*) FROM media_variants WHERE asset_id = ${claim.assetId}) < ${claim.maxCount}
          AND (SELECT coalesce(sum(size), 0) FROM media_variants WHERE asset_id = ${claim.assetId})
            + ${claim.size} <= ${claim.maxBytes}
          AND EXISTS (SELECT 1 FROM media_assets WHERE id = ${claim.assetId} AND deleted_at IS NULL)
        ON CONFLICT (asset_id, variant) DO NOTHING
        RETURNING variant`.execute(this.db);
    return rows.length === 1;
  }

  async listVariants(assetId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('media_variants').select('variant').where('asset_id', '=', assetId).execute();
    return rows.map((row) => row.variant);
  }

  async deleteVariant(assetId: string, variant: string): Promise<void> {
    await this.db.deleteFrom('media_variants').where('asset_id', '=', assetId).where('variant', '=', variant).execute();
  }

  /** After a project's files left storage: its assets are marked deleted and its variants forgotten. */
  async forgetProjectFiles(projectId: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('media_variants')
        .where('asset_id', 'in', trx.selectFrom('media_assets').select('id').where('project_id', '=', projectId))
        .execute();
      await trx
        .updateTable('media_assets')
        .set({ deleted_at: now, updated_at: now })
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .execute();
    });
  }

  async deleteVariants(assetId: string): Promise<void> {
    await this.db.deleteFrom('media_variants').where('asset_id', '=', assetId).execute();
  }
}
