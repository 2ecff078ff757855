import type { Invoice } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from './get-billing';

export const INVOICES_PER_PAGE = 10;

export interface InvoiceList {
  data: Invoice[];
  meta: { total: number; page: number; limit: number };
}

/** The project's invoices, newest first, a page at a time (owners only). */
export function getInvoices({
  projectId,
  page,
  signal,
}: {
  projectId: string;
  page: number;
  signal?: AbortSignal;
}): Promise<InvoiceList> {
  const search = new URLSearchParams({ page: String(page), limit: String(INVOICES_PER_PAGE) });
  return api.request<InvoiceList>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/billing/invoices?${search}`,
    signal ? { signal } : {},
  );
}

export const invoicesQueryOptions = (projectId: string, page: number) =>
  queryOptions({
    queryKey: billingKeys.invoices(projectId, page),
    queryFn: ({ signal }) => getInvoices({ projectId, page, signal }),
    placeholderData: keepPreviousData,
  });

export function useInvoices(projectId: string, page: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...invoicesQueryOptions(projectId, page), enabled: options.enabled ?? true });
}
