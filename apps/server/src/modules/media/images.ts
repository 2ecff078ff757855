import type { FocalPoint, MediaFit, MediaFormat } from '@plinth/contract';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../../lib/errors.js';
import { lazy } from '../../lib/lazy.js';
import { Semaphore, SemaphoreFullError } from '../../lib/semaphore.js';

/**
 * The most pixels an image may declare (100 megapixels, e.g. 10000×10000). Larger ones are
 * refused before any decoding: a small compressed file can declare billions of pixels (a
 * decompression bomb) and would take gigabytes of memory to decode.
 */
export const MAX_INPUT_PIXELS = 100_000_000;
/** A transform that takes longer than this is abandoned (pathological inputs). */
const TRANSFORM_TIMEOUT_SECONDS = 30;

/** How many images one pool decodes at once, and how many more may wait in its line. */
export interface PoolSize {
  concurrency: number;
  /** Beyond this many waiting, a request is answered 429 at once rather than queued. */
  queue: number;
}

/** Transforms of public file URLs (anyone can ask for them). */
export const TRANSFORM_POOL: PoolSize = { concurrency: 2, queue: 100 };
/**
 * Measurements of uploads, in a pool of their own: anonymous transform traffic can fill the
 * transform line, but never make a project's uploads wait or fail.
 */
export const UPLOAD_POOL: PoolSize = { concurrency: 2, queue: 100 };

/**
 * A bound on sharp work: a burst of uploads or transforms cannot decode more than `concurrency`
 * images of one pool at a time, so memory stays bounded.
 * @example const output = await workers.run(() => transformImage(file, spec));
 */
export class ImageWorkers {
  private readonly semaphore: Semaphore;

  constructor(size: PoolSize = TRANSFORM_POOL) {
    this.semaphore = new Semaphore(size.concurrency, size.queue);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.semaphore.run(task);
    } catch (error) {
      if (!(error instanceof SemaphoreFullError)) throw error;
      throw new AppError('RATE_LIMITED', 'Too many images are being processed; try again shortly', undefined, {
        'retry-after': '1',
      });
    }
  }

  /** Images being decoded now and waiting, for tests and metrics. */
  get load(): { active: number; waiting: number } {
    return this.semaphore.load;
  }
}

/** sharp (libvips) loads with the first image: a delivery-only server never holds it. */
export const loadSharp = lazy(async () => {
  const { default: sharp } = await import('sharp');
  // libvips' operation cache keeps decoded images around; a server sees too many different ones.
  sharp.cache(false);
  return sharp;
});

export interface ImageInfo {
  width: number;
  height: number;
  /** `#rrggbb`, a placeholder colour to show while the image loads. */
  dominantColor: string | null;
}

const tooLarge = (width: number, height: number) =>
  new AppError(
    'VALIDATION_FAILED',
    `The image is ${width}×${height} pixels; images may have at most ${MAX_INPUT_PIXELS.toLocaleString('en')} pixels`,
    [{ path: 'file', message: `must have at most ${MAX_INPUT_PIXELS} pixels` }],
  );

const unreadable = () =>
  new AppError('VALIDATION_FAILED', 'The image could not be read; the file may be damaged', [
    { path: 'file', message: 'is not a readable image' },
  ]);

/** Width and height as displayed: EXIF orientations 5–8 turn the image a quarter. */
const displaySize = (metadata: Metadata): { width: number; height: number } => ({
  width: metadata.autoOrient?.width ?? metadata.width,
  height: metadata.autoOrient?.height ?? metadata.height,
});

/**
 * An image's header, read without decoding a pixel (so even a bomb is safe to measure); a 400
 * for files that are not readable images or declare more than MAX_INPUT_PIXELS.
 */
async function checkedMetadata(input: string | Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const raw = { width: metadata.width ?? 0, height: metadata.height ?? 0 };
  if (raw.width * raw.height > MAX_INPUT_PIXELS) throw tooLarge(raw.width, raw.height);
  return metadata;
}

/**
 * Reads an image's header (never decoding more than MAX_INPUT_PIXELS) and its dominant colour.
 * Throws a 400 for decompression bombs and unreadable files.
 * @example const { width, height, dominantColor } = await readImageInfo('/tmp/upload');
 */
export async function readImageInfo(input: string | Buffer): Promise<ImageInfo> {
  const sharp = await loadSharp();
  const { width, height } = displaySize(await checkedMetadata(input));
  let dominantColor: string | null = null;
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(64, 64, { fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { dominant } = await sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    }).stats();
    dominantColor = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  } catch {
    throw unreadable();
  }
  return { width, height, dominantColor };
}

