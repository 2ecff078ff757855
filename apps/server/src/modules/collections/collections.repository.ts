import type { Field } from '@plinth/contract';
import type { Kysely } from 'kysely';
import type { CollectionRow, ComponentRow, Database } from '../../db/schema.js';

/** All SQL of the content model: collections and components. */
export class CollectionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listCollections(projectId: string): Promise<CollectionRow[]> {
    return this.db.selectFrom('collections').selectAll().where('project_id', '=', projectId).orderBy('slug').execute();
  }

  findCollection(projectId: string, slug: string): Promise<CollectionRow | undefined> {
    return this.db
      .selectFrom('collections')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  async insertCollection(row: Omit<CollectionRow, 'fields'> & { fields: Field[] }): Promise<void> {
    await this.db
      .insertInto('collections')
      .values({ ...row, fields: JSON.stringify(row.fields) })
      .execute();
  }

  async updateCollection(
    id: string,
    changes: Partial<Omit<CollectionRow, 'id' | 'project_id' | 'slug' | 'fields'>> & { fields?: Field[] },
  ): Promise<void> {
    await this.db
      .updateTable('collections')
      .set({ ...changes, ...(changes.fields ? { fields: JSON.stringify(changes.fields) } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Deletes a collection; its documents go by cascade. The search index goes explicitly: SQLite's
   * FTS table cannot hold a foreign key, so its rows would otherwise outlive the documents.
   */
  async deleteCollection(id: string): Promise<void> {
    const remove = async (trx: Kysely<Database>) => {
      await trx.deleteFrom('document_search').where('collection_id', '=', id).execute();
      await trx.deleteFrom('collections').where('id', '=', id).execute();
    };
    // Inside a caller's transaction (which also records webhook events), use it as is.
    await (this.db.isTransaction ? remove(this.db) : this.db.transaction().execute(remove));
  }

  listComponents(projectId: string): Promise<ComponentRow[]> {
    return this.db.selectFrom('components').selectAll().where('project_id', '=', projectId).orderBy('name').execute();
  }

  findComponent(projectId: string, name: string): Promise<ComponentRow | undefined> {
    return this.db
      .selectFrom('components')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insertComponent(row: Omit<ComponentRow, 'fields'> & { fields: Field[] }): Promise<void> {
    await this.db
      .insertInto('components')
      .values({ ...row, fields: JSON.stringify(row.fields) })
      .execute();
  }

  async updateComponent(
    id: string,
    changes: { label?: string; description?: string; fields?: Field[]; updated_at: string },
  ): Promise<void> {
    await this.db
      .updateTable('components')
      .set({ ...changes, ...(changes.fields ? { fields: JSON.stringify(changes.fields) } : {}) })
      .where('id', '=', id)
      .execute();
  }

  async deleteComponent(id: string): Promise<void> {
    await this.db.deleteFrom('components').where('id', '=', id).execute();
  }
}
