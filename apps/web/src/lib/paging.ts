import type { ListMeta } from '@plinth/contract';

/**
 * The page after this one, or undefined on the last page: `getNextPageParam` of every paged list.
 * @example nextPage({ page: 1, limit: 100, total: 130 }) // 2
 */
export function nextPage(meta: ListMeta | undefined): number | undefined {
  return meta && meta.page * meta.limit < meta.total ? meta.page + 1 : undefined;
}
