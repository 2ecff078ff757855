import type { ListMeta } from '@plinth/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/**
 * "21–40 of 130" with previous and next. The count is a live region, so moving through pages is
 * announced; `isFetching` keeps the buttons still while the next page loads.
 */
export function Pager({
  meta,
  noun,
  onPageChange,
  isFetching = false,
  isHiddenOnOnePage = false,
}: {
  meta: ListMeta;
  /** Plural, for the count: "users", "incidents". */
  noun: string;
  onPageChange: (page: number) => void;
  isFetching?: boolean;
  /** For a list whose count is already shown elsewhere: nothing until there are pages to move through. */
  isHiddenOnOnePage?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(meta.total / meta.limit));
  if (isHiddenOnOnePage && pages === 1) return null;
  const first = meta.total === 0 ? 0 : (meta.page - 1) * meta.limit + 1;
  const last = Math.min(meta.total, meta.page * meta.limit);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-slate-100 border-t px-5 py-3 text-sm">
      <p aria-live="polite" className="text-slate-600">
        {meta.total === 0 ? `No ${noun}` : `${first}–${last} of ${meta.total} ${noun}`}
      </p>
      {pages > 1 ? (
        <nav aria-label={`Pages of ${noun}`} className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={meta.page <= 1 || isFetching}
            onClick={() => onPageChange(meta.page - 1)}
          >
            <ChevronLeft className="size-4" aria-hidden />
            Previous
          </Button>
          <span className="text-slate-600 tabular-nums">
            Page {meta.page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={meta.page >= pages || isFetching}
            onClick={() => onPageChange(meta.page + 1)}
          >
            Next
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
