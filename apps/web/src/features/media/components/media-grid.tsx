import type { Asset } from '@plinth/contract';
import { factsOf } from './asset-facts';
import { AssetPreview } from './asset-preview';
import { SelectCheckbox } from './select-checkbox';

/** The thumbnails' drawn width at each breakpoint of the grid below (2, 3, 4, 5, 6 columns). */
const GRID_SIZES =
  '(min-width: 1536px) 200px, (min-width: 1280px) 190px, (min-width: 1024px) 180px, (min-width: 640px) 30vw, 45vw';

export interface AssetCollectionProps {
  assets: readonly Asset[];
  selected: ReadonlyMap<string, Asset>;
  /** Null when the member may not tick anything (viewers). */
  onToggle: ((input: { index: number; isRange: boolean }) => void) | null;
  onOpen: (asset: Asset) => void;
}

/** The assets as thumbnails: each opens its details; a tick box for bulk actions. */
export function MediaGrid({ assets, selected, onToggle, onOpen }: AssetCollectionProps) {
  return (
    <ul
      aria-label="Media files"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6"
    >
      {assets.map((asset, index) => {
        const isSelected = selected.has(asset.id);
        return (
          <li
            key={asset.id}
            className={`group relative min-w-0 overflow-hidden rounded-xl bg-white shadow-sm ring-inset transition ${isSelected ? 'ring-2 ring-indigo-600' : 'ring-1 ring-slate-200 hover:ring-slate-300'}`}
          >
            <button
              type="button"
              onClick={() => onOpen(asset)}
              className="block w-full text-left focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:-outline-offset-2"
            >
              <AssetPreview
                asset={asset}
                sizes={GRID_SIZES}
                isDecorative
                className="aspect-square w-full bg-slate-100"
              />
              <span className="block truncate px-3 pt-2 font-medium text-slate-900 text-sm" title={asset.filename}>
                {asset.filename}
              </span>
            </button>
            <p className="truncate px-3 pt-0.5 pb-2.5 text-slate-600 text-xs">{factsOf(asset)}</p>
            {onToggle ? (
              <span
                className={`absolute top-2 left-2 flex rounded-md bg-white/95 p-1.5 shadow-sm ring-1 ring-slate-200 transition focus-within:opacity-100 group-hover:opacity-100 ${selected.size > 0 || isSelected ? 'opacity-100' : 'opacity-100 sm:opacity-0'}`}
              >
                <SelectCheckbox
                  label={`Select ${asset.filename}`}
                  isChecked={isSelected}
                  onToggle={({ isRange }) => onToggle({ index, isRange })}
                />
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
