import type { DocumentVersion, DocumentVersionSummary, VersionDiff } from '@plinth/contract';
import type { AppContext } from '../../context.js';
import { parseJson } from '../../db/database.js';
import type { DocumentVersionRow } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Page } from '../../lib/pagination.js';
import type { DocumentsService } from '../documents/documents.service.js';
import type { StoredData } from '../documents/stored-document.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { diffData } from './version-diff.js';
import { VersionsRepository } from './versions.repository.js';

const toSummary = (row: DocumentVersionRow): DocumentVersionSummary => ({
  version: row.version,
  created_at: row.created_at,
  created_by: row.created_by,
  locale: row.locale,
  status: row.status,
  changed_fields: parseJson<string[]>(row.changed_fields),
});

/** A document's history: every saved state, diffs between any two, and restore as a new version. */
export class VersionsService {
  private readonly repository: VersionsRepository;

  constructor(
    ctx: AppContext,
    private readonly documents: DocumentsService,
  ) {
    this.repository = new VersionsRepository(ctx.db);
  }

  /** History is part of the working copy: readers of published content never see it. */
  private async document(grant: ProjectGrant, slug: string, id: string) {
    this.documents.view(grant, 'draft');
    const { collection } = await this.documents.collection(grant, slug);
    const document = await this.documents.load(grant, collection, id, 'working');
    return { collection, document };
  }

  private async version(documentId: string, n: number): Promise<DocumentVersionRow> {
    const row = await this.repository.find(documentId, n);
    if (!row) throw notFound('Version');
    return row;
  }

  async list(grant: ProjectGrant, slug: string, id: string, page: Page) {
    const { document } = await this.document(grant, slug, id);
    const { rows, total } = await this.repository.list(document.id, page);
    return { items: rows.map(toSummary), total };
  }

  async get(grant: ProjectGrant, slug: string, id: string, n: number): Promise<DocumentVersion> {
    const { document } = await this.document(grant, slug, id);
    const row = await this.version(document.id, n);
    return { ...toSummary(row), data: parseJson<Record<string, unknown>>(row.data) };
  }

  /** Changes from version `against` (default: the one before) to version `n`. */
  async diff(
    grant: ProjectGrant,
    slug: string,
    id: string,
    n: number,
    against: number | undefined,
  ): Promise<VersionDiff> {
    const { collection, document } = await this.document(grant, slug, id);
    const to = await this.version(document.id, n);
    const fromNumber = against ?? n - 1;
    if (fromNumber === n) throw fieldError('against', 'must name another version');
    const from = fromNumber >= 1 ? await this.version(document.id, fromNumber) : null;
    const before = from ? parseJson<StoredData>(from.data) : {};
    return { from: fromNumber, to: n, changes: diffData(collection.fields, before, parseJson<StoredData>(to.data)) };
  }

  /** Makes a new version whose data equals version `n` (nothing in between is lost: it stays in history). */
  async restore(grant: ProjectGrant, slug: string, id: string, n: number) {
    const { collection, document } = await this.document(grant, slug, id);
    this.documents.checkOwnership(grant, document);
    const row = await this.version(document.id, n);
    const data = parseJson<StoredData>(row.data);
    const everyField = Object.fromEntries(collection.fields.map((field) => [field.name, true]));
    const restored = await this.documents.repository.transaction(collection.id, async (trx) => {
      for (const locale of grant.project.locales) {
        await this.documents.checkUnique(trx, collection, everyField, data, locale, document.id);
      }
      return this.documents.saveData(trx, {
        grant,
        collection,
        existing: document,
        data,
        locale: row.locale,
        action: 'document.version_restored',
        details: { restored_version: n },
      });
    });
    return this.documents.present(grant, collection, restored, grant.project.defaultLocale);
  }
}
