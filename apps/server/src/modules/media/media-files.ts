import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MediaFormat, MediaTransformQuery, PlanId } from '@plinth/contract';
import type { Transact } from '../../db/repository.js';
import type { MediaAssetRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { mediaQuota } from '../plans/plans.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { cropVersion } from './asset.mapper.js';
import { isInlineSafe, isRasterImage } from './file-types.js';
import { boxWithin, type ImageWorkers, type TransformSpec, transformImage } from './images.js';
import type { MediaRepository } from './media.repository.js';
import type { ByteRange, MediaStorage } from './media-storage.js';

/** A live asset of a live project, with that project's plan (for the storage quota). */
type ServableAsset = MediaAssetRow & { project_plan: PlanId };

/**
 * Generated variants kept per asset, in number and in bytes. Past either bound, new variants
 * are still produced but served without being stored, so nobody can fill the disk by asking
 * for every width. Kept variants count against the project's storage quota.
 */
export const MAX_VARIANTS_PER_ASSET = 50;
export const MAX_VARIANT_BYTES_PER_ASSET = 32 * 1024 * 1024;
/**
 * Transforms one client (IP address) may have queued or running at once. Anyone may ask for
 * transforms, so without this one client could fill the whole transform line; more get a 429.
 */
export const TRANSFORMS_PER_CLIENT = 4;

export const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** For URLs whose bytes may still change: caches keep them but check the ETag each time. */
const REVALIDATE = 'public, no-cache';
/** Nothing a file could contain runs as a page of this origin, whatever a browser makes of it. */
const SANDBOX = "default-src 'none'; sandbox";

const FORMAT_OF: Record<string, MediaFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** What the route sends: a status, headers and a body (no Fastify types here). */
export interface FileAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | Buffer | null;
}

export interface FileRequest {
  projectId: string;
  assetId: string;
  transform: MediaTransformQuery;
  /** The client's IP address, for its share of the transform line. */
  client: string;
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifRange?: string | undefined;
}

/** `If-None-Match` holds our ETag (or `*`); weak and strong forms compare alike. */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * One byte range of `size` bytes, or null to send the whole file (no header, a malformed one,
 * or several ranges, which RFC 9110 lets a server answer in full), or 'unsatisfiable'.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `Content-Disposition` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 8187 allows none of ' ( ) * unencoded, which encodeURIComponent leaves: a quote there
  // would end the charset and language parts early, and parsers would drop the name.
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const contentType = (mime: string) => (mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime);

/** Bounds of the variants kept per asset (tests lower them). */
export interface VariantLimits {
  count: number;
  bytes: number;
}

/**
 * Delivery of `/media/:projectId/:assetId/:filename`: originals (with ranges) and image
 * transforms, cached in storage, with immutable cache headers and ETags.
 */
export class MediaFiles {
  /** Variants being generated now, so a burst for the same one does the work once. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** Transforms queued or running per client IP; an entry goes when its count drops to 0. */
  private readonly perClient = new Map<string, number>();

  private readonly repository: MediaRepository;
  private readonly storage: MediaStorage;
  private readonly limits: VariantLimits;

  constructor(
    private readonly deps: {
      repository: MediaRepository;
      storage: MediaStorage;
      /** The sharp pool of public transforms. */
      images: ImageWorkers;
      projects: ProjectsService;
      transaction: Transact;
      clock: Clock;
      log: Logger;
      limits?: VariantLimits | undefined;
    },
  ) {
    this.repository = deps.repository;
    this.storage = deps.storage;
    this.limits = deps.limits ?? { count: MAX_VARIANTS_PER_ASSET, bytes: MAX_VARIANT_BYTES_PER_ASSET };
  }

  private headers(
    row: MediaAssetRow,
    mime: string,
    etag: string,
    cacheControl = CACHE_FOREVER,
  ): Record<string, string> {
    return {
      'cache-control': cacheControl,
      etag,
      'content-type': contentType(mime),
      'content-disposition': disposition(isInlineSafe(mime) ? 'inline' : 'attachment', row.filename),
      'content-security-policy': SANDBOX,
      'x-content-type-options': 'nosniff',
      // Public files: any site may embed them, and read them from scripts (canvas, fetch).
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
    };
  }

