import type { ListMeta, PageQuery } from '@plinth/contract';

export const DEFAULT_LIMIT = 25;

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

/**
 * Page numbers as the API takes them (1-based, `limit` up to 100) turned into SQL terms.
 * @example pageOf({ page: 2, limit: 10 }) // { page: 2, limit: 10, offset: 10 }
 */
export function pageOf(query: PageQuery): Page {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}

export const listMeta = (page: Page, total: number): ListMeta => ({ total, page: page.page, limit: page.limit });
