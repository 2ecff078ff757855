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
 * The public address of an asset's file (transforms add a query string).
 * @example assetUrl('https://cms.example.com', row) // https://cms.example.com/media/<project>/<asset>/photo.jpg
 */
export const assetUrl = (publicUrl: string, row: Pick<MediaAssetRow, 'project_id' | 'id' | 'filename'>): string =>
  `${publicUrl}/media/${encodeURIComponent(row.project_id)}/${encodeURIComponent(row.id)}/${encodeURIComponent(row.filename)}`;

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