export interface TransformSpec {
  width: number | null;
  height: number | null;
  fit: MediaFit;
  format: MediaFormat;
  quality: number | null;
  /** Honoured by cover crops that set both width and height. */
  focalPoint: FocalPoint | null;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

function encode(image: Sharp, format: MediaFormat, quality: number | null): Sharp {
  const q = quality ?? undefined;
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: q, mozjpeg: true });
    case 'webp':
      return image.webp({ quality: q });
    case 'avif':
      // A lower effort keeps encoding time (and so the transform semaphore) short.
      return image.avif({ quality: q, effort: 2 });
    case 'png':
      return image.png();
  }
}

/**
 * The box to resize to, so that the image is never enlarged. Past the image's own size the
 * requested box shrinks, keeping its proportions, until the image fills it (cover) or fits it
 * (contain, inside) at its own resolution: a 400×200 image asked for 4096×4096 gives a 200×200
 * cover crop, a 400×400 contain box and a 400×200 inside fit; `w=4096` alone gives 400×200.
 * @example boxWithin({ width: 400, height: 200 }, 4096, 4096, 'cover') // { width: 200, height: 200 }
 */
export function boxWithin(
  size: { width: number; height: number },
  width: number | null,
  height: number | null,
  fit: MediaFit,
): { width: number | null; height: number | null } {
  const ratios = [width === null ? null : width / size.width, height === null ? null : height / size.height].filter(
    (ratio): ratio is number => ratio !== null,
  );
  if (ratios.length === 0) return { width, height };
  // The factor by which the image would be scaled to meet the box.
  const scale = fit === 'cover' ? Math.max(...ratios) : Math.min(...ratios);
  if (scale <= 1) return { width, height };
  const shrink = (side: number | null) => (side === null ? null : Math.max(1, Math.round(side / scale)));
  return { width: shrink(width), height: shrink(height) };
}

/**
 * Resizes and re-encodes an image, never enlarging it (see `boxWithin`). A cover crop with a
 * focal point keeps that point in view: the image is scaled to cover the box and the box is
 * placed around the point.
 * @example await transformImage(file, { width: 400, height: 300, fit: 'cover', format: 'webp', quality: 80, focalPoint: { x: 0.2, y: 0.5 } })
 */
export async function transformImage(input: string | Buffer, spec: TransformSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  const open = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().timeout({ seconds: TRANSFORM_TIMEOUT_SECONDS });
  try {
    let image = open();
    if (spec.width !== null || spec.height !== null) {
      const size = displaySize(await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
      const { width, height } = boxWithin(size, spec.width, spec.height, spec.fit);
      if (width !== null && height !== null && spec.fit === 'cover' && spec.focalPoint) {
        const scale = Math.max(width / size.width, height / size.height);
        const scaledWidth = Math.max(width, Math.round(size.width * scale));
        const scaledHeight = Math.max(height, Math.round(size.height * scale));
        const left = clamp(Math.round(spec.focalPoint.x * scaledWidth - width / 2), 0, scaledWidth - width);
        const top = clamp(Math.round(spec.focalPoint.y * scaledHeight - height / 2), 0, scaledHeight - height);
        image = image.resize(scaledWidth, scaledHeight, { fit: 'fill' }).extract({ left, top, width, height });
      } else {
        image = image.resize(width, height, {
          fit: spec.fit,
          withoutEnlargement: true,
          background: { r: 255, g: 255, b: 255, alpha: spec.format === 'jpeg' ? 1 : 0 },
        });
      }
    }
    return await encode(image, spec.format, spec.quality).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `This image has more than ${MAX_INPUT_PIXELS.toLocaleString('en')} pixels and cannot be transformed`,
      );
    }
    throw new AppError('VALIDATION_FAILED', 'This image could not be transformed; the file may be damaged');
  }
}

/**
 * A square picture of `size`×`size` WebP pixels from any raster image: turned upright as its
 * EXIF orientation says, cropped around its centre and scaled (up too) to fill the square. A 400
 * for damaged files and decompression bombs.
 * @example const avatar = await squareImage(upload, 256);
 */
export async function squareImage(input: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  await checkedMetadata(input);
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .timeout({ seconds: TRANSFORM_TIMEOUT_SECONDS })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
}
