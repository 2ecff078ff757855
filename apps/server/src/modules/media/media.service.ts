import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Asset,
  type AssetReferenceList,
  type AssetReferencesQuery,
  type ListMediaQuery,
  MAX_ASSET_FILENAME,
  MEDIA_FOLDER_PATTERN,
  type MediaFolderCount,
  type SearchHit,
  type UpdateAssetBody,
} from '@plinth/contract';
import type { Config } from '../../config.js';
import type { Transact, Trx } from '../../db/repository.js';
import type { MediaAssetRow, MediaAssetUpdate } from '../../db/schema.js';
import type { JobHandler, JobQueue } from '../../jobs/queue.js';
import type { ChangeEvents } from '../../lib/change-events.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import { listMeta, pageOf } from '../../lib/pagination.js';
import type { AuditService } from '../audit/audit.service.js';
import { tokenIdOf, userIdOf } from '../auth/principal.js';
import { mediaQuota, megabytes } from '../plans/plans.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { type AltTexts, type AssetView, altTexts, toAsset } from './asset.mapper.js';
import { detectType, isRasterImage } from './file-types.js';
import { type ImageInfo, type ImageWorkers, readImageInfo } from './images.js';
import type { MediaRepository } from './media.repository.js';
import type { MediaFiles, VariantLimits } from './media-files.js';
import type { MediaStorage } from './media-storage.js';

export const MEDIA_PURGE_JOB = 'media.purge-project';

interface PurgePayload {
  projectId: string;
}

/**
 * Which published documents use an asset. The documents module knows (it implements this,
 * wired in the composition root); deleting a file in use needs `force`.
 */
export interface MediaReferences {
  countPublishedReferences(projectId: string, assetId: string): Promise<number>;
}

/** Where files are used, as the documents module's project search finds it. */
export interface AssetUsage {
  /** The documents the caller can read that use the asset, `limit` of them, and how many. */
  usingAsset(grant: ProjectGrant, assetId: string, limit: number): Promise<{ hits: SearchHit[]; total: number }>;
}

/** One part of a multipart upload, as the route hands it over (no Fastify types here). */
export type UploadPart =
  | { type: 'field'; name: string; value: string; truncated: boolean }
  | {
      type: 'file';
      name: string;
      filename: string;
      stream: Readable;
      /** True once the stream stopped at the upload size limit. */
      truncated: () => boolean;
    };

/** Ways to tune the media library, for tests and embedders; each has a production default. */
export interface MediaOptions {
  /** Where the bytes live; from the configuration by default. */
  storage?: MediaStorage;
  /** The sharp pool of public transforms (TRANSFORM_POOL by default). */
  transformWorkers?: ImageWorkers;
  /** Bounds of the variants kept per asset. */
  variantLimits?: VariantLimits;
}

const UPLOAD_FIELDS = new Set(['alt', 'folder']);
/** The folder rule of the contract; a folder is trimmed first, then checked. */
const FOLDER = new RegExp(MEDIA_FOLDER_PATTERN, 'u');
const MAX_ALT = 1000;
/** A temporary upload file nobody wrote to for this long was left by a process that stopped. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * A folder as given (multipart field or JSON body), trimmed and then checked, so what is
 * stored is always something the list's `folder` filter accepts ("x/ " is refused, not "x/").
 */
function cleanFolder(raw: string): string {
  const folder = raw.trim();
  if (folder.length > 255 || !FOLDER.test(folder)) {
    throw fieldError('folder', 'must be names separated by "/", without control characters');
  }
  return folder;
}

