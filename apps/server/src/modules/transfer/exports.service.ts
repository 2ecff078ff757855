import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Export, ExportInclude, Webhook } from '@plinth/contract';
import * as tar from 'tar-stream';
import { parseJson } from '../../db/database.js';
import type { DocumentRow, DocumentVersionRow, MediaAssetRow, ProjectExportRow } from '../../db/schema.js';
import type { JobHandler, JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RootLogger } from '../../lib/logger.js';
import type { Page } from '../../lib/pagination.js';
import type { AuditService } from '../audit/audit.service.js';
import { toCollection, toComponent } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { type FileDigest, SpooledFile, safeName, spoolStream } from './archive-files.js';
import type { ExportsRepository } from './transfer.repository.js';

export const EXPORT_JOB = 'project.export';
/** The archive layout this server writes and reads. */
export const EXPORT_FORMAT = 'plinth-export';
export const EXPORT_FORMAT_VERSION = 1;

/** Rows read per query while an export walks a table. */
const BATCH = 200;

/**
 * What an export reads of other modules' data; each owning module provides its part (wired in
 * the composition root), so this module reads no table but its own.
 */
export interface ExportSources {
  project(projectId: string): Promise<ProjectRecord | undefined>;
  /** Every document of a collection (live and trashed), in batches. */
  documents(collectionId: string): AsyncIterable<DocumentRow[]>;
  /** One page of a document's versions. */
  versions(documentId: string, page: Page): Promise<{ rows: DocumentVersionRow[] }>;
  /** One page of the project's live media. */
  media(projectId: string, page: Page): Promise<{ rows: MediaAssetRow[] }>;
  /** An asset's original file; null when storage no longer has it. */
  mediaFile(row: MediaAssetRow): Promise<Readable | null>;
  audiences(projectId: string): Promise<unknown[]>;
  /** The project's webhooks as the API shows them (never their secrets). */
  webhooks(projectId: string): Promise<Webhook[]>;
}

/** The manifest at the head of every archive. */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  format_version: number;
  exported_at: string;
  project: { id: string; name: string; slug: string; locales: string[]; default_locale: string };
  include: Required<ExportInclude>;
  counts: Record<string, number>;
  /** Every other file of the archive, by its entry name. */
  files: Record<string, FileDigest>;
}

/** A document as an archive holds it: its copies, state and timestamps (authors are this instance's, left out). */
export const documentLine = (row: DocumentRow, collection: string) => ({
  id: row.id,
  collection,
  status: row.status,
  workflow_stage: row.workflow_stage,
  version: Number(row.version),
  data: parseJson<unknown>(row.data),
  published_data: row.published_data === null ? null : parseJson<unknown>(row.published_data),
  published_version: row.published_version === null ? null : Number(row.published_version),
  published_locales: row.published_locales === null ? null : parseJson<unknown>(row.published_locales),
  published_updated_at: row.published_updated_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
  published_at: row.published_at,
  publish_at: row.publish_at,
  unpublish_at: row.unpublish_at,
  deleted_at: row.deleted_at,
});

const toExport = (row: ProjectExportRow): Export => ({
  id: row.id,
  status: row.status,
  progress: Number(row.progress),
  size: row.size === null ? null : Number(row.size),
  error: row.error,
  created_at: row.created_at,
  finished_at: row.finished_at,
});

/**
 * Project exports (API.md "Export, import and model promotion"): a background job writes each
 * part of the project to a file beside the archive, hashing it, then packs them behind a
 * manifest into one gzipped tar. Memory holds a batch of rows at a time, never the project.
 */
export class ExportsService {
  constructor(
    private readonly deps: {
      repository: ExportsRepository;
      models: ModelCache;
      sources: ExportSources;
      audit: AuditService;
      jobs: JobQueue;
      clock: Clock;
      log: RootLogger;
      /** Where archives are kept (`<data dir>/exports`). */
      dir: string;
    },
  ) {}

  async create(grant: ProjectGrant, include: ExportInclude = {}): Promise<Export> {
    const row: ProjectExportRow = {
      id: newId(),
      project_id: grant.project.id,
      status: 'queued',
      progress: 0,
      include: JSON.stringify({
        documents: include.documents ?? true,
        versions: include.versions ?? true,
        media: include.media ?? true,
        audit: include.audit ?? false,
      }),
      size: null,
      error: null,
      file: null,
      created_by: grant.principal.kind === 'user' ? grant.principal.userId : null,
      created_at: isoNow(this.deps.clock),
      finished_at: null,
    };
    await this.deps.repository.insert(row);
    await this.deps.jobs.enqueue({ kind: EXPORT_JOB, payload: { exportId: row.id }, maxAttempts: 1 });
    return toExport(row);
  }

