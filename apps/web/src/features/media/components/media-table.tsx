import { formatBytes, formatDate, formatDateTime } from '../../../lib/format';
import { dimensionsOf } from './asset-facts';
import { AssetPreview, typeLabel } from './asset-preview';
import type { AssetCollectionProps } from './media-grid';
import { SelectCheckbox } from './select-checkbox';

const TH = 'px-3 py-2.5 text-left font-medium text-slate-600 text-xs uppercase tracking-wide';
const TD = 'px-3 py-2.5';

/** The assets as rows: name, type, size, dimensions, folder and date; the name opens the details. */
export function MediaTable({
  assets,
  selected,
  onToggle,
  onOpen,
  onSelectAll,
}: AssetCollectionProps & { onSelectAll: ((isSelected: boolean) => void) | null }) {
  const count = assets.filter((asset) => selected.has(asset.id)).length;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-sm md:min-w-[44rem]">
        <caption className="sr-only">Media files</caption>
        <thead className="border-slate-100 border-b bg-slate-50">
          <tr>
            {onSelectAll ? (
              <th scope="col" className={`${TH} w-10 pl-4`}>
                <SelectCheckbox
                  label="Select all files on this page"
                  isChecked={count > 0 && count === assets.length}
                  isIndeterminate={count > 0 && count < assets.length}
                  onToggle={() => onSelectAll(count < assets.length)}
                />
              </th>
            ) : null}
            <th scope="col" className={`${TH} ${onSelectAll ? '' : 'pl-4'}`}>
              Name
            </th>
            <th scope="col" className={`${TH} hidden md:table-cell`}>
              Type
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Size
            </th>
            <th scope="col" className={`${TH} hidden md:table-cell`}>
              Dimensions
            </th>
            <th scope="col" className={`${TH} hidden sm:table-cell`}>
              Folder
            </th>
            <th scope="col" className={`${TH} hidden pr-4 md:table-cell`}>
              Added
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {assets.map((asset, index) => {
            const isSelected = selected.has(asset.id);
            return (
              <tr key={asset.id} className={isSelected ? 'bg-indigo-50/60' : 'hover:bg-slate-50/70'}>
                {onToggle ? (
                  <td className={`${TD} pl-4`}>
                    <SelectCheckbox
                      label={`Select ${asset.filename}`}
                      isChecked={isSelected}
                      onToggle={({ isRange }) => onToggle({ index, isRange })}
                    />
                  </td>
                ) : null}
                <td className={`${TD} ${onToggle ? '' : 'pl-4'} max-w-[14rem] sm:max-w-[22rem]`}>
                  <div className="flex items-center gap-3">
                    <AssetPreview
                      asset={asset}
                      sizes="40px"
                      isDecorative
                      isCompact
                      className="size-10 shrink-0 rounded-md"
                    />
                    <button
                      type="button"
                      onClick={() => onOpen(asset)}
                      title={asset.filename}
                      className="min-w-0 truncate rounded text-left font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      {asset.filename}
                    </button>
                  </div>
                </td>
                <td className={`${TD} hidden text-slate-700 md:table-cell`}>
                  <span title={asset.mime_type}>{typeLabel(asset)}</span>
                </td>
                <td className={`${TD} whitespace-nowrap text-right text-slate-700 tabular-nums`}>
                  {formatBytes(asset.size)}
                </td>
                <td className={`${TD} hidden whitespace-nowrap text-slate-700 tabular-nums md:table-cell`}>
                  {dimensionsOf(asset) ?? '—'}
                </td>
                <td
                  className={`${TD} max-w-[6rem] truncate text-slate-700 sm:max-w-[10rem]`}
                  title={asset.folder ?? undefined}
                >
                  {asset.folder ?? <span className="text-slate-500">—</span>}
                </td>
                <td className={`${TD} hidden whitespace-nowrap pr-4 text-slate-700 md:table-cell`}>
                  <time dateTime={asset.created_at} title={formatDateTime(asset.created_at)}>
                    {formatDate(asset.created_at)}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
