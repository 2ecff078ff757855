import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import {
  type Collection,
  type Component,
  type Field,
  type Import,
  type ImportMode,
  type ImportReport,
  MEDIA_FOLDER_PATTERN,
} from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { Transact, Trx } from '../../db/repository.js';
import type { DocumentRow, MediaAssetRow, NewMediaAssetRow, ProjectImportRow } from '../../db/schema.js';
import type { JobHandler, JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RootLogger } from '../../lib/logger.js';
import type { AuditService } from '../audit/audit.service.js';
import { SYSTEM } from '../auth/principal.js';
import { fieldChecks, storedValueFits } from '../collections/collections.service.js';
import type { ComponentFields } from '../collections/field-values.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import { type ExtendedModel, extendModel, type ModelPromotion } from '../collections/model-promotion.js';
import { type StoredDocument, toStoredDocument } from '../documents/stored-document.js';
import { detectType } from '../media/file-types.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { safeName } from './archive-files.js';
import { ArchiveError, type ArchiveLimits, type ReadArchive, readArchive } from './archive-reader.js';
import { ARCHIVE_ID, canonical, isObject, isTimestamp, type ReportProblem } from './archive-values.js';
import type { documentLine } from './exports.service.js';
import { type ArchiveSettings, readSettings, type SettingsTargets, writeSettings } from './settings-import.js';
import type { ImportsRepository } from './transfer.repository.js';

export const IMPORT_JOB = 'project.import';

/** Rows checked and written per query while an import walks a file. */
const BATCH = 200;
/** Problems a report lists before it stops adding (the import fails either way). */
const MAX_PROBLEMS = 100;
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const STATUSES = new Set(['draft', 'published', 'changed']);
const MEDIA_FOLDER = new RegExp(MEDIA_FOLDER_PATTERN, 'u');

type DocumentLine = ReturnType<typeof documentLine>;

/**
 * What an import writes into other modules' tables and storage; each owning module provides
 * its part (wired in the composition root). Reads take the import's transaction, so they see
 * what it wrote and nothing slips in between.
 */
export interface ImportTargets extends SettingsTargets {
  project(projectId: string): Promise<ProjectRecord | undefined>;
  /** Documents among `ids` in any project of the instance. */
  documents(trx: Trx, ids: readonly string[]): Promise<DocumentRow[]>;
  writeDocument(
    trx: Trx,
    document: StoredDocument,
    previousVersion: number | null,
    model: CollectionModel,
    project: { locales: readonly string[]; defaultLocale: string },
  ): Promise<void>;
  /** Every document of a collection (replace trashes those the archive lacks). */
  scanDocuments(trx: Trx, collectionId: string): AsyncIterable<DocumentRow[]>;
  /** The version ids among `ids` that exist already. */
  versionIds(trx: Trx, ids: readonly string[]): Promise<Set<string>>;
  insertVersion(
    trx: Trx,
    row: {
      id: string;
      document_id: string;
      project_id: string;
      version: number;
      locale: string;
      status: string;
      data: unknown;
      changed_fields: string[];
      created_at: string;
      created_by: null;
      created_by_token: null;
    },
  ): Promise<void>;
  /** Assets among `ids` in any project of the instance. */
  assets(trx: Trx, ids: readonly string[]): Promise<MediaAssetRow[]>;
  insertAsset(trx: Trx, row: NewMediaAssetRow): Promise<void>;
  /** Moves a checked file into media storage (the file is gone afterwards). */
  putMediaFile(key: string, file: string, meta: { contentType: string; size: number }): Promise<void>;
  deleteMediaFile(key: string): Promise<void>;
  setLocales(trx: Trx, projectId: string, locales: string[], now: string): Promise<void>;
}

/** Ends the import's transaction without keeping anything: a dry run, or a failed check. */
class Rollback extends Error {
  constructor(readonly report: ImportReport) {
    super('rolled back');
  }
}

const toImport = (row: ProjectImportRow): Import => ({
  id: row.id,
  status: row.status,
  progress: Number(row.progress),
  mode: row.mode,
  dry_run: Number(row.dry_run) === 1,
  report: row.report === null ? null : parseJson<ImportReport>(row.report),
  error: row.error,
  created_at: row.created_at,
  finished_at: row.finished_at,
});

