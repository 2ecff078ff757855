import type { Asset } from '@plinth/contract';
import { formatBytes } from '../../../lib/format';

/** "1200 × 675" for images and videos that have a size, else null. */
export function dimensionsOf(asset: Pick<Asset, 'width' | 'height'>): string | null {
  return asset.width && asset.height ? `${asset.width} × ${asset.height}` : null;
}

/** The line under a thumbnail: "1200 × 675 · 61.2 KB". */
export function factsOf(asset: Asset): string {
  return [dimensionsOf(asset), formatBytes(asset.size)].filter(Boolean).join(' · ');
}
