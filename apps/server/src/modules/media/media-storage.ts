import type { Readable } from 'node:stream';
import type { StorageConfig } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';

/** An inclusive byte range, as in `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live. Keys are built by the media service from stored ids only
 * (`<projectId>/<assetId>/original`, `<projectId>/<assetId>/variants/<name>`), never from a
 * request, so no key can climb out of its folder or bucket.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Moves a finished temporary file into storage; the temporary file is gone afterwards. */
  putFile(key: string, file: string, meta: { contentType: string; size: number }): Promise<void>;
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes (or one range of them) as a stream; null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** A path sharp can open directly, for disk storage (no copy in memory); null otherwise. */
  localPath(key: string): string | null;
  /** Removes one object (missing objects are fine). */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (an asset's original and variants). */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The storage the configuration asks for.
 * @example const storage = createStorage(config.storage);
 */
export function createStorage(config: StorageConfig): MediaStorage {
  return config.kind === 'local' ? new LocalStorage(config.dir) : new S3Storage(config);
}