/** Lines of an NDJSON file, parsed one at a time. */
async function* lines(file: string): AsyncGenerator<{ line: number; value: unknown }> {
  const reader = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of reader) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    yield { line, value };
  }
}

async function* batches<T>(items: AsyncIterable<T>): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

const nullableTimestamp = (value: unknown) => value === null || value === undefined || isTimestamp(value);

/** Ids a `copy` gives the archive's documents, versions and assets, by their id in the archive. */
type IdMap = ReadonlyMap<string, string>;

/** A stored value with the references and media ids it holds swapped for their copies' (blocks walked). */
function rewriteValue(value: unknown, field: Field, components: ComponentFields, ids: IdMap): unknown {
  if (field.localized && isLocaleMap(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([locale, item]) => [locale, rewriteShared(item, field, components, ids)]),
    );
  }
  return rewriteShared(value, field, components, ids);
}

function rewriteShared(value: unknown, field: Field, components: ComponentFields, ids: IdMap): unknown {
  const swap = (item: unknown) => (typeof item === 'string' ? (ids.get(item) ?? item) : item);
  if (field.type === 'reference' || field.type === 'media') return Array.isArray(value) ? value.map(swap) : swap(value);
  if (field.type === 'blocks' && Array.isArray(value)) {
    return value.map((block: unknown) =>
      isObject(block) && typeof block._component === 'string'
        ? rewriteData(block, components.get(block._component) ?? [], components, ids)
        : block,
    );
  }
  return value;
}

function rewriteData(
  data: Record<string, unknown>,
  fields: readonly Field[],
  components: ComponentFields,
  ids: IdMap,
): Record<string, unknown> {
  const rewritten = { ...data };
  for (const field of fields) {
    if (field.name in rewritten) rewritten[field.name] = rewriteValue(rewritten[field.name], field, components, ids);
  }
  return rewritten;
}

/**
 * Project imports (API.md "Export, import and model promotion"): an archive made by an export
 * is checked whole (manifest, checksums, entry names and sizes) and then written in one
 * transaction, or not at all. `merge` creates and updates, ids kept; `replace` also trashes the
 * documents of the archive's collections that the archive does not hold; `copy` gives every
 * document, version and asset a new id (the same one on every copy of the archive into a
 * project, recorded in import_copies) and rewrites references to them. Audiences and webhooks
 * follow the same modes (settings-import.ts).
 */
export class ImportsService {
  constructor(
    private readonly deps: {
      repository: ImportsRepository;
      models: ModelCache;
      promotion: ModelPromotion;
      targets: ImportTargets;
      audit: AuditService;
      jobs: JobQueue;
      transaction: Transact;
      clock: Clock;
      log: RootLogger;
      /** Where uploaded archives wait for their job (`<data dir>/imports`). */
      dir: string;
      /** Bytes an uploaded archive may have. */
      maxArchiveBytes: number;
      limits: ArchiveLimits;
    },
  ) {}

  /** Bytes an uploaded archive may have. */
  get maxArchiveBytes(): number {
    return this.deps.maxArchiveBytes;
  }

  /**
   * Keeps an uploaded archive under the data dir, for `create`; returns its name there. One
   * larger than the limit (the multipart parser truncates it) is removed and refused.
   */
  async receive(archive: NodeJS.ReadableStream, truncated: () => boolean): Promise<string> {
    await fs.promises.mkdir(this.deps.dir, { recursive: true });
    const name = `${newId()}.upload`;
    const file = path.join(this.deps.dir, name);
    await pipeline(archive, fs.createWriteStream(file));
    if (truncated()) {
      await this.discard(name);
      throw new AppError('PAYLOAD_TOO_LARGE', `The archive is larger than ${this.deps.maxArchiveBytes} bytes`);
    }
    return name;
  }

  /** Removes an upload that no import will read. */
  async discard(upload: string): Promise<void> {
    await fs.promises.rm(path.join(this.deps.dir, path.basename(upload)), { force: true });
  }

  /** Queues the import of a received archive. */
  async create(grant: ProjectGrant, request: { upload: string; mode: ImportMode; dryRun: boolean }): Promise<Import> {
    const row: ProjectImportRow = {
      id: newId(),
      project_id: grant.project.id,
      mode: request.mode,
      dry_run: request.dryRun ? 1 : 0,
      status: 'queued',
      progress: 0,
      report: null,
      error: null,
      file: path.basename(request.upload),
      created_by: grant.principal.kind === 'user' ? grant.principal.userId : null,
      created_at: isoNow(this.deps.clock),
      finished_at: null,
    };
    await this.deps.repository.insert(row);
    await this.deps.jobs.enqueue({ kind: IMPORT_JOB, payload: { importId: row.id }, maxAttempts: 1 });
    return toImport(row);
  }

