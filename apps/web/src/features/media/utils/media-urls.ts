import type { Asset, MediaFit, MediaFormat, MediaKind } from '@plinth/contract';

/** Widths the thumbnails are offered in; the browser picks one with `sizes`. */
export const THUMBNAIL_WIDTHS = [200, 400, 800] as const;

/** Raster images the server can resize and convert (SVG is served as it is). */
export function isTransformable(asset: Pick<Asset, 'mime_type'>): boolean {
  return /^image\/(png|jpeg|webp|avif|gif|tiff)$/.test(asset.mime_type);
}

/** What the list's `type` filter would call the asset. */
export function kindOf(mimeType: string): MediaKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * The asset's URL with image transforms, keeping its own parameters (the focal point's `v`).
 * @example transformUrl(asset, { w: 400, format: 'webp' }) // 'https://…/photo.jpg?v=3f9c2a1b&w=400&format=webp'
 */
export function transformUrl(
  asset: Pick<Asset, 'url'>,
  transform: { w?: number; h?: number; fit?: MediaFit; format?: MediaFormat; q?: number },
): string {
  const url = new URL(asset.url, typeof window === 'undefined' ? 'http://localhost' : window.location.href);
  for (const [name, value] of Object.entries(transform)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/**
 * `src` and `srcSet` for an image at the widths it has (the server never enlarges, so a wider
 * variant would be the same picture under a wrong descriptor).
 */
export function imageSources(
  asset: Pick<Asset, 'url' | 'width' | 'mime_type'>,
  widths: readonly number[] = THUMBNAIL_WIDTHS,
): { src: string; srcSet?: string } {
  if (!isTransformable(asset)) return { src: asset.url };
  const own = asset.width ?? Number.POSITIVE_INFINITY;
  const fitting = widths.filter((width) => width < own);
  // A narrower image than the widest variant is offered at its own width too.
  const offered = own <= Math.max(...widths) ? [...fitting, own] : fitting;
  const srcSet = offered.map((width) => `${transformUrl(asset, { w: width, format: 'webp' })} ${width}w`).join(', ');
  const middle = offered[Math.min(1, offered.length - 1)] ?? widths[0];
  return { src: transformUrl(asset, { w: middle, format: 'webp' }), srcSet };
}
