import { Repository } from '../../db/repository.js';
import type { ProjectExportRow, ProjectExportsTable, ProjectImportRow, ProjectImportsTable } from '../../db/schema.js';

/** All SQL of project exports. */
export class ExportsRepository extends Repository {
  async insert(row: ProjectExportRow): Promise<void> {
    await this.db.insertInto('project_exports').values(row).execute();
  }

  find(projectId: string, id: string): Promise<ProjectExportRow | undefined> {
    return this.db
      .selectFrom('project_exports')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findById(id: string): Promise<ProjectExportRow | undefined> {
    return this.db.selectFrom('project_exports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(
    id: string,
    changes: Partial<Pick<ProjectExportsTable, 'status' | 'progress' | 'size' | 'error' | 'file' | 'finished_at'>>,
  ): Promise<void> {
    await this.db.updateTable('project_exports').set(changes).where('id', '=', id).execute();
  }
}

/** All SQL of project imports. */
export class ImportsRepository extends Repository {
  async insert(row: ProjectImportRow): Promise<void> {
    await this.db.insertInto('project_imports').values(row).execute();
  }

  find(projectId: string, id: string): Promise<ProjectImportRow | undefined> {
    return this.db
      .selectFrom('project_imports')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findById(id: string): Promise<ProjectImportRow | undefined> {
    return this.db.selectFrom('project_imports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(
    id: string,
    changes: Partial<Pick<ProjectImportsTable, 'status' | 'progress' | 'report' | 'error' | 'file' | 'finished_at'>>,
  ): Promise<void> {
    await this.db.updateTable('project_imports').set(changes).where('id', '=', id).execute();
  }

  /** The ids earlier copies gave these archive ids in the project. */
  async copiesOf(projectId: string, sourceIds: readonly string[]): Promise<Map<string, string>> {
    if (sourceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('import_copies')
      .select(['source_id', 'copy_id'])
      .where('project_id', '=', projectId)
      .where('source_id', 'in', [...sourceIds])
      .execute();
    return new Map(rows.map((row) => [row.source_id, row.copy_id]));
  }

  async insertCopies(projectId: string, copies: ReadonlyMap<string, string>): Promise<void> {
    if (copies.size === 0) return;
    await this.db
      .insertInto('import_copies')
      .values([...copies].map(([source_id, copy_id]) => ({ project_id: projectId, source_id, copy_id })))
      .execute();
  }
}