  async get(grant: ProjectGrant, id: string): Promise<Import> {
    const row = await this.deps.repository.find(grant.project.id, id);
    if (!row) throw notFound('Import');
    return toImport(row);
  }

  job(): JobHandler {
    return {
      maxAttempts: 1,
      run: async (payload) => {
        const { importId } = payload as { importId: string };
        const row = await this.deps.repository.findById(importId);
        if (!row || row.status === 'done' || row.status === 'failed' || !row.file) return;
        await this.deps.repository.update(row.id, { status: 'running' });
        const file = path.join(this.deps.dir, path.basename(row.file));
        const staging = path.join(this.deps.dir, `${row.id}.parts`);
        // The upload and its unpacked parts are gone before the import shows as finished.
        const outcome = await this.run(row, file, staging).finally(async () => {
          await fs.promises.rm(staging, { recursive: true, force: true });
          await fs.promises.rm(file, { force: true });
        });
        await this.deps.repository.update(row.id, {
          status: outcome.status,
          progress: 1,
          report: outcome.report === null ? null : JSON.stringify(outcome.report),
          error: outcome.error,
          file: null,
          finished_at: isoNow(this.deps.clock),
        });
      },
    };
  }

  /** Reads and applies one archive; how it ended, for the import's row. */
  private async run(
    row: ProjectImportRow,
    file: string,
    staging: string,
  ): Promise<{ status: 'done' | 'failed'; report: ImportReport | null; error: string | null }> {
    try {
      const archive = await readArchive(file, staging, this.deps.limits);
      await this.deps.repository.update(row.id, { progress: 0.3 });
      return { status: 'done', report: await this.apply(row, archive), error: null };
    } catch (error) {
      if (error instanceof Rollback) {
        const failed = error.report.conflicts.length > 0 || error.report.errors.length > 0;
        return {
          status: failed ? 'failed' : 'done',
          // A failed import wrote nothing: its counts are zero, whatever it had checked.
          report: failed ? { ...error.report, created: 0, updated: 0, unchanged: 0 } : error.report,
          error: failed ? 'The archive does not fit this project; nothing was written' : null,
        };
      }
      if (error instanceof ArchiveError) {
        return {
          status: 'failed',
          report: { created: 0, updated: 0, unchanged: 0, conflicts: [], errors: error.problems },
          error: 'The archive was refused; nothing was written',
        };
      }
      this.deps.log.warn({ err: error, importId: row.id }, 'Import failed');
      return { status: 'failed', report: null, error: 'The import failed; nothing was written' };
    }
  }

