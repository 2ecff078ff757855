import type { ListMeta } from '@plinth/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ListSkeleton } from './list-skeleton';
import { Pager } from './pager';
import { LoadError } from './query-state';

/**
 * The body of a card (`padded={false}`) holding one page of a list the API pages: a skeleton
 * while it loads, the error with a retry, `empty` when there is nothing (or a way back to the
 * first page past the last one), else `children` with the page's items and the pager.
 */
export function PagedList<Page extends { data: unknown[]; meta: ListMeta }>({
  query,
  noun,
  loadingLabel,
  skeletonRows = 5,
  errorTitle,
  emptyIcon,
  empty,
  onPageChange,
  isPagerHiddenOnOnePage = false,
  children,
}: {
  query: UseQueryResult<Page>;
  /** Plural, for the pager's count: "users", "incidents". */
  noun: string;
  loadingLabel: string;
  skeletonRows?: number;
  errorTitle: string;
  emptyIcon: LucideIcon;
  empty: { title: string; children?: ReactNode; action?: ReactNode };
  onPageChange: (page: number) => void;
  /** For a list whose count is already shown elsewhere (see Pager). */
  isPagerHiddenOnOnePage?: boolean;
  children: (items: Page['data'], meta: ListMeta) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={loadingLabel} rows={skeletonRows} />;
  if (query.isError) {
    return (
      <div className="p-5">
        <LoadError title={errorTitle} error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  const { data: items, meta } = query.data;
  if (items.length === 0) {
    return (
      <div className="p-5">
        {meta.page > 1 ? (
          <EmptyState
            icon={emptyIcon}
            title="Nothing on this page"
            action={
              <Button variant="secondary" onClick={() => onPageChange(1)}>
                Go to the first page
              </Button>
            }
          />
        ) : (
          <EmptyState icon={emptyIcon} title={empty.title} action={empty.action}>
            {empty.children}
          </EmptyState>
        )}
      </div>
    );
  }
  return (
    <>
      {children(items, meta)}
      <Pager
        meta={meta}
        noun={noun}
        isFetching={query.isFetching}
        isHiddenOnOnePage={isPagerHiddenOnOnePage}
        onPageChange={onPageChange}
      />
    </>
  );
}
