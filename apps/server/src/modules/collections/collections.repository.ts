import type { Field } from '@plinth/contract';
import { Repository } from '../../db/repository.js';
import type { CollectionRow, ComponentRow } from '../../db/schema.js';

/** All SQL of the content model: collections and components. */
export class CollectionsRepository extends Repository {
  /** The project's collections; deleted ones (kept with their trashed documents) are not among them. */
  listCollections(projectId: string): Promise<CollectionRow[]> {
    return this.db
      .selectFrom('collections')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .orderBy('slug')
      .execute();
  }

  findCollection(projectId: string, slug: string): Promise<CollectionRow | undefined> {
    return this.db
      .selectFrom('collections')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('slug', '=', slug)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async insertCollection(row: Omit<CollectionRow, 'fields'> & { fields: Field[] }): Promise<void> {
    await this.db
      .insertInto('collections')
      .values({ ...row, fields: JSON.stringify(row.fields) })
      .execute();
  }

  /** Changes a collection; a change of its fields moves its model revision. */
  async updateCollection(
    id: string,
    changes: Partial<Omit<CollectionRow, 'id' | 'project_id' | 'slug' | 'fields' | 'model_revision'>> & {
      fields?: Field[];
    },
  ): Promise<void> {
    await this.db
      .updateTable('collections')
      .set((eb) => ({
        ...changes,
        ...(changes.fields
          ? { fields: JSON.stringify(changes.fields), model_revision: eb('model_revision', '+', 1) }
          : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Moves the model revision of collections whose shape changed through a component. */
  async bumpRevisions(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('collections')
      .set((eb) => ({ model_revision: eb('model_revision', '+', 1) }))
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The stored model revision of a collection (read inside a document write's transaction). */
  async revision(id: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('collections')
      .select('model_revision')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? Number(row.model_revision) : null;
  }

  /**
   * Deletes a collection without erasing anything: the row stays, marked deleted and renamed
   * (`~` never appears in a slug) so that the slug is free again.
   */
  async deleteCollection(id: string, slug: string, now: string): Promise<void> {
    await this.db
      .updateTable('collections')
      .set({ deleted_at: now, slug: `${slug}~deleted~${id}` })
      .where('id', '=', id)
      .execute();
  }

  /** The most recently deleted collection that had this slug. */
  async findDeletedCollection(projectId: string, slug: string): Promise<CollectionRow | undefined> {
    const deleted = await this.db
      .selectFrom('collections')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is not', null)
      .orderBy('deleted_at', 'desc')
      .execute();
    // `~` never appears in a slug, so the prefix names exactly the collections that had it.
    return deleted.find((row) => row.slug.startsWith(`${slug}~deleted~`));
  }

  /** Undoes `deleteCollection`: the slug comes back (and its shape counts as changed). */
  async restoreCollection(id: string, slug: string, now: string): Promise<void> {
    await this.db
      .updateTable('collections')
      .set((eb) => ({ slug, deleted_at: null, updated_at: now, model_revision: eb('model_revision', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** How many collections (deleted ones aside) and components the project's model has. */
  async countModel(projectId: string): Promise<{ collections: number; components: number }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('collections')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .where('project_id', '=', projectId)
          .where('deleted_at', 'is', null)
          .as('collections'),
        eb
          .selectFrom('components')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .where('project_id', '=', projectId)
          .as('components'),
      ])
      .executeTakeFirstOrThrow();
    return { collections: Number(row.collections), components: Number(row.components) };
  }

  listComponents(projectId: string): Promise<ComponentRow[]> {
    return this.db.selectFrom('components').selectAll().where('project_id', '=', projectId).orderBy('name').execute();
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