  /** Checks and writes the archive in one transaction; throws Rollback for a dry run or any problem. */
  private async apply(row: ProjectImportRow, archive: ReadArchive): Promise<ImportReport> {
    const { targets } = this.deps;
    const project = await targets.project(row.project_id);
    if (!project) throw new Error('The project no longer exists');
    const report: ImportReport = { created: 0, updated: 0, unchanged: 0, conflicts: [], errors: [] };
    const problem: ReportProblem = (list, entry, message) => {
      if (list.length < MAX_PROBLEMS) list.push({ path: entry, message });
    };
    const now = isoNow(this.deps.clock);
    const extended = await this.extendedModel(project.id, archive, now, report);
    const settings: ArchiveSettings = extended
      ? await readSettings({
          archive,
          collections: new Set(extended.model.collections.keys()),
          targets,
          report,
          problem,
        })
      : { audiences: [], webhooks: [] };
    /** Storage keys written by this import: removed again if it does not commit. */
    const written: string[] = [];
    try {
      const committed = await this.deps.transaction(async (trx) => {
        if (!extended) throw new Rollback(report);
        await this.deps.promotion.insertExtension(trx, project.id, extended.added);
        const locales = [...project.locales];
        for (const locale of archive.manifest.project.locales) {
          if (typeof locale !== 'string' || !LOCALE.test(locale)) {
            problem(report.errors, 'manifest.json', `project.locales holds an invalid locale`);
          } else if (!locales.includes(locale)) locales.push(locale);
        }
        if (locales.length !== project.locales.length) await targets.setLocales(trx, project.id, locales, now);
        const scope = { locales, defaultLocale: project.defaultLocale };
        const ids = row.mode === 'copy' ? await this.copyIds(trx, project.id, archive) : null;
        const imported = await this.importDocuments(trx, row, archive, extended, scope, report, problem, ids);
        await this.importVersions(trx, project.id, archive, extended, imported, report, problem, ids);
        await this.importMedia(trx, project.id, archive, report, problem, written, Number(row.dry_run) === 1, ids);
        if (row.mode === 'replace') await this.trashMissing(trx, archive, extended, imported, scope, report, now);
        await writeSettings(trx, { projectId: project.id, mode: row.mode, settings, targets, report, problem, now });
        if (report.conflicts.length > 0 || report.errors.length > 0 || Number(row.dry_run) === 1) {
          throw new Rollback(report);
        }
        // The job acts for whoever started the import, named in the entry.
        await this.deps.audit.record(trx, SYSTEM, {
          projectId: project.id,
          action: 'project.imported',
          target: { type: 'project', id: project.id },
          details: {
            import_id: row.id,
            started_by: row.created_by,
            mode: row.mode,
            created: report.created,
            updated: report.updated,
            unchanged: report.unchanged,
          },
        });
        return true;
      });
      if (committed) {
        this.deps.promotion.invalidate(project.id);
        await this.deps.promotion.ensureIndexes(extended?.model ?? (await this.deps.models.get(project.id)), project);
      }
      return report;
    } catch (error) {
      for (const key of written) await targets.deleteMediaFile(key).catch(() => undefined);
      throw error;
    }
  }

  /** The copy of every id the archive holds: the one an earlier copy gave it, else a new one (recorded). */
  private async copyIds(trx: Trx, projectId: string, archive: ReadArchive): Promise<IdMap> {
    const repository = this.deps.repository.in(trx);
    const ids = new Map<string, string>();
    for (const [name, file] of archive.files) {
      if (!/^(documents|versions)\/.+\.ndjson$|^media\.ndjson$/.test(name)) continue;
      for await (const batch of batches(lines(file))) {
        const sources = batch.flatMap(({ value }) => {
          const id = isObject(value) ? value.id : undefined;
          return typeof id === 'string' && ARCHIVE_ID.test(id) && !ids.has(id) ? [id] : [];
        });
        const known = await repository.copiesOf(projectId, sources);
        const fresh = new Map(sources.filter((id) => !known.has(id)).map((id) => [id, newId()]));
        await repository.insertCopies(projectId, fresh);
        for (const [source, copy] of [...known, ...fresh]) ids.set(source, copy);
      }
    }
    return ids;
  }

  /** The project's model grown by the archive's; null (with errors in the report) when it does not fit. */
  private async extendedModel(
    projectId: string,
    archive: ReadArchive,
    now: string,
    report: ImportReport,
  ): Promise<ExtendedModel | null> {
    const collections: Collection[] = [];
    const components: Component[] = [];
    for (const [name, file] of archive.files) {
      const collection = /^model\/collections\/(.+)\.json$/.exec(name)?.[1];
      const component = /^model\/components\/(.+)\.json$/.exec(name)?.[1];
      if (!collection && !component) continue;
      let value: unknown;
      try {
        value = JSON.parse(await fs.promises.readFile(file, 'utf8'));
      } catch {
        report.errors.push({ path: name, message: 'is not JSON' });
        continue;
      }
      if (!isObject(value) || !Array.isArray(value.fields)) {
        report.errors.push({ path: name, message: 'is not a collection or component' });
      } else if (collection && value.slug === collection) collections.push(value as unknown as Collection);
      else if (component && value.name === component) components.push(value as unknown as Component);
      else report.errors.push({ path: name, message: 'is named differently inside' });
    }
    if (report.errors.length > 0) return null;
    try {
      return extendModel(await this.deps.models.get(projectId), { collections, components }, now);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report.errors.push(
        ...(error.details ?? [{ path: '', message: error.message }]).map((detail) => ({
          path: 'model',
          message: `${detail.path} ${detail.message}`.trim(),
        })),
      );
      return null;
    }
  }

