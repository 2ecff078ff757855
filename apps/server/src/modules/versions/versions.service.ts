import type { Document, DocumentVersion, DocumentVersionSummary, VersionDiff } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { DocumentVersionRow } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Page } from '../../lib/pagination.js';
import type { CollectionModel } from '../collections/model.js';
import type { DocumentReads } from '../documents/document-reads.js';
import type { DocumentWrites } from '../documents/document-writes.js';
import { presentData, type StoredData, visibleFields } from '../documents/stored-document.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { diffData } from './version-diff.js';
import type { VersionsRepository } from './versions.repository.js';

/**
 * What a caller may see of stored states. Members see everything, fields since removed from the
 * model included (history keeps them). API tokens see what a document read shows them (the
 * documents presenter, every locale), so hidden fields never reach them through history.
 */
class HistoryView {
  private readonly visible: ReadonlySet<string> | null;

  constructor(
    private readonly collection: CollectionModel,
    private readonly grant: ProjectGrant,
  ) {
    this.visible = grant.content.seesHidden
      ? null
      : new Set(visibleFields(collection, false).map((field) => field.name));
  }

  data(stored: StoredData): StoredData {
    if (this.visible === null) return stored;
    return presentData(this.collection, stored, {
      view: 'working',
      locale: '*',
      defaultLocale: this.grant.project.defaultLocale,
      locales: this.grant.project.locales,
      includeHidden: false,
      fields: null,
    });
  }

  summary(row: DocumentVersionRow): DocumentVersionSummary {
    const changed = parseJson<string[]>(row.changed_fields);
    const visible = this.visible;
    return {
      version: row.version,
      created_at: row.created_at,
      created_by: row.created_by,
      created_by_token: row.created_by_token,
      locale: row.locale,
      status: row.status,
      changed_fields: visible ? changed.filter((name) => visible.has(name)) : changed,
      published_locales: row.published_locales === null ? [] : parseJson<string[]>(row.published_locales),
    };
  }
}

/** A document's history: every saved state, diffs between any two, and restore as a new version. */
export class VersionsService {
  private readonly repository: VersionsRepository;

  constructor(private readonly deps: { repository: VersionsRepository; reads: DocumentReads; writes: DocumentWrites }) {
    this.repository = deps.repository;
  }

  /** History is part of the working copy: readers of published content never see it. */
  private async document(grant: ProjectGrant, slug: string, id: string) {
    const { collection, document } = await this.deps.reads.findWorking(grant, slug, id);
    return { collection, document, history: new HistoryView(collection, grant) };
  }

  private async version(documentId: string, n: number): Promise<DocumentVersionRow> {
    const row = await this.repository.find(documentId, n);
    if (!row) throw notFound('Version');
    return row;
  }

  async list(grant: ProjectGrant, slug: string, id: string, page: Page) {
    const { document, history } = await this.document(grant, slug, id);
    const { rows, total } = await this.repository.list(document.id, page);
    return { items: rows.map((row) => history.summary(row)), total };
  }

  async get(grant: ProjectGrant, slug: string, id: string, n: number): Promise<DocumentVersion> {
    const { document, history } = await this.document(grant, slug, id);
    const row = await this.version(document.id, n);
    return { ...history.summary(row), data: history.data(parseJson<StoredData>(row.data)) };
  }

  /** Changes from version `against` (default: the one before) to version `n`. */
  async diff(
    grant: ProjectGrant,
    slug: string,
    id: string,
    n: number,
    against: number | undefined,
  ): Promise<VersionDiff> {
    const { collection, document, history } = await this.document(grant, slug, id);
    const to = await this.version(document.id, n);
    const fromNumber = against ?? n - 1;
    if (fromNumber === n) throw fieldError('against', 'must name another version');
    const from = fromNumber >= 1 ? await this.version(document.id, fromNumber) : null;
    const before = history.data(from ? parseJson<StoredData>(from.data) : {});
    const after = history.data(parseJson<StoredData>(to.data));
    return { from: fromNumber, to: n, changes: diffData(collection.fields, before, after) };
  }

  /**
   * Makes a new version whose data equals version `n` (nothing in between is lost: it stays in
   * history), through the documents' own write path: it must still fit the current model.
   */
  async restore(grant: ProjectGrant, slug: string, id: string, n: number): Promise<Document> {
    const { document } = await this.document(grant, slug, id);
    const row = await this.version(document.id, n);
    return this.deps.writes.replaceData(grant, slug, id, {
      data: parseJson<StoredData>(row.data),
      locale: row.locale,
      action: 'document.version_restored',
      details: { restored_version: n },
    });
  }
}
