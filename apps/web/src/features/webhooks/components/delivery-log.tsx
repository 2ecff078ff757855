import { DELIVERY_STATUSES, type DeliveryStatus, type DeliverySummary, type Webhook } from '@plinth/contract';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Pager } from '../../../components/ui/pager';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, formatDuration, formatRelativeTime } from '../../../lib/format';
import { useDeliveries } from '../api/get-deliveries';
import { useRedeliver } from '../api/redeliver-delivery';
import { useDeliveryLogParams } from '../hooks/use-delivery-log-params';
import { useSettledAnnouncement } from '../hooks/use-settled-announcement';
import { DeliveryDetailDialog } from './delivery-detail-dialog';
import { DeliveryStatusBadge, HttpStatus } from './delivery-status';

const STATUS_LABEL: Record<DeliveryStatus, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

/** The columns of a row from `md` up; below that a row wraps into two lines. */
const ROW_GRID =
  'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 md:grid-cols-[minmax(0,1fr)_7rem_4.5rem_4.5rem_5rem_7rem_6.5rem]';

/** The id of the log's heading (a Card titled "Delivery log"), which the failure banner links to. */
export const DELIVERY_LOG_ID = 'card-delivery-log';

function LogSkeleton() {
  return (
    <div role="status" aria-label="Loading deliveries" className="divide-y divide-slate-100">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-6 px-5 py-3.5">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="hidden h-4 w-10 sm:block" />
          <Skeleton className="hidden h-4 w-24 md:block" />
          <Skeleton className="ml-auto h-7 w-24" />
        </div>
      ))}
    </div>
  );
}

