import type {
  Asset,
  AssetReferenceList,
  ListMediaQuery,
  MediaFolderCount,
  MediaTransformQuery,
} from '@plinth/contract';
import type { ListOf } from './model.js';
import {
  type CreateOptions,
  idempotencyHeaders,
  type PlinthRequest,
  projectPath,
  readBody,
  readData,
  segment,
} from './request.js';

/** File contents: a File or Blob (browsers), or bytes (a Node.js Buffer is a Uint8Array). */
export type UploadSource = Blob | ArrayBuffer | Uint8Array;

/** Options of an upload. The server reads the type from the bytes, never from the name. */
export interface UploadOptions extends CreateOptions {
  /** The file name; a File's own name by default, else `upload`. */
  filename?: string;
  /** Alt text, in `locale` (the project's default locale by default). */
  alt?: string;
  locale?: string;
  /** A folder label such as `blog/2026`. */
  folder?: string;
}

function toBlob(source: UploadSource): Blob {
  if (source instanceof Blob) return source;
  if (source instanceof ArrayBuffer) return new Blob([source]);
  // Views over a SharedArrayBuffer cannot become a Blob as they are: those are copied first.
  return new Blob([
    source.buffer instanceof ArrayBuffer ? (source as Uint8Array<ArrayBuffer>) : new Uint8Array(source),
  ]);
}

/**
 * Uploads a file to the media library (multipart: `file`, optional `alt` and `folder`).
 * @example await client.request(uploadMedia({ projectId, file: await readFile('cover.jpg'), options: { filename: 'cover.jpg' } }));
 */
export function uploadMedia(target: {
  projectId: string;
  file: UploadSource;
  options?: UploadOptions;
}): PlinthRequest<Asset> {
  const { options = {} } = target;
  const form = new FormData();
  if (options.alt !== undefined) form.append('alt', options.alt);
  if (options.folder !== undefined) form.append('folder', options.folder);
  const name =
    options.filename ?? (typeof File !== 'undefined' && target.file instanceof File ? target.file.name : 'upload');
  form.append('file', toBlob(target.file), name);
  const headers = idempotencyHeaders(options);
  return {
    method: 'POST',
    path: projectPath(target.projectId, '/media'),
    query: { locale: options.locale },
    form,
    ...(headers ? { headers } : {}),
    read: readData<Asset>(),
  };
}

/** Lists the media library: search (`q`), `type`, `folder`, paging. */
export function listMedia(target: { projectId: string; query?: ListMediaQuery }): PlinthRequest<ListOf<Asset>> {
  return {
    method: 'GET',
    path: projectPath(target.projectId, '/media'),
    query: { ...target.query },
    read: readBody<ListOf<Asset>>(),
  };
}

/** Reads one asset. */
export function getMedia(target: { projectId: string; id: string; locale?: string }): PlinthRequest<Asset> {
  return {
    method: 'GET',
    path: projectPath(target.projectId, `/media/${segment(target.id)}`),
    query: { locale: target.locale },
    read: readData<Asset>(),
  };
}

/** The folders that hold files, by name, with how many each holds. */
export function listMediaFolders(target: { projectId: string }): PlinthRequest<MediaFolderCount[]> {
  return {
    method: 'GET',
    path: projectPath(target.projectId, '/media/folders'),
    read: readData<MediaFolderCount[]>(),
  };
}

/**
 * The documents that use a file (media fields, blocks, images in rich text), newest first, up to
 * `limit` (50 at most), with `meta.total`. Needs a content scope besides `media:read`.
 */
export function listMediaReferences(target: {
  projectId: string;
  id: string;
  limit?: number;
}): PlinthRequest<AssetReferenceList> {
  return {
    method: 'GET',
    path: projectPath(target.projectId, `/media/${segment(target.id)}/references`),
    query: { limit: target.limit },
    read: readBody<AssetReferenceList>(),
  };
}

/**
 * The URL of an asset's file, resized or converted on the fly (images only): width `w`, height
 * `h` (1–4096), `fit` (cover, contain, inside), `format` (webp, avif, jpeg, png), quality `q` (1–100).
 * @example mediaUrl(asset, { w: 800, format: 'webp', q: 80 }) // 'https://cms.example.com/media/p/a/cover.jpg?w=800&format=webp&q=80'
 */
export function mediaUrl(asset: Pick<Asset, 'url'> | string, transform: MediaTransformQuery = {}): string {
  const url = new URL(typeof asset === 'string' ? asset : asset.url);
  for (const key of ['w', 'h', 'fit', 'format', 'q'] as const) {
    const value = transform[key];
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}
