import { createHash } from 'node:crypto';
import type { Asset, AssetAlt } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { MediaAssetRow } from '../../db/schema.js';

/** How an asset is presented: `locale` picks the alt text (`*` returns every locale's). */
export interface AssetView {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  locale: string;
  defaultLocale: string;
}

export type AltTexts = Record<string, string>;

export const altTexts = (row: Pick<MediaAssetRow, 'alt'>): AltTexts => parseJson<AltTexts>(row.alt) ?? {};

/**
 * A short tag of the focal point (null without one). Cover crops follow the focal point, so
 * `url` carries it as `?v=`: a new focal point gives every crop URL a new address, and each
 * address keeps the bytes it was cached with. Rounded as variant names round it.
 * @example cropVersion({ focal_x: 0.25, focal_y: 0.75 }) // '3f9c2a1b'
 */
export function cropVersion(row: Pick<MediaAssetRow, 'focal_x' | 'focal_y'>): string | null {
  if (row.focal_x === null || row.focal_y === null) return null;
  const point = `${Number(row.focal_x).toFixed(4)}_${Number(row.focal_y).toFixed(4)}`;
  return createHash('sha256').update(point).digest('hex').slice(0, 8);
}

/**
 * The public address of an asset's file, with `?v=` once it has a focal point (transforms add
 * their parameters to it).
 * @example assetUrl('https://cms.example.com', row) // https://cms.example.com/media/<project>/<asset>/photo.jpg
 */
export function assetUrl(
  publicUrl: string,
  row: Pick<MediaAssetRow, 'project_id' | 'id' | 'filename' | 'focal_x' | 'focal_y'>,
): string {
  const path = `${publicUrl}/media/${encodeURIComponent(row.project_id)}/${encodeURIComponent(row.id)}/${encodeURIComponent(row.filename)}`;
  const version = cropVersion(row);
  return version === null ? path : `${path}?v=${version}`;
}

function altFor(texts: AltTexts, view: AssetView): AssetAlt {
  if (view.locale === '*') return texts;
  return texts[view.locale] ?? texts[view.defaultLocale] ?? null;
}

/**
 * A stored asset as the API shows it (the `Asset` of API.md), also used by documents to
 * populate media fields.
 * @example toAsset(row, { publicUrl: config.publicUrl, locale: 'es', defaultLocale: 'en' })
 */
export const toAsset = (row: MediaAssetRow, view: AssetView): Asset => ({
  id: row.id,
  filename: row.filename,
  mime_type: row.mime_type,
  size: Number(row.size),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
  alt: altFor(altTexts(row), view),
  folder: row.folder,
  url: assetUrl(view.publicUrl, row),
  created_at: row.created_at,
  created_by: row.created_by,
  focal_point: row.focal_x === null || row.focal_y === null ? null : { x: Number(row.focal_x), y: Number(row.focal_y) },
  dominant_color: row.dominant_color,
});