function Row({
  delivery,
  onOpen,
  onRedeliver,
  isRedelivering,
}: {
  delivery: DeliverySummary;
  onOpen: () => void;
  onRedeliver: () => void;
  isRedelivering: boolean;
}) {
  const name = `${delivery.event} delivery #${delivery.sequence}`;
  const isRetrying = delivery.status === 'pending' && delivery.next_attempt_at !== null && delivery.attempt_count > 0;
  return (
    <li className={`${ROW_GRID} px-5 py-3 text-sm hover:bg-slate-50/70`}>
      <div className="min-w-0">
        <button
          type="button"
          onClick={onOpen}
          aria-label={`View ${name}`}
          className="rounded font-medium font-mono text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {delivery.event}
        </button>
        <span className="ml-2 text-slate-500 text-xs">#{delivery.sequence}</span>
      </div>
      {/* One line of facts under the event on small screens; its own columns from md up. */}
      <div className="col-start-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700 md:contents">
        <span className="inline-flex flex-col items-start gap-0.5">
          <DeliveryStatusBadge status={delivery.status} />
          {isRetrying && delivery.next_attempt_at ? (
            <span className="text-slate-500 text-xs" title={formatDateTime(delivery.next_attempt_at)}>
              Retry {formatRelativeTime(delivery.next_attempt_at)}
            </span>
          ) : null}
        </span>
        <span>
          <span className="md:sr-only">HTTP </span>
          <HttpStatus status={delivery.response_status} />
        </span>
        <span>
          {delivery.duration_ms !== null ? (
            formatDuration(delivery.duration_ms)
          ) : (
            <>
              <span aria-hidden>—</span>
              <span className="sr-only">no duration</span>
            </>
          )}
        </span>
        <span>
          {delivery.attempt_count} {delivery.attempt_count === 1 ? 'attempt' : 'attempts'}
        </span>
        <time dateTime={delivery.created_at} title={formatDateTime(delivery.created_at)}>
          {formatRelativeTime(delivery.created_at)}
        </time>
      </div>
      <div className="col-start-2 row-span-2 row-start-1 text-right md:col-start-auto md:row-span-1 md:row-start-auto">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Redeliver ${name}`}
          isLoading={isRedelivering}
          onClick={onRedeliver}
        >
          Redeliver
        </Button>
      </div>
    </li>
  );
}

/**
 * A webhook's deliveries, newest first and paged as the API pages them; read again every few
 * seconds while one on screen is pending. Each opens to its attempts; each can be sent again.
 * The filter, page and open delivery live in the URL.
 */
export function DeliveryLog({ projectId, webhook }: { projectId: string; webhook: Webhook }) {
  const { view, update } = useDeliveryLogParams();
  const { status, page, deliveryId } = view;
  const filterId = useId();
  const deliveries = useDeliveries(projectId, webhook.id, { page, status: status ?? undefined });
  const redeliver = useRedeliver();
  const announcement = useSettledAnnouncement(deliveries.data?.data);
  const items = deliveries.data?.data ?? [];
  const hasPending = items.some((delivery) => delivery.status === 'pending');

  const send = (id: string) => redeliver.mutate({ projectId, webhookId: webhook.id, deliveryId: id });
  const isSending = (id: string) => redeliver.isPending && redeliver.variables?.deliveryId === id;

  return (
    <Card
      title="Delivery log"
      description={
        hasPending ? (
          <span className="inline-flex items-center gap-1.5">
            <RefreshCw className="size-3.5 animate-spin text-indigo-600 motion-reduce:animate-none" aria-hidden />
            Some deliveries are pending; the log refreshes every few seconds.
          </span>
        ) : (
          'Every event sent to this URL, newest first. Open one for each attempt’s request, response and error.'
        )
      }
      actions={
        <>
          <label htmlFor={filterId} className="sr-only">
            Show deliveries
          </label>
          <select
            id={filterId}
            value={status ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              update({ status: value === '' ? null : (value as DeliveryStatus), page: 1 });
            }}
            className="rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-slate-900 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
          >
            <option value="">All statuses</option>
            {DELIVERY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABEL[value]}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            size="sm"
            isLoading={deliveries.isFetching && !deliveries.isPending}
            onClick={() => deliveries.refetch()}
          >
            Refresh
          </Button>
        </>
      }
      padded={false}
    >
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {deliveries.isPending ? (
        <LogSkeleton />
      ) : deliveries.isError ? (
        <div className="p-5">
          <LoadError
            title="We could not load the deliveries."
            error={deliveries.error}
            onRetry={() => deliveries.refetch()}
          />
        </div>
      ) : items.length === 0 ? (
        <div className="px-5 py-10 text-center">
          <p className="font-medium text-slate-900">
            {status ? `No ${STATUS_LABEL[status].toLowerCase()} deliveries` : 'No deliveries yet'}
          </p>
          <p className="mt-1 text-slate-600 text-sm">
            {status
              ? 'Other deliveries are hidden by the status filter.'
              : 'Deliveries appear here when an event this webhook listens to happens. Use “Send test” to send one now.'}
          </p>
          {status ? (
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => update({ status: null, page: 1 })}>
              Show all deliveries
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <div
            aria-hidden
            className={`${ROW_GRID} hidden bg-slate-50 px-5 py-2.5 font-medium text-slate-600 text-xs uppercase tracking-wide md:grid`}
          >
            <span>Event</span>
            <span>Status</span>
            <span>HTTP</span>
            <span>Duration</span>
            <span>Attempts</span>
            <span>Time</span>
            <span />
          </div>
          <ul aria-label="Deliveries" className="divide-y divide-slate-100">
            {items.map((delivery) => (
              <Row
                key={delivery.id}
                delivery={delivery}
                onOpen={() => update({ deliveryId: delivery.id })}
                onRedeliver={() => send(delivery.id)}
                isRedelivering={isSending(delivery.id)}
              />
            ))}
          </ul>
          <Pager
            meta={deliveries.data.meta}
            noun="deliveries"
            isFetching={deliveries.isFetching}
            isHiddenOnOnePage
            onPageChange={(next) => update({ page: next })}
          />
        </>
      )}
      <DeliveryDetailDialog
        projectId={projectId}
        webhookId={webhook.id}
        deliveryId={deliveryId}
        onClose={() => update({ deliveryId: null })}
        onRedeliver={send}
        isRedelivering={deliveryId !== null && isSending(deliveryId)}
      />
    </Card>
  );
}
