import type { Invoice } from '@plinth/contract';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useInvoices } from '../api/get-invoices';
import { formatMoney, periodLabel } from '../utils/plans';

const STATUS: Record<Invoice['status'], { label: string; tone: 'success' | 'warning' }> = {
  paid: { label: 'Paid', tone: 'success' },
  open: { label: 'Open', tone: 'warning' },
};

const TH = 'px-4 py-2.5 font-medium text-slate-600 text-xs';
const TD = 'px-4 py-3 text-slate-800';

/**
 * The project's invoices, newest first, a page at a time (owners only). Enterprise is invoiced
 * by sales, outside this list.
 */
export function InvoiceList({ projectId, isEnterprise }: { projectId: string; isEnterprise: boolean }) {
  const [page, setPage] = useState(1);
  const invoices = useInvoices(projectId, page);
  const total = invoices.data?.meta.total ?? 0;

  let body: React.ReactNode;
  if (invoices.isPending) {
    body = (
      <div role="status" aria-label="Loading invoices" className="space-y-3 p-5">
        {[0, 1, 2].map((key) => (
          <div key={key} className="flex items-center gap-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-5 w-12 rounded-full" />
          </div>
        ))}
      </div>
    );
  } else if (invoices.isError) {
    body = (
      <div className="p-5">
        <LoadError title="We could not load the invoices." error={invoices.error} onRetry={() => invoices.refetch()} />
      </div>
    );
  } else if (invoices.data.data.length === 0) {
    body = (
      <div className="p-5">
        <EmptyState icon={Receipt} title="No invoices yet">
          {isEnterprise
            ? 'The Enterprise plan is invoiced by our sales team, by email.'
            : 'Invoices appear here once the project moves to a paid plan.'}
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <>
        {/* Narrow screens fold the date and period under the description, so nothing scrolls sideways. */}
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoices, newest first</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={`${TH} hidden sm:table-cell`}>
                Date
              </th>
              <th scope="col" className={TH}>
                Invoice
              </th>
              <th scope="col" className={`${TH} hidden md:table-cell`}>
                Period
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Amount
              </th>
              <th scope="col" className={TH}>
                Status
              </th>
            </tr>
          </thead>
          <tbody className={`divide-y divide-slate-100 ${invoices.isPlaceholderData ? 'opacity-60' : ''}`}>
            {invoices.data.data.map((invoice) => (
              <tr key={invoice.id}>
                <td className={`${TD} hidden whitespace-nowrap sm:table-cell`}>{formatDate(invoice.created_at)}</td>
                <th scope="row" className={`${TD} font-normal`}>
                  <span className="block break-words">{invoice.description}</span>
                  <span className="mt-0.5 block text-slate-500 text-xs md:hidden">
                    <span className="sm:hidden">{formatDate(invoice.created_at)} · </span>
                    {periodLabel(invoice.period.start, invoice.period.end)}
                  </span>
                </th>
                <td className={`${TD} hidden whitespace-nowrap text-slate-600 md:table-cell`}>
                  {periodLabel(invoice.period.start, invoice.period.end)}
                </td>
                <td className={`${TD} whitespace-nowrap text-right font-medium tabular-nums`}>
                  {formatMoney(invoice.amount_cents, invoice.currency)}
                </td>
                <td className={TD}>
                  <Badge tone={STATUS[invoice.status].tone}>{STATUS[invoice.status].label}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager
          meta={invoices.data.meta}
          noun="invoices"
          isFetching={invoices.isFetching}
          isHiddenOnOnePage
          onPageChange={setPage}
        />
      </>
    );
  }

  return (
    <Card
      title="Invoices"
      description={total > 0 ? `${total} ${total === 1 ? 'invoice' : 'invoices'}, newest first.` : undefined}
      padded={false}
    >
      {body}
    </Card>
  );
}
