import { type SelectQueryBuilder, sql } from 'kysely';
import type { Page } from '../lib/pagination.js';

/**
 * One page of a list and how many rows the whole list holds. `query` is the list, selected and
 * ordered; the count runs the same query without its selection and order, so both always
 * agree on what the list is.
 * @example const { rows, total } = await listPage(db.selectFrom('webhooks').selectAll().orderBy('id'), page);
 */
export async function listPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: Pick<Page, 'limit' | 'offset'>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    query.limit(page.limit).offset(page.offset).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('total'))
      .$castTo<{ total: number }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
