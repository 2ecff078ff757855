import type { Document, ListMeta } from '@plinth/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectDataKeys } from '../../../lib/project-queries';
import type { DocumentFilter, ListStatus, SortKey } from '../view';
import { formatSort } from '../view';

/** How many documents one request asks for (the API allows up to 100). */
export const DOCUMENTS_PAGE_SIZE = 50;

export interface DocumentPage {
  data: Document[];
  meta: ListMeta;
}

/** What the list asks the API for (the cursor aside). */
export interface DocumentListRequest {
  collection: string;
  q: string;
  sort: readonly SortKey[];
  filters: readonly DocumentFilter[];
  locale: string | null;
  status: ListStatus | null;
  /** Reference and media fields to resolve (the visible columns' ones). */
  populate: readonly string[];
}

export const documentKeys = {
  /** Every query of one collection's documents (lists, single documents). */
  collection: (projectId: string, collection: string) =>
    [...projectDataKeys.project(projectId), 'documents', collection] as const,
  lists: (projectId: string, collection: string) =>
    [...documentKeys.collection(projectId, collection), 'list'] as const,
  list: (projectId: string, request: DocumentListRequest) =>
    [...documentKeys.lists(projectId, request.collection), request] as const,
};

export function documentsPath(projectId: string, collection: string, rest = ''): string {
  return `/api/v1/projects/${encodeURIComponent(projectId)}/collections/${encodeURIComponent(collection)}/documents${rest}`;
}

/**
 * The list query of API.md for one page.
 * @example listQuery({ ...request, filters: [{ field: 'author.name', op: 'eq', value: 'Ada' }] }, null)
 *   // limit=50&filter[author.name][eq]=Ada…
 */
export function listQuery(request: DocumentListRequest, cursor: string | null, limit = DOCUMENTS_PAGE_SIZE) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  if (request.sort.length > 0) query.set('sort', formatSort(request.sort));
  if (request.q.trim()) query.set('q', request.q.trim());
  if (request.locale) query.set('locale', request.locale);
  if (request.status) query.set('status', request.status);
  if (request.populate.length > 0) query.set('populate', request.populate.join(','));
  for (const filter of request.filters) query.append(`filter[${filter.field}][${filter.op}]`, filter.value);
  return query;
}

export function getDocuments(
  projectId: string,
  request: DocumentListRequest,
  cursor: string | null,
  signal?: AbortSignal,
  limit?: number,
): Promise<DocumentPage> {
  return api.request(
    documentsPath(projectId, request.collection, `?${listQuery(request, cursor, limit)}`),
    signal ? { signal } : {},
  );
}

/** The list one page at a time, following `meta.next_cursor` (fast however deep the list goes). */
export const documentsQueryOptions = (projectId: string, request: DocumentListRequest) =>
  infiniteQueryOptions({
    queryKey: documentKeys.list(projectId, request),
    queryFn: ({ pageParam, signal }) => getDocuments(projectId, request, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    // The old rows stay (dimmed) while a new filter or sort loads, instead of a blank table.
    placeholderData: keepPreviousData,
  });

export function useDocuments(projectId: string, request: DocumentListRequest) {
  return useInfiniteQuery(documentsQueryOptions(projectId, request));
}