  /** Writes the archive's documents; returns the ids it holds, by collection slug. */
  private async importDocuments(
    trx: Trx,
    row: ProjectImportRow,
    archive: ReadArchive,
    extended: ExtendedModel,
    scope: { locales: readonly string[]; defaultLocale: string },
    report: ImportReport,
    problem: ReportProblem,
    copies: IdMap | null,
  ): Promise<Map<string, Set<string>>> {
    const imported = new Map<string, Set<string>>();
    for (const [name, file] of archive.files) {
      const slug = /^documents\/(.+)\.ndjson$/.exec(name)?.[1];
      if (!slug) continue;
      const collection = extended.model.collections.get(slug);
      if (!collection) {
        problem(report.errors, name, `no collection "${slug}" in the archive or the project`);
        continue;
      }
      const ids = new Set<string>();
      imported.set(slug, ids);
      const checks = fieldChecks([], collection.fields);
      for await (const batch of batches(lines(file))) {
        const valid: DocumentLine[] = [];
        for (const { line, value } of batch) {
          const at = `${name}:${line}`;
          const document = value as DocumentLine;
          if (!isObject(value) || typeof document.id !== 'string' || !ARCHIVE_ID.test(document.id)) {
            problem(report.errors, at, 'is not a document with a valid id');
          } else if (ids.has(copies?.get(document.id) ?? document.id)) {
            problem(report.errors, at, `document ${document.id} appears twice`);
          } else if (
            !STATUSES.has(document.status) ||
            !isObject(document.data) ||
            !(document.published_data === null || isObject(document.published_data)) ||
            !Number.isSafeInteger(document.version) ||
            !isTimestamp(document.created_at) ||
            !isTimestamp(document.updated_at) ||
            ![document.published_at, document.publish_at, document.unpublish_at, document.deleted_at].every(
              nullableTimestamp,
            )
          ) {
            problem(report.errors, at, `document ${document.id} lacks a valid status, copy, version or timestamp`);
          } else {
            const broken = checks
              .filter((check) =>
                [document.data, document.published_data].some(
                  (copy) =>
                    isObject(copy) && !storedValueFits(check, copy[check.field.name], extended.model.componentFields),
                ),
              )
              .map((check) => check.field.name);
            const copy = copies ? this.copied(document, collection, extended, copies) : document;
            if (broken.length > 0) {
              problem(report.errors, at, `document ${document.id} does not fit the model: ${broken.join(', ')}`);
            } else valid.push(copy);
            ids.add(copy.id);
          }
        }
        const existing = new Map(
          (
            await this.deps.targets.documents(
              trx,
              valid.map((document) => document.id),
            )
          ).map((stored) => [stored.id, stored]),
        );
        for (const document of valid) {
          const stored = existing.get(document.id);
          if (stored && (stored.project_id !== row.project_id || stored.collection_id !== collection.id)) {
            problem(
              report.conflicts,
              name,
              stored.project_id !== row.project_id
                ? `document ${document.id} belongs to another project`
                : `document ${document.id} belongs to another collection`,
            );
            continue;
          }
          const next: StoredDocument = {
            id: document.id,
            projectId: row.project_id,
            collectionId: collection.id,
            data: document.data as StoredDocument['data'],
            publishedData: document.published_data as StoredDocument['publishedData'],
            status: document.status,
            workflowStage: document.workflow_stage ?? null,
            version: document.version,
            createdAt: document.created_at,
            updatedAt: document.updated_at,
            publishedAt: document.published_at ?? null,
            publishAt: document.publish_at ?? null,
            unpublishAt: document.unpublish_at ?? null,
            createdBy: stored?.created_by ?? null,
            updatedBy: stored?.updated_by ?? null,
            deletedAt: document.deleted_at ?? null,
            publishedVersion: document.published_version ?? null,
            publishedUpdatedAt: document.published_updated_at ?? null,
            publishedUpdatedBy: null,
            publishedLocales: (document.published_locales as string[] | null) ?? null,
            publishLocales: null,
            unpublishLocales: null,
          };
          if (stored && this.same(stored, document)) {
            report.unchanged++;
            continue;
          }
          await this.deps.targets.writeDocument(trx, next, stored ? Number(stored.version) : null, collection, scope);
          if (stored) report.updated++;
          else report.created++;
        }
      }
    }
    return imported;
  }

