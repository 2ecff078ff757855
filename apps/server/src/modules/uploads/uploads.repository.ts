import { sql } from 'kysely';
import { Repository } from '../../db/repository.js';
import type { ResumableUploadRow } from '../../db/schema.js';

/** All SQL of resumable uploads (the `resumable_uploads` table). */
export class UploadsRepository extends Repository {
  async insert(row: ResumableUploadRow): Promise<void> {
    await this.db.insertInto('resumable_uploads').values(row).execute();
  }

  find(projectId: string, id: string): Promise<ResumableUploadRow | undefined> {
    return this.db
      .selectFrom('resumable_uploads')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether an upload with this id exists (any project): its file is not an orphan. */
  async exists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('resumable_uploads').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** Bytes that a project's unfinished, unexpired uploads have declared: kept free for them. */
  async reservedBytes(projectId: string, now: string): Promise<number> {
    const row = await this.db
      .selectFrom('resumable_uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('upload_length'), sql<number>`0`).as('bytes'))
      .where('project_id', '=', projectId)
      .where('asset_id', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /**
   * Moves the offset from `from` to `to`; false when another request moved it first (the
   * offset is the upload's version).
   */
  async advance(id: string, from: number, to: number): Promise<boolean> {
    const result = await this.db
      .updateTable('resumable_uploads')
      .set({ upload_offset: to })
      .where('id', '=', id)
      .where('upload_offset', '=', from)
      .where('asset_id', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async markFinished(id: string, assetId: string): Promise<void> {
    await this.db.updateTable('resumable_uploads').set({ asset_id: assetId }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
  }

  /** Ids of uploads that expired by `now`, oldest first, at most `limit`. */
  async expiredIds(now: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('resumable_uploads')
      .select('id')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