  async get(grant: ProjectGrant, id: string): Promise<Export> {
    const row = await this.deps.repository.find(grant.project.id, id);
    if (!row) throw notFound('Export');
    return toExport(row);
  }

  /** The finished archive as a stream; a 409 while it is not done. */
  async download(grant: ProjectGrant, id: string): Promise<{ stream: Readable; size: number; filename: string }> {
    const row = await this.deps.repository.find(grant.project.id, id);
    if (!row) throw notFound('Export');
    if (row.status !== 'done' || !row.file) throw conflict(`The export is ${row.status}, not done`);
    const file = path.join(this.deps.dir, path.basename(row.file));
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) throw notFound('Export archive');
    return {
      stream: fs.createReadStream(file),
      size: stat.size,
      filename: `${grant.project.slug}-${row.created_at.slice(0, 10)}.tar.gz`,
    };
  }

  /** The worker's side: one export job writes its archive, or records why it could not. */
  job(): JobHandler {
    return {
      maxAttempts: 1,
      run: async (payload) => {
        const { exportId } = payload as { exportId: string };
        const row = await this.deps.repository.findById(exportId);
        if (!row || row.status === 'done' || row.status === 'failed') return;
        await this.deps.repository.update(row.id, { status: 'running' });
        try {
          const size = await this.write(row);
          await this.deps.repository.update(row.id, {
            status: 'done',
            progress: 1,
            size,
            file: `${row.id}.tar.gz`,
            finished_at: isoNow(this.deps.clock),
          });
        } catch (error) {
          this.deps.log.warn({ err: error, exportId }, 'Export failed');
          await fs.promises.rm(this.archivePath(row.id), { force: true });
          await this.deps.repository.update(row.id, {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
            finished_at: isoNow(this.deps.clock),
          });
        }
      },
    };
  }

  private archivePath(id: string): string {
    return path.join(this.deps.dir, `${id}.tar.gz`);
  }

  /** Writes the archive of one export; returns its size in bytes. */
  private async write(row: ProjectExportRow): Promise<number> {
    const { sources } = this.deps;
    const project = await sources.project(row.project_id);
    if (!project) throw new Error('The project no longer exists');
    const include = parseJson<Required<ExportInclude>>(row.include);
    const staging = path.join(this.deps.dir, `${row.id}.parts`);
    await fs.promises.mkdir(staging, { recursive: true });
    try {
      /** Entry name → where its bytes wait, with their digest, in archive order. */
      const files = new Map<string, { file: string; digest: FileDigest }>();
      let serial = 0;
      const spool = () => new SpooledFile(path.join(staging, String(serial++)));
      const json = async (name: string, value: unknown) => {
        const file = spool();
        await file.write(`${JSON.stringify(value, null, 2)}\n`);
        files.set(name, { file: file.path, digest: await file.close() });
      };
      const counts = {
        collections: 0,
        components: 0,
        documents: 0,
        versions: 0,
        media: 0,
        audiences: 0,
        webhooks: 0,
        audit: 0,
      };
      const progress = (value: number) => this.deps.repository.update(row.id, { progress: Math.min(value, 0.99) });

      const model = await this.deps.models.get(project.id);
      for (const component of model.components.values()) {
        await json(`model/components/${component.name}.json`, toComponent(component));
        counts.components++;
      }
      for (const collection of model.collections.values()) {
        await json(`model/collections/${collection.slug}.json`, toCollection(collection));
        counts.collections++;
      }
      const collections = [...model.collections.values()];
      for (const [index, collection] of collections.entries()) {
        if (!include.documents) break;
        const documents = spool();
        const versions = include.versions ? spool() : null;
        for await (const rows of sources.documents(collection.id)) {
          for (const document of rows) {
            await documents.line(documentLine(document, collection.slug));
            counts.documents++;
            if (!versions) continue;
            for (let page = 1; ; page++) {
              const { rows: batch } = await sources.versions(document.id, {
                page,
                limit: BATCH,
                offset: (page - 1) * BATCH,
              });
              for (const version of batch) {
                await versions.line({
                  id: version.id,
                  document_id: version.document_id,
                  version: Number(version.version),
                  locale: version.locale,
                  status: version.status,
                  data: parseJson<unknown>(version.data),
                  changed_fields: parseJson<unknown>(version.changed_fields),
                  published_locales:
                    version.published_locales === null ? null : parseJson<unknown>(version.published_locales),
                  created_at: version.created_at,
                });
                counts.versions++;
              }
              if (batch.length < BATCH) break;
            }
          }
        }
        files.set(`documents/${collection.slug}.ndjson`, { file: documents.path, digest: await documents.close() });
        if (versions)
          files.set(`versions/${collection.slug}.ndjson`, { file: versions.path, digest: await versions.close() });
        await progress((0.6 * (index + 1)) / collections.length);
      }
      if (include.media) {
        const list = spool();
        for (let page = 1; ; page++) {
          const { rows } = await sources.media(project.id, { page, limit: BATCH, offset: (page - 1) * BATCH });
          for (const asset of rows) {
            const name = `media/${asset.id}/${safeName(asset.filename)}`;
            const body = await sources.mediaFile(asset);
            if (!body) throw new Error(`The file of asset ${asset.id} is missing from storage`);
            const file = path.join(staging, String(serial++));
            files.set(name, { file, digest: await spoolStream(body, file) });
            await list.line({
              id: asset.id,
              path: name,
              filename: asset.filename,
              mime_type: asset.mime_type,
              kind: asset.kind,
              size: Number(asset.size),
              width: asset.width === null ? null : Number(asset.width),
              height: asset.height === null ? null : Number(asset.height),
              dominant_color: asset.dominant_color,
              alt: parseJson<unknown>(asset.alt),
              folder: asset.folder,
              focal_x: asset.focal_x,
              focal_y: asset.focal_y,
              sha256: asset.sha256,
              created_at: asset.created_at,
              updated_at: asset.updated_at,
            });
            counts.media++;
          }
          if (rows.length < BATCH) break;
        }
        files.set('media.ndjson', { file: list.path, digest: await list.close() });
      }
      const audiences = await sources.audiences(project.id);
      await json('audiences.json', audiences);
      counts.audiences = audiences.length;
      const webhooks = await sources.webhooks(project.id);
      await json('webhooks.json', webhooks);
      counts.webhooks = webhooks.length;
      if (include.audit) {
        const audit = spool();
        for (let page = 1; ; page++) {
          const { items } = await this.deps.audit.list(
            project.id,
            {},
            { page, limit: BATCH, offset: (page - 1) * BATCH },
          );
          for (const entry of items) await audit.line(entry);
          counts.audit += items.length;
          if (items.length < BATCH) break;
        }
        files.set('audit.ndjson', { file: audit.path, digest: await audit.close() });
      }
      await progress(0.8);

      const manifest: ExportManifest = {
        format: EXPORT_FORMAT,
        format_version: EXPORT_FORMAT_VERSION,
        exported_at: isoNow(this.deps.clock),
        project: {
          id: project.id,
          name: project.name,
          slug: project.slug,
          locales: project.locales,
          default_locale: project.defaultLocale,
        },
        include,
        counts,
        files: Object.fromEntries([...files].map(([name, { digest }]) => [name, digest])),
      };
      return await this.pack(row.id, manifest, files);
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
  }

  /** Packs the manifest and the spooled files, one entry at a time, into the gzipped archive. */
  private async pack(
    id: string,
    manifest: ExportManifest,
    files: ReadonlyMap<string, { file: string; digest: FileDigest }>,
  ): Promise<number> {
    const archive = this.archivePath(id);
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), fs.createWriteStream(archive));
    const mtime = new Date(manifest.exported_at);
    const addBuffer = (name: string, body: Buffer) =>
      new Promise<void>((resolve, reject) => {
        pack.entry({ name, size: body.length, mtime, mode: 0o644 }, body, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    try {
      await addBuffer('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      for (const [name, { file, digest }] of files) {
        const entry = pack.entry({ name, size: digest.size, mtime, mode: 0o644 });
        await pipeline(fs.createReadStream(file), entry);
      }
      pack.finalize();
      await written;
    } catch (error) {
      pack.destroy(error instanceof Error ? error : new Error(String(error)));
      await written.catch(() => undefined);
      throw error;
    }
    return (await fs.promises.stat(archive)).size;
  }
}