/** The longest start of `text` within `units` UTF-16 code units, never splitting a character. */
function truncate(text: string, units: number): string {
  let end = 0;
  for (const char of text) {
    if (end + char.length > units) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * A name as given by a browser, made safe to show and to put in a URL and a header. A longer
 * name than the file URL can route is shortened, keeping its extension (the asset id in the URL
 * keeps addresses unique).
 * @example cleanFilename(`${'a'.repeat(300)}.png`) // 96 a's, then '.png'
 */
export function cleanFilename(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return 'file';
  if (clean.length <= MAX_ASSET_FILENAME) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return truncate(clean, MAX_ASSET_FILENAME - extension.length) + extension;
}

const searchText = (filename: string, alt: AltTexts) => [filename, ...Object.values(alt)].join(' ').toLowerCase();

/** What identifies an upload's content: its bytes, its name and its fields. */
export interface UploadSummary {
  sha256: string;
  filename: string;
  fields: Record<string, string>;
}

interface Spooled {
  file: string;
  size: number;
  sha256: string;
  tooLarge: boolean;
  overQuota: boolean;
}

/**
 * The media library: uploads, the list, alt texts and folders, deletion, and (through `files`)
 * delivery with image transforms. Routes parse and authorize; the rules live here.
 */
export class MediaService {
  private readonly repository: MediaRepository;
  private readonly storage: MediaStorage;
  readonly files: MediaFiles;
  private readonly audit: AuditService;
  private readonly tmpDir: string;

  constructor(
    private readonly deps: {
      repository: MediaRepository;
      storage: MediaStorage;
      files: MediaFiles;
      /** Sharp work of uploads, apart from the transforms' (which `files` bounds on its own). */
      uploadImages: ImageWorkers;
      projects: ProjectsService;
      references: MediaReferences;
      usage: AssetUsage;
      audit: AuditService;
      events: ChangeEvents;
      jobs: JobQueue;
      transaction: Transact;
      clock: Clock;
      log: Logger;
      delivery: DeliveryCache;
      config: Pick<Config, 'publicUrl' | 'dataDir' | 'maxUploadBytes'>;
    },
  ) {
    this.repository = deps.repository;
    this.storage = deps.storage;
    this.files = deps.files;
    this.audit = deps.audit;
    // Beside the media folder, so a finished upload is a rename rather than a copy.
    this.tmpDir = path.join(deps.config.dataDir, 'tmp', 'uploads');
  }

  private view(grant: ProjectGrant, locale: string | undefined): AssetView {
    const project = grant.project;
    if (locale !== undefined && locale !== '*' && !project.locales.includes(locale)) {
      throw fieldError('locale', `must be one of the project's locales (${project.locales.join(', ')})`);
    }
    return {
      publicUrl: this.deps.config.publicUrl,
      locale: locale ?? project.defaultLocale,
      defaultLocale: project.defaultLocale,
    };
  }

  /** Bytes the project's live files and their kept variants take (for the usage page). */
  usedBytes(projectId: string): Promise<number> {
    return this.repository.usedBytes(projectId);
  }

  /** How many live files the project has and the bytes they take (its overview). */
  async summary(projectId: string): Promise<{ count: number; bytes: number }> {
    const [count, bytes] = await Promise.all([
      this.repository.countLive(projectId),
      this.repository.usedBytes(projectId),
    ]);
    return { count, bytes };
  }

  /**
   * Removes temporary upload files that a stopped process left behind (run at start). Files
   * still being written are recent, so only those untouched for an hour go. A failure is logged:
   * housekeeping never keeps the server from starting.
   */
  async removeStaleUploads(): Promise<void> {
    try {
      const names = await fsp.readdir(this.tmpDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const staleBefore = Date.now() - STALE_UPLOAD_MS;
      for (const name of names.filter((candidate) => candidate.endsWith('.part'))) {
        const file = path.join(this.tmpDir, name);
        // Gone already if its upload finished between the listing and now.
        const stats = await fsp.stat(file).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        });
        if (stats && stats.mtimeMs < staleBefore) await fsp.rm(file, { force: true });
      }
    } catch (error) {
      this.deps.log.warn({ err: error, dir: this.tmpDir }, 'could not remove stale temporary uploads');
    }
  }

  /**
   * Writes an uploaded stream to a temporary file while counting and hashing it. Past the
   * size limit busboy stops the stream; past the quota the bytes are read and dropped, so the
   * request still completes and nothing is kept.
   */
  private async spool(stream: Readable, remaining: number, truncated: () => boolean): Promise<Spooled> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    const file = path.join(this.tmpDir, `${newId()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    let overQuota = false;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > remaining) overQuota = true;
        if (overQuota) return done();
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, fs.createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      await fsp.rm(file, { force: true });
      // Disk errors are ours (500); anything else is a body that broke off or is malformed.
      if (error instanceof AppError || (error as NodeJS.ErrnoException).syscall) throw error;
      throw new AppError('VALIDATION_FAILED', 'The upload ended before the file was complete');
    }
    return { file, size, sha256: hash.digest('hex'), tooLarge: truncated(), overQuota };
  }

  /**
   * Stores one uploaded file (multipart `file`, with optional `alt` and `folder` fields). The
   * type comes from the bytes; images are measured. Too large (413 PAYLOAD_TOO_LARGE) or past
   * the plan's storage (413 STORAGE_QUOTA_EXCEEDED): nothing is kept.
   */
  async upload(
    grant: ProjectGrant,
    parts: AsyncIterable<UploadPart>,
    locale?: string,
    options: { beforeStore?: (upload: UploadSummary) => Promise<void> } = {},
  ): Promise<Asset> {
    const view = this.view(grant, locale);
    const project = grant.project;
    const quota = mediaQuota(project.plan);
    const remaining = quota === null ? Number.POSITIVE_INFINITY : quota - (await this.repository.usedBytes(project.id));
    const fields = new Map<string, string>();
    let upload: (Spooled & { filename: string }) | null = null;
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (!UPLOAD_FIELDS.has(part.name)) throw fieldError(part.name, 'is not allowed');
          if (fields.has(part.name)) throw fieldError(part.name, 'must be given once');
          if (part.truncated) throw fieldError(part.name, 'is too long');
          fields.set(part.name, part.value);
          continue;
        }
        if (part.name !== 'file') {
          part.stream.resume();
          throw fieldError(part.name, 'is not allowed; send the file as "file"');
        }
        if (upload) throw fieldError('file', 'must be one file');
        upload = { ...(await this.spool(part.stream, remaining, part.truncated)), filename: part.filename };
      }
      if (!upload) throw fieldError('file', 'is required');
      if (upload.tooLarge) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The file is larger than the upload limit of ${megabytes(this.deps.config.maxUploadBytes)}`,
        );
      }
      if (upload.overQuota) throw this.quotaExceeded(quota ?? 0);
      if (upload.size === 0) throw fieldError('file', 'is empty');
      await options.beforeStore?.({
        sha256: upload.sha256,
        filename: upload.filename,
        fields: Object.fromEntries(fields),
      });
      return await this.store(grant, upload, fields, view);
    } finally {
      if (upload) await fsp.rm(upload.file, { force: true });
    }
  }

  /**
   * Checks an upload's `alt` and `folder` as `upload` would, before any byte arrives (resumable
   * uploads take them at creation).
   */
  checkUploadFields(fields: { alt?: string; folder?: string }): void {
    const folder = fields.folder?.trim();
    if (folder) cleanFolder(folder);
    if (fields.alt !== undefined && fields.alt.trim().length > MAX_ALT) {
      throw fieldError('alt', `must be at most ${MAX_ALT} characters`);
    }
  }

  /**
   * Makes an asset of a file already complete on disk (a finished resumable upload) exactly as
   * `upload` does: same type detection, measures, quota check, audit entry and events. The file
   * is moved into storage; on failure it is left where it was.
   */
  async createFromFile(
    grant: ProjectGrant,
    upload: { file: string; size: number; filename: string; fields: { alt?: string; folder?: string } },
    locale?: string,
  ): Promise<Asset> {
    const view = this.view(grant, locale);
    if (upload.size === 0) throw fieldError('file', 'is empty');
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(upload.file), hash);
    const fields = new Map(
      Object.entries(upload.fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return this.store(
      grant,
      { ...upload, sha256: hash.digest('hex'), tooLarge: false, overQuota: false },
      fields,
      view,
    );
  }

  private quotaExceeded(quota: number): AppError {
    return new AppError(
      'STORAGE_QUOTA_EXCEEDED',
      `This upload would exceed your plan's media storage of ${megabytes(quota)}; delete files or upgrade the plan`,
    );
  }

  private async store(
    grant: ProjectGrant,
    upload: Spooled & { filename: string },
    fields: Map<string, string>,
    view: AssetView,
  ): Promise<Asset> {
    const project = grant.project;
    const filename = cleanFilename(upload.filename);
    // A blank field is no folder, as browsers send empty fields.
    const folderField = fields.get('folder')?.trim();
    const folder = folderField ? cleanFolder(folderField) : null;
    const altField = fields.get('alt')?.trim();
    if (altField !== undefined && altField.length > MAX_ALT)
      throw fieldError('alt', `must be at most ${MAX_ALT} characters`);
    const alt: AltTexts = altField ? { [view.locale === '*' ? project.defaultLocale : view.locale]: altField } : {};

    const type = await detectType(upload.file, filename);
    let image: ImageInfo | null = null;
    if (isRasterImage(type.mime)) image = await this.deps.uploadImages.run(() => readImageInfo(upload.file));

    const id = newId();
    const key = `${project.id}/${id}/original`;
    const now = isoNow(this.deps.clock);
    const row: MediaAssetRow = {
      id,
      project_id: project.id,
      filename,
      mime_type: type.mime,
      kind: type.kind,
      size: upload.size,
      width: image?.width ?? null,
      height: image?.height ?? null,
      dominant_color: image?.dominantColor ?? null,
      alt: JSON.stringify(alt),
      folder,
      focal_x: null,
      focal_y: null,
      sha256: upload.sha256,
      storage_key: key,
      search_text: searchText(filename, alt),
      created_at: now,
      updated_at: now,
      created_by: userIdOf(grant.actor),
      created_by_token: tokenIdOf(grant.actor),
      deleted_at: null,
    };
    await this.storage.putFile(key, upload.file, { contentType: type.mime, size: upload.size });
    try {
      await this.deps.transaction(async (trx) => {
        // Checked again under the project's lock: concurrent uploads cannot overshoot together.
        await this.deps.projects.lock(trx, project.id);
        const assets = this.repository.in(trx);
        const quota = mediaQuota(project.plan);
        if (quota !== null && (await assets.usedBytes(project.id)) + upload.size > quota) {
          throw this.quotaExceeded(quota);
        }
        await assets.insert(row);
        await this.audit.recordGrant(
          trx,
          grant,
          'media.created',
          { type: 'media', id },
          { filename, mime_type: type.mime, size: upload.size },
        );
        await this.deps.events.record(trx, {
          projectId: project.id,
          event: 'media.created',
          collection: null,
          payload: toAsset(row, { ...view, locale: '*' }),
        });
      });
    } catch (error) {
      await this.storage.delete(key).catch((cleanup) => this.deps.log.warn({ err: cleanup, key }, 'orphan media file'));
      throw error;
    }
    return toAsset(row, view);
  }

  async list(grant: ProjectGrant, query: ListMediaQuery) {
    const view = this.view(grant, query.locale);
    const page = pageOf(query);
    const { rows, total } = await this.repository.list(
      grant.project.id,
      {
        ...(query.q?.trim() ? { q: query.q.trim().toLowerCase() } : {}),
        ...(query.type ? { kind: query.type } : {}),
        ...(query.folder !== undefined ? { folder: query.folder } : {}),
      },
      page,
    );
    return { data: rows.map((row) => toAsset(row, view)), meta: listMeta(page, total) };
  }

  /** The folders of the library with their file counts (the library's folder filter lists them). */
  async folders(grant: ProjectGrant): Promise<MediaFolderCount[]> {
    return this.repository.folders(grant.project.id);
  }

  /** Where a file is used: the documents the caller can read that mention it. */
  async references(grant: ProjectGrant, assetId: string, query: AssetReferencesQuery): Promise<AssetReferenceList> {
    await this.find(grant, assetId);
    if (!grant.can('content.read')) throw forbidden('Reading where a file is used needs the right to read content');
    const { hits, total } = await this.deps.usage.usingAsset(grant, assetId, query.limit ?? 20);
    return { data: hits, meta: { total } };
  }

  private async find(grant: ProjectGrant, assetId: string): Promise<MediaAssetRow> {
    const row = await this.repository.findLive(grant.project.id, assetId);
    if (!row) throw notFound('Media file');
    return row;
  }

  /**
   * A file the caller may change: the policy's owner constraint is part of the query, so an
   * author never loads another's file, and learns with a 403 that it exists (a 404 when not).
   */
  private async findToChange(grant: ProjectGrant, assetId: string): Promise<MediaAssetRow> {
    const row = await this.repository.findLive(grant.project.id, assetId, grant.content.media);
    if (row) return row;
    if (grant.content.media.kind === 'createdBy' && (await this.repository.exists(grant.project.id, assetId))) {
      throw forbidden('You can only change media files you uploaded');
    }
    throw notFound('Media file');
  }

  async get(grant: ProjectGrant, assetId: string, locale?: string): Promise<Asset> {
    const view = this.view(grant, locale);
    return toAsset(await this.find(grant, assetId), view);
  }

  private mergeAlt(grant: ProjectGrant, current: AltTexts, alt: UpdateAssetBody['alt'], locale: string): AltTexts {
    if (alt === undefined) return current;
    if (alt === null) return {};
    if (typeof alt === 'string') {
      const next = { ...current };
      if (alt.trim() === '') delete next[locale];
      else next[locale] = alt.trim();
      return next;
    }
    const next = { ...current };
    for (const [key, text] of Object.entries(alt)) {
      if (!grant.project.locales.includes(key)) {
        throw fieldError(`alt.${key}`, `is not a locale of this project (${grant.project.locales.join(', ')})`);
      }
      if (text === null || text === undefined || text.trim() === '') delete next[key];
      else next[key] = text.trim();
    }
    return next;
  }

  /**
   * Changes alt texts, folder, file name or focal point. A string `alt` is the text of `locale`
   * (the project's default locale when absent).
   */
  async update(grant: ProjectGrant, assetId: string, body: UpdateAssetBody, locale?: string): Promise<Asset> {
    const view = this.view(grant, locale);
    const row = await this.findToChange(grant, assetId);
    const altLocale = view.locale === '*' ? grant.project.defaultLocale : view.locale;
    const alt = this.mergeAlt(grant, altTexts(row), body.alt, altLocale);
    const filename = body.filename === undefined ? row.filename : cleanFilename(body.filename);
    if (body.filename !== undefined && filename !== body.filename.trim()) {
      throw fieldError('filename', 'must be a file name without folders or control characters');
    }
    if (body.focal_point && row.kind !== 'image') throw fieldError('focal_point', 'applies to images only');
    const folder = body.folder === undefined || body.folder === null ? body.folder : cleanFolder(body.folder);
    const changes: MediaAssetUpdate = {
      alt: JSON.stringify(alt),
      filename,
      search_text: searchText(filename, alt),
      updated_at: isoNow(this.deps.clock),
      ...(folder !== undefined ? { folder } : {}),
      ...(body.focal_point !== undefined
        ? { focal_x: body.focal_point?.x ?? null, focal_y: body.focal_point?.y ?? null }
        : {}),
    };
    const changed = Object.keys(body).filter((key) => body[key as keyof UpdateAssetBody] !== undefined);
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).update(row.id, changes);
      await this.audit.recordGrant(trx, grant, 'media.updated', { type: 'media', id: row.id }, { changed });
      await this.deps.events.record(trx, {
        projectId: grant.project.id,
        event: 'media.updated',
        collection: null,
        payload: toAsset({ ...row, ...changes } as MediaAssetRow, { ...view, locale: '*' }),
      });
    });
    if (body.focal_point !== undefined) await this.files.dropFocalVariants(row);
    // Documents that populate this asset show its alt text and name.
    this.deps.delivery.invalidate(grant.project.id);
    return toAsset({ ...row, ...changes } as MediaAssetRow, view);
  }

  /**
   * Deletes a file. While a published document uses it the answer is 409, unless `force`:
   * readers would otherwise get a broken image.
   */
  async delete(grant: ProjectGrant, assetId: string, force: boolean): Promise<void> {
    const row = await this.findToChange(grant, assetId);
    if (!force) {
      const references = await this.deps.references.countPublishedReferences(grant.project.id, row.id);
      if (references > 0) {
        throw conflict(
          `This file is used by ${references} published document${references === 1 ? '' : 's'}; ` +
            'remove it from them first, or delete it anyway with ?force=true',
        );
      }
    }
    const now = isoNow(this.deps.clock);
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).markDeleted(row.id, now);
      await this.audit.recordGrant(
        trx,
        grant,
        'media.deleted',
        { type: 'media', id: row.id },
        { filename: row.filename, size: Number(row.size), forced: force },
      );
      await this.deps.events.record(trx, {
        projectId: grant.project.id,
        event: 'media.deleted',
        collection: null,
        payload: { id: row.id, filename: row.filename },
      });
    });
    this.deps.delivery.invalidate(grant.project.id);
    // The row stays as a tombstone for the audit trail; the bytes go (and stop counting).
    await this.files.removeAll(row);
  }

  /**
   * Removes every file of a deleted project from storage (the `media.purge-project` job). The
   * asset rows stay as tombstones, marked deleted, and their variants are forgotten. Safe to
   * run again after a failure; a project that is not deleted keeps its files.
   */
  async purgeProject(projectId: string): Promise<void> {
    if (await this.deps.projects.findLive(projectId)) return;
    await this.storage.deletePrefix(`${projectId}/`);
    await this.repository.forgetProjectFiles(projectId, isoNow(this.deps.clock));
  }

  /**
   * Queues the removal of a deleted project's files, in the transaction that deletes it (the
   * projects module calls it as a deletion hook): the deletion cannot commit without the purge,
   * which is retried until storage answers.
   */
  async queuePurge(trx: Trx, projectId: string): Promise<void> {
    const payload: PurgePayload = { projectId };
    await this.deps.jobs.in(trx).enqueue({ kind: MEDIA_PURGE_JOB, payload, dedupeKey: `media-purge:${projectId}` });
  }

  /** The `media.purge-project` job: runs `purgeProject`, retried for a day while storage fails. */
  purgeJob(): JobHandler {
    return {
      run: (payload) => this.purgeProject((payload as PurgePayload).projectId),
      retryDelaysMs: [60_000, 600_000, 3_600_000],
      maxAttempts: 20,
    };
  }

  /**
   * Live assets of a project by id, in one query, presented as the API shows them; unknown,
   * deleted and other projects' ids are absent from the map. For documents: media-field
   * validation (does the id exist here?) and `populate`.
   * @example const assets = await media.findLiveAssets(projectId, ['0190…'], { locale: 'en', defaultLocale: 'en' });
   */
  async findLiveAssets(
    projectId: string,
    ids: readonly string[],
    options: { locale: string; defaultLocale: string },
  ): Promise<Map<string, Asset>> {
    const rows = await this.repository.findLiveMany(projectId, ids);
    const view = { publicUrl: this.deps.config.publicUrl, ...options };
    return new Map(rows.map((row) => [row.id, toAsset(row, view)]));
  }

  /** The type and name of each live asset among `ids`, read in the caller's transaction (documents check media fields with it). */
  async liveAssetsIn(
    trx: Trx,
    projectId: string,
    ids: readonly string[],
  ): Promise<Map<string, { mimeType: string; filename: string }>> {
    const rows = await this.repository.in(trx).findLiveMany(projectId, ids);
    return new Map(rows.map((row) => [row.id, { mimeType: row.mime_type, filename: row.filename }]));
  }

  async close(): Promise<void> {
    await this.storage.close();
  }
}
