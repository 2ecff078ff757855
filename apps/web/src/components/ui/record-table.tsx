import type { ReactNode } from 'react';

const TH = 'px-5 py-3 text-left font-medium text-slate-600 text-xs uppercase tracking-wide';

export interface RecordTableColumn {
  label: string;
  /** Numbers line up on the right. */
  align?: 'right';
}

/**
 * A table of records that scrolls sideways below `minWidthClass` instead of squeezing, with a
 * caption for screen readers. While another page loads (`isStale`) its rows dim and it is busy.
 */
export function RecordTable({
  caption,
  columns,
  minWidthClass,
  isStale = false,
  children,
}: {
  caption: string;
  columns: readonly RecordTableColumn[];
  /** A Tailwind class, e.g. `min-w-[36rem]`. */
  minWidthClass: string;
  isStale?: boolean;
  /** The rows (`<tr>`). */
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto">
      <table className={`w-full ${minWidthClass} text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-slate-100 border-b bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.align === 'right' ? `${TH} text-right` : TH}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          className={`divide-y divide-slate-100 ${isStale ? '*:opacity-60' : ''}`}
          aria-busy={isStale || undefined}
        >
          {children}
        </tbody>
      </table>
    </div>
  );
}
