import { AppError, fieldError } from '../../lib/errors.js';

/** What `Upload-Metadata` carries for a media upload. */
export interface UploadMetadata {
  filename: string;
  alt?: string;
  folder?: string;
}

const DIGITS = /^[0-9]+$/;
/** Standard base64 (tus uses it, padded); the empty string is an empty value. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** A metadata key: printable ASCII without spaces or commas. */
const KEY = /^[\x21-\x2b\x2d-\x7e]+$/;
const MAX_PAIRS = 32;
const MAX_FILENAME_CHARS = 1024;
/** More digits than this is past any limit (and past the safe integers). */
const MAX_DIGITS = 15;

/**
 * A byte count header (`Upload-Length`, `Upload-Offset`): digits only. A number longer than
 * any limit is returned as Infinity, so the caller refuses it for what it is (too large, or not
 * the current offset).
 */
export function byteCount(name: string, raw: string | string[] | undefined): number {
  if (raw === undefined) throw fieldError(name, 'is required');
  if (typeof raw !== 'string' || !DIGITS.test(raw)) throw fieldError(name, 'must be a whole number of bytes');
  return raw.length > MAX_DIGITS ? Number.POSITIVE_INFINITY : Number(raw);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function decodeValue(key: string, encoded: string): string {
  if (!BASE64.test(encoded)) throw fieldError(`Upload-Metadata.${key}`, 'must be base64');
  try {
    return decoder.decode(Buffer.from(encoded, 'base64'));
  } catch {
    throw fieldError(`Upload-Metadata.${key}`, 'must be UTF-8 text');
  }
}

/**
 * `Upload-Metadata`: comma-separated `key base64(value)` pairs. `filename` is required; `alt` and
 * `folder` are the media fields; keys that tus clients add on their own (`filetype`, `name`,
 * `relativePath`) are ignored, as tus servers do.
 */
export function uploadMetadata(raw: string | string[] | undefined): UploadMetadata {
  if (raw === undefined || raw.length === 0) throw fieldError('Upload-Metadata', 'must name the file (filename)');
  if (typeof raw !== 'string') throw fieldError('Upload-Metadata', 'must be given once');
  const pairs = raw.split(',');
  if (pairs.length > MAX_PAIRS) throw fieldError('Upload-Metadata', `must have at most ${MAX_PAIRS} keys`);
  const values = new Map<string, string>();
  for (const pair of pairs) {
    const [key, encoded, ...rest] = pair.trim().split(' ');
    if (!key || !KEY.test(key) || rest.length > 0) {
      throw fieldError('Upload-Metadata', 'must be comma-separated "key base64value" pairs');
    }
    if (values.has(key)) throw fieldError(`Upload-Metadata.${key}`, 'must be given once');
    values.set(key, decodeValue(key, encoded ?? ''));
  }
  const filename = values.get('filename')?.trim();
  if (!filename) throw fieldError('Upload-Metadata.filename', 'is required');
  if (filename.length > MAX_FILENAME_CHARS) {
    throw fieldError('Upload-Metadata.filename', `must be at most ${MAX_FILENAME_CHARS} characters`);
  }
  const alt = values.get('alt');
  const folder = values.get('folder');
  return { filename, ...(alt !== undefined ? { alt } : {}), ...(folder !== undefined ? { folder } : {}) };
}

export const OFFSET_CONTENT_TYPE = 'application/offset+octet-stream';

/** Whether a Content-Type header is tus's, parameters aside. */
export function isOffsetStream(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === OFFSET_CONTENT_TYPE;
}

export const unsupportedBody = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Send the bytes with PATCH as ${OFFSET_CONTENT_TYPE}; other requests of an upload take no body`,
  );