  /** A document line with its id and the ids its copies refer to swapped for their copies'. */
  private copied(document: DocumentLine, collection: CollectionModel, extended: ExtendedModel, copies: IdMap) {
    const components = extended.model.componentFields;
    const rewrite = (copy: unknown) =>
      isObject(copy) ? rewriteData(copy, collection.fields, components, copies) : copy;
    return {
      ...document,
      id: copies.get(document.id) ?? document.id,
      data: rewrite(document.data),
      published_data: rewrite(document.published_data),
    };
  }

  /** Whether a stored document already holds what the archive has for it. */
  private same(stored: DocumentRow, document: DocumentLine): boolean {
    const pick = (value: ReturnType<typeof documentFields>) =>
      canonical([value.data, value.published_data, value.status, value.version, value.deleted_at, value.published_at]);
    return (
      pick(documentFields(stored)) ===
      pick({
        data: document.data,
        published_data: document.published_data,
        status: document.status,
        version: document.version,
        deleted_at: document.deleted_at ?? null,
        published_at: document.published_at ?? null,
      })
    );
  }

  private async importVersions(
    trx: Trx,
    projectId: string,
    archive: ReadArchive,
    extended: ExtendedModel,
    imported: ReadonlyMap<string, ReadonlySet<string>>,
    report: ImportReport,
    problem: ReportProblem,
    copies: IdMap | null,
  ): Promise<void> {
    for (const [name, file] of archive.files) {
      const slug = /^versions\/(.+)\.ndjson$/.exec(name)?.[1];
      if (!slug) continue;
      const documents = imported.get(slug) ?? new Set<string>();
      const collection = extended.model.collections.get(slug);
      for await (const batch of batches(lines(file))) {
        const valid = batch.flatMap(({ line, value }) => {
          const source = value as Record<string, unknown>;
          const version =
            copies && collection && isObject(value)
              ? {
                  ...source,
                  id: typeof source.id === 'string' ? (copies.get(source.id) ?? source.id) : source.id,
                  document_id:
                    typeof source.document_id === 'string'
                      ? (copies.get(source.document_id) ?? source.document_id)
                      : source.document_id,
                  data: isObject(source.data)
                    ? rewriteData(source.data, collection.fields, extended.model.componentFields, copies)
                    : source.data,
                }
              : source;
          if (
            !isObject(value) ||
            typeof version.id !== 'string' ||
            !ARCHIVE_ID.test(version.id) ||
            typeof version.document_id !== 'string' ||
            !documents.has(version.document_id) ||
            !Number.isSafeInteger(version.version) ||
            typeof version.locale !== 'string' ||
            typeof version.status !== 'string' ||
            !isTimestamp(version.created_at)
          ) {
            problem(report.errors, `${name}:${line}`, 'is not a version of a document in the archive');
            return [];
          }
          return [version];
        });
        const existing = await this.deps.targets.versionIds(
          trx,
          valid.map((version) => version.id as string),
        );
        for (const version of valid) {
          if (existing.has(version.id as string)) {
            report.unchanged++;
            continue;
          }
          await this.deps.targets.insertVersion(trx, {
            id: version.id as string,
            document_id: version.document_id as string,
            project_id: projectId,
            version: version.version as number,
            locale: version.locale as string,
            status: version.status as string,
            data: version.data ?? null,
            changed_fields: Array.isArray(version.changed_fields)
              ? version.changed_fields.filter((field): field is string => typeof field === 'string')
              : [],
            created_at: version.created_at as string,
            created_by: null,
            created_by_token: null,
          });
          report.created++;
        }
      }
    }
  }

