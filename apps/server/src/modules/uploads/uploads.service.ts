import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';
import type { ResumableUploadRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import { actorKey } from '../auth/principal.js';
import type { MediaService } from '../media/media.service.js';
import { mediaQuota, megabytes } from '../plans/plans.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { UploadMetadata } from './tus-headers.js';
import type { UploadsRepository } from './uploads.repository.js';

/** An unfinished upload is kept this long after its creation. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How often expired uploads are removed in the background. */
export const UPLOAD_SWEEP_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;

/** An upload as the tus headers report it. */
export interface UploadState {
  id: string;
  projectId: string;
  length: number;
  offset: number;
  expiresAt: string;
  /** The media asset made by the last byte; null while bytes are missing. */
  assetId: string | null;
}

const stateOf = (row: ResumableUploadRow): UploadState => ({
  id: row.id,
  projectId: row.project_id,
  length: Number(row.upload_length),
  offset: Number(row.upload_offset),
  expiresAt: row.expires_at,
  assetId: row.asset_id,
});

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Resumable uploads (tus 1.0): the declared size is checked against the limit and the media
 * quota before any byte; bytes are appended to a file under the data dir, the offset kept in the
 * database, so an upload survives a restart; the last byte makes the media asset through the
 * media library, as a multipart upload would.
 */
export class UploadsService {
  private readonly dir: string;
  /** Uploads a PATCH is writing to in this process: a second one at once is a 409. */
  private readonly writing = new Set<string>();

  constructor(
    private readonly deps: {
      repository: UploadsRepository;
      media: Pick<MediaService, 'usedBytes' | 'checkUploadFields' | 'createFromFile'>;
      clock: Clock;
      log: Logger;
      config: Pick<Config, 'dataDir' | 'maxUploadBytes'>;
    },
  ) {
    this.dir = path.join(deps.config.dataDir, 'resumable-uploads');
  }

  /** The largest upload accepted (`Tus-Max-Size`). */
  get maxSize(): number {
    return this.deps.config.maxUploadBytes;
  }

  /** Where an upload's bytes are; ids are generated here, never taken from a request. */
  private fileOf(id: string): string {
    return path.join(this.dir, `${id}.bin`);
  }

  /**
   * Starts an upload of `length` bytes. Past PLINTH_MAX_UPLOAD_BYTES is a 413 PAYLOAD_TOO_LARGE;
   * past what the plan's storage has left (counting other unfinished uploads) a 413
   * STORAGE_QUOTA_EXCEEDED; either way nothing is written.
   */
  async create(grant: ProjectGrant, length: number, metadata: UploadMetadata): Promise<UploadState> {
    if (length > this.maxSize) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the upload limit of ${megabytes(this.maxSize)}`);
    }
    if (length < 1)
      throw new AppError('VALIDATION_FAILED', 'Upload-Length must be at least 1 byte', [
        { path: 'Upload-Length', message: 'must be at least 1 byte' },
      ]);
    this.deps.media.checkUploadFields(metadata);
    const project = grant.project;
    const now = this.deps.clock();
    const quota = mediaQuota(project.plan);
    if (quota !== null) {
      // Not under a lock: two creations at once may both fit here, but the asset is checked
      // again under the project's lock when it is made, so the quota itself is never passed.
      const [used, reserved] = await Promise.all([
        this.deps.media.usedBytes(project.id),
        this.deps.repository.reservedBytes(project.id, now.toISOString()),
      ]);
      if (used + reserved + length > quota) {
        throw new AppError(
          'STORAGE_QUOTA_EXCEEDED',
          `This upload would exceed your plan's media storage of ${megabytes(quota)}; delete files or upgrade the plan`,
        );
      }
    }
    const row: ResumableUploadRow = {
      id: newId(),
      project_id: project.id,
      owner: actorKey(grant.principal),
      upload_length: length,
      upload_offset: 0,
      filename: metadata.filename,
      alt: metadata.alt ?? null,
      folder: metadata.folder ?? null,
      asset_id: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + UPLOAD_TTL_MS).toISOString(),
    };
    // The row first: a file without one is an orphan that the sweep removes.
    await this.deps.repository.insert(row);
    try {
      await fsp.mkdir(this.dir, { recursive: true });
      await (await fsp.open(this.fileOf(row.id), 'wx')).close();
    } catch (error) {
      await this.deps.repository.delete(row.id);
      throw error;
    }
    return stateOf(row);
  }

  /**
   * The caller's live upload. Another project's, another caller's and an expired one are all
   * a 404 (an expired one is removed on the way).
   */
  private async find(grant: ProjectGrant, id: string): Promise<ResumableUploadRow> {
    const row = await this.deps.repository.find(grant.project.id, id);
    if (!row || row.owner !== actorKey(grant.principal)) throw notFound('Upload');
    if (row.expires_at <= isoNow(this.deps.clock)) {
      await this.discard(row.id);
      throw new AppError('NOT_FOUND', 'This upload expired; start it again');
    }
    return row;
  }

  async status(grant: ProjectGrant, id: string): Promise<UploadState> {
    return stateOf(await this.find(grant, id));
  }

  /**
   * Appends `body` at `offset`, which must be the upload's current offset (else 409). More than
   * the bytes left is a 413 and moves nothing; a body that breaks off keeps what arrived, for the
   * client to resume from. The last byte makes the asset (`assetId`). A PATCH of no bytes on a
   * complete upload whose asset could not be made (storage failed) tries again.
   */
  async append(
    grant: ProjectGrant,
    id: string,
    input: { offset: number; declaredLength: number | null; body: Readable },
  ): Promise<UploadState> {
    const row = await this.find(grant, id);
    const state = stateOf(row);
    if (state.assetId !== null) throw conflict('This upload is complete; its file is in the media library');
    if (input.offset !== state.offset) {
      throw conflict(`Upload-Offset must be the upload's current offset, ${state.offset}; ask with HEAD`);
    }
    const remaining = state.length - state.offset;
    if (input.declaredLength !== null && input.declaredLength > remaining) throw this.tooMuch(remaining);
    if (this.writing.has(id)) throw conflict('Another request is writing to this upload; wait for it to finish');
    this.writing.add(id);
    try {
      const { written, complete } = await this.write(id, state.offset, remaining, input.body);
      const offset = state.offset + written;
      if (written > 0 && !(await this.deps.repository.advance(id, state.offset, offset))) {
        throw conflict('The upload changed meanwhile; ask for its offset with HEAD');
      }
      if (!complete) {
        throw new AppError(
          'VALIDATION_FAILED',
          `The body ended early; ${offset} bytes are kept: continue from that Upload-Offset`,
        );
      }
      if (offset < state.length) return { ...state, offset };
      const assetId = await this.finish(grant, row);
      return { ...state, offset, assetId };
    } finally {
      this.writing.delete(id);
    }
  }

  private tooMuch(remaining: number): AppError {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `This body is longer than what is left of the upload (${remaining} bytes); Upload-Length cannot grow`,
    );
  }

  /**
   * Streams the body into the file at `offset`, at most `remaining` bytes: a longer body is
   * refused (the bytes written stay uncounted and are overwritten by the next PATCH).
   */
  private async write(
    id: string,
    offset: number,
    remaining: number,
    body: Readable,
  ): Promise<{ written: number; complete: boolean }> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.fileOf(id), 'r+');
    } catch (error) {
      if (!isMissing(error)) throw error;
      // Its bytes are gone (the data dir was cleaned): nothing left to resume.
      await this.discard(id);
      throw notFound('Upload');
    }
    let received = 0;
    const limit = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        received += chunk.length;
        if (received > remaining) return done(this.tooMuch(remaining));
        done(null, chunk);
      },
    });
    const out = fs.createWriteStream('', { fd: handle, start: offset, flush: true });
    try {
      await pipeline(body, limit, out);
      return { written: out.bytesWritten, complete: true };
    } catch (error) {
      // Too long, or the disk failed: nothing counts. A body that broke off: what arrived does.
      if (error instanceof AppError || (error as NodeJS.ErrnoException).syscall) throw error;
      return { written: out.bytesWritten, complete: false };
    }
  }

  /**
   * Makes the asset of a complete upload. When the media library refuses it (quota reached
   * meanwhile, a bad folder), the upload cannot succeed and is removed; when storage fails it
   * stays, complete, for a PATCH of no bytes to try again.
   */
  private async finish(grant: ProjectGrant, row: ResumableUploadRow): Promise<string> {
    try {
      const asset = await this.deps.media.createFromFile(grant, {
        file: this.fileOf(row.id),
        size: Number(row.upload_length),
        filename: row.filename,
        fields: {
          ...(row.alt !== null ? { alt: row.alt } : {}),
          ...(row.folder !== null ? { folder: row.folder } : {}),
        },
      });
      await this.deps.repository.markFinished(row.id, asset.id);
      return asset.id;
    } catch (error) {
      if (error instanceof AppError) await this.discard(row.id);
      // A retry after the file reached storage but its asset did not commit: nothing left to make.
      if (isMissing(error)) {
        await this.discard(row.id);
        throw new AppError('NOT_FOUND', "This upload's bytes are gone; start it again");
      }
      throw error;
    }
  }

  /** Terminates an upload: its bytes and its row go (a finished upload's asset stays). */
  async terminate(grant: ProjectGrant, id: string): Promise<void> {
    const row = await this.find(grant, id);
    if (this.writing.has(id)) throw conflict('A request is writing to this upload; wait for it to finish');
    await this.discard(row.id);
  }

  private async discard(id: string): Promise<void> {
    await this.deps.repository.delete(id);
    await fsp.rm(this.fileOf(id), { force: true });
  }

  /**
   * Removes expired uploads (finished ones' rows too) and files that no upload owns (their
   * project was deleted). Returns how many uploads went. Failures are logged: housekeeping
   * never breaks the server.
   */
  async removeExpired(): Promise<number> {
    let removed = 0;
    try {
      const now = isoNow(this.deps.clock);
      for (;;) {
        const ids = await this.deps.repository.expiredIds(now, SWEEP_BATCH);
        // One being written to is left for the next sweep (its PATCH is about to fail anyway).
        const idle = ids.filter((candidate) => !this.writing.has(candidate));
        for (const id of idle) await this.discard(id);
        removed += idle.length;
        if (ids.length < SWEEP_BATCH || idle.length === 0) break;
      }
      const names = await fsp.readdir(this.dir).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const name of names.filter((candidate) => candidate.endsWith('.bin'))) {
        const id = name.slice(0, -'.bin'.length);
        if (!(await this.deps.repository.exists(id))) await fsp.rm(path.join(this.dir, name), { force: true });
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not remove expired uploads');
    }
    return removed;
  }
}
