import type { Webhook } from '@plinth/contract';
import { ChevronRight, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { projectPath } from '../../../lib/current-project';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useDeliveries } from '../api/get-deliveries';
import { useWebhooks } from '../api/get-webhooks';
import { ALL_EVENTS, eventsSummary } from '../events';
import { DeliveryStatusBadge } from './delivery-status';
import { WebhookStatusBadge } from './webhook-status';

function ListSkeleton() {
  return (
    <Card title="Endpoints" padded={false}>
      <div role="status" aria-label="Loading webhooks" className="divide-y divide-slate-100">
        {[0, 1, 2].map((row) => (
          <div key={row} className="space-y-2.5 px-5 py-4">
            <div className="flex items-center gap-3">
              <Skeleton className="h-4 w-full max-w-sm" />
              <Skeleton className="h-5 w-14 rounded-full" />
            </div>
            <Skeleton className="h-4 w-full max-w-md" />
          </div>
        ))}
      </div>
    </Card>
  );
}

/** The newest delivery of a webhook: one small request per row, shared with its log's cache. */
function LastDelivery({ projectId, webhookId }: { projectId: string; webhookId: string }) {
  const deliveries = useDeliveries(projectId, webhookId, { page: 1, limit: 1 });
  if (deliveries.isPending) return <Skeleton className="h-5 w-32 rounded-full" />;
  if (deliveries.isError) return <span>Last delivery unknown</span>;
  const last = deliveries.data.data[0];
  if (!last) return <span>No deliveries yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" title={formatDateTime(last.created_at)}>
      <span>Last delivery</span>
      <DeliveryStatusBadge status={last.status} />
      <span>
        <span className="font-mono">{last.event}</span> · {formatRelativeTime(last.created_at)}
      </span>
    </span>
  );
}

function Events({ webhook }: { webhook: Webhook }) {
  if (webhook.events.includes(ALL_EVENTS)) return <span>All events</span>;
  return (
    <span className="break-words font-mono" title={webhook.events.join(', ')}>
      {eventsSummary(webhook.events)}
    </span>
  );
}

/** The project's webhooks, newest first, each linking to its settings and delivery log. */
export function WebhookList({ projectId, onCreate }: { projectId: string; onCreate: () => void }) {
  const [page, setPage] = useState(1);
  const webhooks = useWebhooks(projectId, page);

  if (webhooks.isPending) return <ListSkeleton />;
  if (webhooks.isError) {
    return (
      <LoadError title="We could not load the webhooks." error={webhooks.error} onRetry={() => webhooks.refetch()} />
    );
  }
  const { data: items, meta } = webhooks.data;
  if (items.length === 0 && page === 1) {
    return (
      <EmptyState icon={WebhookIcon} title="No webhooks yet" action={<Button onClick={onCreate}>Add webhook</Button>}>
        A webhook tells another system the moment something changes here: rebuild a static site when a document is
        published, clear a CDN cache, or sync a search index. Plinth sends a signed POST to your URL for each event you
        choose.
      </EmptyState>
    );
  }

  return (
    <Card
      title="Endpoints"
      description={`${meta.total} ${meta.total === 1 ? 'webhook' : 'webhooks'}, newest first.`}
      padded={false}
    >
      <ul aria-label="Webhooks" className="divide-y divide-slate-100">
        {items.map((webhook) => (
          <li key={webhook.id} className="relative flex items-start gap-3 px-5 py-4 hover:bg-slate-50/70">
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="min-w-0 max-w-full">
                  {/* The link covers the row (after:inset-0), so the whole row opens the webhook. */}
                  <Link
                    to={projectPath(projectId, `webhooks/${webhook.id}`)}
                    className="block break-all font-medium font-mono text-indigo-700 text-sm after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {webhook.url}
                  </Link>
                </h3>
                <WebhookStatusBadge webhook={webhook} />
              </div>
              {webhook.description ? <p className="break-words text-slate-700 text-sm">{webhook.description}</p> : null}
              {!webhook.active && webhook.disabled_reason ? (
                <p className="break-words text-red-800 text-xs">{webhook.disabled_reason}</p>
              ) : null}
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-xs">
                <Events webhook={webhook} />
                <span className="break-words">
                  {webhook.collections ? `Collections: ${webhook.collections.join(', ')}` : 'All collections'}
                </span>
                <LastDelivery projectId={projectId} webhookId={webhook.id} />
              </div>
            </div>
            <ChevronRight className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
          </li>
        ))}
      </ul>
      <Pager meta={meta} noun="webhooks" isFetching={webhooks.isFetching} isHiddenOnOnePage onPageChange={setPage} />
    </Card>
  );
}