  private async importMedia(
    trx: Trx,
    projectId: string,
    archive: ReadArchive,
    report: ImportReport,
    problem: ReportProblem,
    written: string[],
    dryRun: boolean,
    copies: IdMap | null,
  ): Promise<void> {
    const list = archive.files.get('media.ndjson');
    if (!list) return;
    for await (const batch of batches(lines(list))) {
      const valid = batch.flatMap(({ line, value }) => {
        const asset = value as Record<string, unknown>;
        const file = typeof asset?.path === 'string' ? archive.files.get(asset.path) : undefined;
        if (
          !isObject(value) ||
          typeof asset.id !== 'string' ||
          !ARCHIVE_ID.test(asset.id) ||
          !String(asset.path).startsWith(`media/${asset.id}/`) ||
          !file ||
          typeof asset.filename !== 'string' ||
          !isTimestamp(asset.created_at)
        ) {
          problem(report.errors, `media.ndjson:${line}`, 'is not an asset whose file is in the archive');
          return [];
        }
        return [{ asset, file, entry: asset.path as string }];
      });
      const existing = new Map(
        (
          await this.deps.targets.assets(
            trx,
            valid.map(({ asset }) => copies?.get(asset.id as string) ?? (asset.id as string)),
          )
        ).map((stored) => [stored.id, stored]),
      );
      for (const { asset, file, entry } of valid) {
        const id = copies?.get(asset.id as string) ?? (asset.id as string);
        const stored = existing.get(id);
        if (stored) {
          if (stored.project_id !== projectId)
            problem(report.conflicts, entry, `asset ${id} belongs to another project`);
          else report.unchanged++;
          continue;
        }
        // The type comes from the bytes, never from the archive (as for any upload).
        const type = await detectType(file, asset.filename as string);
        const size = (await fs.promises.stat(file)).size;
        const digest = archive.manifest.files[entry];
        const key = `${projectId}/${id}/original`;
        await this.deps.targets.insertAsset(trx, {
          id,
          project_id: projectId,
          // Names, folders and colours are checked as an upload's are: nothing else reaches headers or pages.
          filename: safeName(asset.filename as string),
          mime_type: type.mime,
          kind: type.kind,
          size,
          width: Number.isSafeInteger(asset.width) ? (asset.width as number) : null,
          height: Number.isSafeInteger(asset.height) ? (asset.height as number) : null,
          dominant_color:
            typeof asset.dominant_color === 'string' && /^#[0-9a-f]{6}$/i.test(asset.dominant_color)
              ? asset.dominant_color
              : null,
          alt: JSON.stringify(isObject(asset.alt) ? asset.alt : {}),
          folder:
            typeof asset.folder === 'string' && asset.folder.length <= 255 && MEDIA_FOLDER.test(asset.folder)
              ? asset.folder
              : null,
          focal_x: typeof asset.focal_x === 'number' ? asset.focal_x : null,
          focal_y: typeof asset.focal_y === 'number' ? asset.focal_y : null,
          sha256: digest?.sha256 ?? '',
          storage_key: key,
          search_text: safeName(asset.filename as string).toLowerCase(),
          created_at: asset.created_at as string,
          updated_at: isTimestamp(asset.updated_at) ? (asset.updated_at as string) : (asset.created_at as string),
          created_by: null,
          created_by_token: null,
          deleted_at: null,
        });
        // Files are stored only while the import can still commit; `written` removes them if it does not.
        if (!dryRun && report.errors.length === 0 && report.conflicts.length === 0) {
          await this.deps.targets.putMediaFile(key, file, { contentType: type.mime, size });
          written.push(key);
        }
        report.created++;
      }
    }
  }

  /** `replace`: live documents of the archive's collections that it does not hold go to trash. */
  private async trashMissing(
    trx: Trx,
    archive: ReadArchive,
    extended: ExtendedModel,
    imported: ReadonlyMap<string, ReadonlySet<string>>,
    scope: { locales: readonly string[]; defaultLocale: string },
    report: ImportReport,
    now: string,
  ): Promise<void> {
    for (const [slug, ids] of imported) {
      const collection = extended.model.collections.get(slug);
      if (!collection || !archive.files.has(`documents/${slug}.ndjson`)) continue;
      for await (const rows of this.deps.targets.scanDocuments(trx, collection.id)) {
        for (const stored of rows) {
          if (stored.deleted_at !== null || ids.has(stored.id)) continue;
          await this.deps.targets.writeDocument(
            trx,
            { ...toStoredDocument(stored), version: Number(stored.version) + 1, deletedAt: now, updatedAt: now },
            Number(stored.version),
            collection,
            scope,
          );
          report.updated++;
        }
      }
    }
  }
}

/** A stored row in the archive's terms (what `same` compares). */
function documentFields(row: DocumentRow) {
  return {
    data: parseJson<unknown>(row.data),
    published_data: row.published_data === null ? null : parseJson<unknown>(row.published_data),
    status: row.status,
    version: Number(row.version),
    deleted_at: row.deleted_at,
    published_at: row.published_at,
  };
}
