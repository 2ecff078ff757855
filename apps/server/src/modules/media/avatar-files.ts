import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../../config.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AvatarImages } from '../auth/avatar.service.js';
import { type ImageWorkers, squareImage } from './images.js';
import { CACHE_FOREVER, type FileAnswer, matches } from './media-files.js';
import type { MediaStorage } from './media-storage.js';

/** Avatars are shown this many pixels square (twice the largest size the app draws them). */
const AVATAR_SIZE = 256;
/** What an avatar may be made from: raster images a browser shows, never SVG or documents. */
const AVATAR_SOURCES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const AVATAR_NAME = /^[a-f0-9]{64}\.webp$/;
/** Beside the projects' folders (named by their UUIDs) in the same storage. */
const PREFIX = 'avatars/';
const PATH = '/media/avatars/';

/**
 * People's pictures in the media storage (local disk or S3): each upload becomes a 256×256 WebP
 * named by the hash of its owner and its bytes, so a name is never reused for other content and
 * can be cached forever. Implements what the accounts module needs (`AvatarImages`), and serves
 * `GET /media/avatars/:file` to anyone.
 */
export class AvatarFiles implements AvatarImages {
  constructor(
    private readonly deps: { storage: MediaStorage; images: ImageWorkers; config: Pick<Config, 'publicUrl'> },
  ) {}

  async store(ownerId: string, upload: Buffer): Promise<string> {
    const type = await fileTypeFromBuffer(upload);
    if (!type || !AVATAR_SOURCES.has(type.mime)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A picture must be a PNG, JPEG, WebP or GIF image');
    }
    const image = await this.deps.images.run(() => squareImage(upload, AVATAR_SIZE));
    const name = `${createHash('sha256').update(ownerId).update('\u0000').update(image).digest('hex')}.webp`;
    await this.deps.storage.putBuffer(`${PREFIX}${name}`, image, 'image/webp');
    return name;
  }

  async remove(name: string): Promise<void> {
    if (AVATAR_NAME.test(name)) await this.deps.storage.delete(`${PREFIX}${name}`);
  }

  urlOf(name: string): string {
    return `${this.deps.config.publicUrl}${PATH}${name}`;
  }

  nameIn(url: string): string | null {
    const prefix = `${this.deps.config.publicUrl}${PATH}`;
    const name = url.startsWith(prefix) ? url.slice(prefix.length) : null;
    return name !== null && AVATAR_NAME.test(name) ? name : null;
  }

  /** A stored avatar for anyone: its name carries its content, so it is cached forever. */
  async serve(name: string, ifNoneMatch: string | undefined): Promise<FileAnswer> {
    const etag = `"${name.slice(0, 32)}"`;
    const headers = {
      'cache-control': CACHE_FOREVER,
      etag,
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      // Pictures show on other sites too (a comment widget, an email).
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (!AVATAR_NAME.test(name)) throw notFound('Picture');
    // The bytes under a name never change: a client holding them needs nothing more.
    if (matches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
    const body = await this.deps.storage.read(`${PREFIX}${name}`);
    if (!body) throw notFound('Picture');
    return { status: 200, headers, body };
  }
}
