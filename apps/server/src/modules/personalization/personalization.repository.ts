import { Repository } from '../../db/repository.js';
import type { AudienceRow, DocumentVariantRow } from '../../db/schema.js';

/** A unique constraint failed: `23505` on PostgreSQL, `SQLITE_CONSTRAINT_UNIQUE` on SQLite. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A variant row with its audience's key (what the API names it by). */
export type VariantWithAudience = DocumentVariantRow & { audience_key: string };

/** All SQL of audiences and document variants. */
export class PersonalizationRepository extends Repository {
  /** The project's audiences in the order they are tried: ascending priority, then key. */
  listAudiences(projectId: string): Promise<AudienceRow[]> {
    return this.db
      .selectFrom('audiences')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('priority')
      .orderBy('key')
      .execute();
  }

  findAudience(projectId: string, key: string): Promise<AudienceRow | undefined> {
    return this.db
      .selectFrom('audiences')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Inserts an audience; false when the project already has one with this key. */
  async insertAudience(row: AudienceRow): Promise<boolean> {
    try {
      await this.db
        .insertInto('audiences')
        .values({ ...row, rules: JSON.stringify(row.rules) })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async updateAudience(
    id: string,
    changes: Partial<Pick<AudienceRow, 'name' | 'priority' | 'match' | 'rules' | 'updated_at'>>,
  ): Promise<void> {
    const { rules, ...rest } = changes;
    await this.db
      .updateTable('audiences')
      .set({ ...rest, ...(rules !== undefined ? { rules: JSON.stringify(rules) } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes an audience and its variants. */
  async deleteAudience(id: string): Promise<void> {
    await this.db.deleteFrom('document_variants').where('audience_id', '=', id).execute();
    await this.db.deleteFrom('audiences').where('id', '=', id).execute();
  }

  /** A document's variants, in the order their audiences are tried. */
  listVariants(projectId: string, documentId: string): Promise<VariantWithAudience[]> {
    return this.db
      .selectFrom('document_variants')
      .innerJoin('audiences', 'audiences.id', 'document_variants.audience_id')
      .selectAll('document_variants')
      .select('audiences.key as audience_key')
      .where('document_variants.project_id', '=', projectId)
      .where('document_variants.document_id', '=', documentId)
      .orderBy('audiences.priority')
      .orderBy('audiences.key')
      .execute();
  }

  findVariant(documentId: string, audienceId: string): Promise<DocumentVariantRow | undefined> {
    return this.db
      .selectFrom('document_variants')
      .selectAll()
      .where('document_id', '=', documentId)
      .where('audience_id', '=', audienceId)
      .executeTakeFirst();
  }

  async insertVariant(row: DocumentVariantRow): Promise<void> {
    await this.db
      .insertInto('document_variants')
      .values({
        ...row,
        data: JSON.stringify(row.data),
        published_data: row.published_data === null ? null : JSON.stringify(row.published_data),
      })
      .execute();
  }

  async updateVariantData(id: string, changes: { data: unknown; updated_at: string; updated_by: string | null }) {
    await this.db
      .updateTable('document_variants')
      .set({ ...changes, data: JSON.stringify(changes.data) })
      .where('id', '=', id)
      .execute();
  }

  async updatePublishedData(id: string, publishedData: unknown | null): Promise<void> {
    await this.db
      .updateTable('document_variants')
      .set({ published_data: publishedData === null ? null : JSON.stringify(publishedData) })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a document's variant for an audience; false when there was none. */
  async deleteVariant(documentId: string, audienceId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('document_variants')
      .where('document_id', '=', documentId)
      .where('audience_id', '=', audienceId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The variants of these documents for these audiences (by key): one query for a whole page. */
  variantsFor(
    projectId: string,
    documentIds: readonly string[],
    audienceKeys: readonly string[],
  ): Promise<Pick<VariantWithAudience, 'document_id' | 'audience_key' | 'data' | 'published_data'>[]> {
    if (documentIds.length === 0 || audienceKeys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('document_variants')
      .innerJoin('audiences', 'audiences.id', 'document_variants.audience_id')
      .select([
        'document_variants.document_id',
        'audiences.key as audience_key',
        'document_variants.data',
        'document_variants.published_data',
      ])
      .where('document_variants.project_id', '=', projectId)
      .where('audiences.project_id', '=', projectId)
      .where('document_variants.document_id', 'in', [...new Set(documentIds)])
      .where('audiences.key', 'in', [...new Set(audienceKeys)])
      .execute();
  }

  /** Every variant of a document (publishing and unpublishing go through them all). */
  variantsOfDocument(documentId: string): Promise<DocumentVariantRow[]> {
    return this.db.selectFrom('document_variants').selectAll().where('document_id', '=', documentId).execute();
  }
}