  async serve(request: FileRequest): Promise<FileAnswer> {
    // No caller to authorize: a live asset of a live project is public.
    const project = await this.deps.projects.findLiveCached(request.projectId);
    const asset = project ? await this.repository.findLive(project.id, request.assetId) : undefined;
    if (!project || !asset) throw notFound('File');
    const row: ServableAsset = { ...asset, project_plan: project.plan };
    const { w, h, fit, format, q } = request.transform;
    const transformed = [w, h, fit, format, q].some((value) => value !== undefined);
    return transformed ? this.serveVariant(row, request) : this.serveOriginal(row, request);
  }

  private async serveOriginal(row: MediaAssetRow, request: FileRequest): Promise<FileAnswer> {
    // An asset's bytes never change, whatever its `v`: the original is immutable under any URL.
    const etag = `"${row.sha256.slice(0, 32)}"`;
    const headers = { ...this.headers(row, row.mime_type, etag), 'accept-ranges': 'bytes' };
    if (matches(request.ifNoneMatch, etag)) return { status: 304, headers, body: null };
    const size = Number(row.size);
    // If-Range: the client's copy must still be this file for a part of it to make sense.
    const rangeHeader = request.ifRange === undefined || request.ifRange === etag ? request.range : undefined;
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') {
      return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` }, body: null };
    }
    const body = await this.storage.read(row.storage_key, range ?? undefined);
    if (!body) throw notFound('File');
    if (range) {
      return {
        status: 206,
        headers: {
          ...headers,
          'content-range': `bytes ${range.start}-${range.end}/${size}`,
          'content-length': String(range.end - range.start + 1),
        },
        body,
      };
    }
    return { status: 200, headers: { ...headers, 'content-length': String(size) }, body };
  }

  /**
   * What a request asks for, in the terms that decide the output bytes. The box is the one
   * actually produced (never larger than the image), so every width past the image's own is one
   * variant rather than many identical ones.
   */
  private spec(row: MediaAssetRow, query: MediaTransformQuery): TransformSpec {
    const format = query.format ?? FORMAT_OF[row.mime_type] ?? 'png';
    const fit = query.fit ?? 'cover';
    const size =
      row.width !== null && row.height !== null ? { width: Number(row.width), height: Number(row.height) } : null;
    const { width, height } = size
      ? boxWithin(size, query.w ?? null, query.h ?? null, fit)
      : { width: query.w ?? null, height: query.h ?? null };
    const focal =
      fit === 'cover' && width !== null && height !== null && row.focal_x !== null && row.focal_y !== null
        ? { x: Number(row.focal_x), y: Number(row.focal_y) }
        : null;
    // PNG is lossless: a quality would only make identical variants under different names.
    return { width, height, fit, format, quality: format === 'png' ? null : (query.q ?? null), focalPoint: focal };
  }

  /** A variant's name: every input that changes its bytes, and nothing else. */
  private variantName(spec: TransformSpec): string {
    const focal = spec.focalPoint ? `-focal${spec.focalPoint.x.toFixed(4)}_${spec.focalPoint.y.toFixed(4)}` : '';
    return `${spec.width ?? 'auto'}x${spec.height ?? 'auto'}-${spec.fit}-q${spec.quality ?? 'auto'}${focal}.${spec.format}`;
  }

  /**
   * Cover crops of a w×h box move with the focal point, so they are immutable only at the
   * asset's current `v` (asset.url carries it). Under any other `v`, or none once a focal point
   * is set, the same URL may have served another crop: caches must check the ETag again.
   */
  private cacheControl(row: MediaAssetRow, spec: TransformSpec, query: MediaTransformQuery): string {
    const followsFocalPoint = spec.fit === 'cover' && spec.width !== null && spec.height !== null;
    if (!followsFocalPoint) return CACHE_FOREVER;
    return (query.v ?? null) === cropVersion(row) ? CACHE_FOREVER : REVALIDATE;
  }

  private async serveVariant(row: ServableAsset, request: FileRequest): Promise<FileAnswer> {
    if (!isRasterImage(row.mime_type)) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Transforms (w, h, fit, format, q) apply to JPEG, PNG, WebP, AVIF, GIF and TIFF images only',
      );
    }
    const spec = this.spec(row, request.transform);
    const name = this.variantName(spec);
    const key = `${row.project_id}/${row.id}/variants/${name}`;
    const etag = `"${row.sha256.slice(0, 16)}-${createHash('sha256').update(name).digest('hex').slice(0, 16)}"`;
    const headers = this.headers(row, `image/${spec.format}`, etag, this.cacheControl(row, spec, request.transform));
    if (matches(request.ifNoneMatch, etag)) return { status: 304, headers, body: null };
    const size = await this.repository.variantSize(row.id, name);
    if (size !== null) {
      const cached = await this.storage.read(key);
      if (cached) return { status: 200, headers: { ...headers, 'content-length': String(size) }, body: cached };
    }
    const body = await this.generate(row, spec, name, key, request.client);
    return { status: 200, headers: { ...headers, 'content-length': String(body.length) }, body };
  }

  private generate(
    row: ServableAsset,
    spec: TransformSpec,
    name: string,
    key: string,
    client: string,
  ): Promise<Buffer> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const share = this.perClient.get(client) ?? 0;
    if (share >= TRANSFORMS_PER_CLIENT) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many image transforms from this address at once; try again shortly',
        undefined,
        {
          'retry-after': '1',
        },
      );
    }
    this.perClient.set(client, share + 1);
    const work = this.runTransform(row, spec, name, key).finally(() => {
      this.inFlight.delete(key);
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    });
    this.inFlight.set(key, work);
    return work;
  }

  private async runTransform(row: ServableAsset, spec: TransformSpec, name: string, key: string): Promise<Buffer> {
    const output = await this.deps.images.run(async () => transformImage(await this.input(row), spec));
    // The row is claimed before the file is written, so the bounds hold however many new
    // variants arrive at once. Past them the variant is served but not kept (a CDN in front
    // still caches it).
    const kept = await this.deps.transaction(async (trx) => {
      // Under the project's lock, so concurrent new variants cannot overshoot the bounds together.
      await this.deps.projects.lock(trx, row.project_id);
      return this.repository.in(trx).claimVariant({
        projectId: row.project_id,
        assetId: row.id,
        variant: name,
        size: output.length,
        createdAt: isoNow(this.deps.clock),
        maxCount: this.limits.count,
        maxBytes: this.limits.bytes,
        quota: mediaQuota(row.project_plan),
      });
    });
    if (kept) {
      try {
        await this.storage.putBuffer(key, output, `image/${spec.format}`);
      } catch (error) {
        await this.repository.deleteVariant(row.id, name);
        throw error;
      }
    }
    return output;
  }

  /** The original for sharp: a path on disk storage, else its bytes (bounded by the upload limit). */
  private async input(row: MediaAssetRow): Promise<string | Buffer> {
    const local = this.storage.localPath(row.storage_key);
    if (local) return local;
    const stream = await this.storage.read(row.storage_key);
    if (!stream) throw notFound('File');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Forgets cover crops made for an earlier focal point. */
  async dropFocalVariants(row: MediaAssetRow): Promise<void> {
    const names = await this.repository.listVariants(row.id);
    for (const name of names.filter((candidate) => candidate.includes('-focal'))) {
      await this.storage.delete(`${row.project_id}/${row.id}/variants/${name}`);
      await this.repository.deleteVariant(row.id, name);
    }
  }

  /** Removes an asset's original and variants from storage (after its row was marked deleted). */
  async removeAll(row: MediaAssetRow): Promise<void> {
    try {
      await this.storage.deletePrefix(`${row.project_id}/${row.id}/`);
      await this.repository.deleteVariants(row.id);
    } catch (error) {
      // The deletion stands; a leftover file is logged for an operator rather than failing it.
      this.deps.log.warn({ err: error, assetId: row.id }, 'could not remove media files');
    }
  }
}
