import type { Webhook } from '@plinth/contract';
import { ArrowLeft, Send, Trash2, TriangleAlert, WebhookOff } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { isNotFound } from '../../../lib/api-client';
import { useBreadcrumb } from '../../../lib/breadcrumbs';
import { projectPath } from '../../../lib/current-project';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useDeliveries } from '../api/get-deliveries';
import { useWebhook } from '../api/get-webhook';
import { useTestWebhook } from '../api/test-webhook';
import { useSetWebhookActive } from '../api/update-webhook';
import { useDeliveryLogParams } from '../hooks/use-delivery-log-params';
import { DELIVERY_LOG_ID, DeliveryLog } from './delivery-log';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookSettings } from './webhook-settings';
import { WebhookStatusBadge } from './webhook-status';

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the webhook" className="space-y-6">
      <Skeleton className="h-8 w-full max-w-xl" />
      <Skeleton className="h-64" />
      <Skeleton className="h-80" />
    </div>
  );
}

/** A short name for a webhook: its URL's host (the full URL is shown under it). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Why the webhook is off, how many deliveries failed, and the way back: see them, fix, turn it on. */
function FailureBanner({ projectId, webhook }: { projectId: string; webhook: Webhook }) {
  const failed = useDeliveries(projectId, webhook.id, { page: 1, status: 'failed', limit: 1 });
  const setActive = useSetWebhookActive();
  const { update } = useDeliveryLogParams();
  const failedCount = failed.data?.meta.total ?? null;
  const showFailed = () => {
    update({ status: 'failed', page: 1, deliveryId: null });
    const log = document.getElementById(DELIVERY_LOG_ID);
    log?.scrollIntoView({ block: 'start' });
  };
  return (
    <section
      aria-labelledby="webhook-failure-heading"
      className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200 sm:flex-row sm:items-start"
    >
      <TriangleAlert className="size-5 shrink-0 text-red-700" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id="webhook-failure-heading" className="font-semibold text-red-900">
          Plinth turned this webhook off after repeated failures
        </h2>
        <p className="mt-1 break-words text-red-800">{webhook.disabled_reason}</p>
        <p className="mt-1 text-red-800">
          {failedCount !== null && failedCount > 0
            ? `${failedCount} ${failedCount === 1 ? 'delivery' : 'deliveries'} failed. `
            : null}
          Fix the receiver, send a test, then turn the webhook on again; failed deliveries can be sent again from the
          log.
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
        <Button size="sm" variant="secondary" onClick={showFailed}>
          Show failed deliveries
        </Button>
        <Button
          size="sm"
          isLoading={setActive.isPending}
          onClick={() => setActive.mutate({ projectId, webhookId: webhook.id, active: true })}
        >
          Turn on again
        </Button>
      </div>
    </section>
  );
}

/** A webhook's page: its settings, test and delete, and its delivery log. */
export function WebhookDetail({
  projectId,
  webhookId,
  onDeleted,
}: {
  projectId: string;
  webhookId: string;
  onDeleted: () => void;
}) {
  const query = useWebhook(projectId, webhookId);
  const webhook = query.data?.data;
  useBreadcrumb(webhook ? hostOf(webhook.url) : undefined);
  const sendTest = useTestWebhook();
  const remove = useDeleteWebhook();
  const { update: updateLog } = useDeliveryLogParams();
  const [isEditing, setEditing] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const listPath = projectPath(projectId, 'webhooks');

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <EmptyState
          icon={WebhookOff}
          title="This webhook does not exist"
          action={<ButtonLink to={listPath}>See all webhooks</ButtonLink>}
        >
          It may have been deleted, or the link is for another project.
        </EmptyState>
      );
    }
    return (
      <div className="space-y-6">
        <PageHeading title="Webhook" />
        <LoadError title="We could not load this webhook." error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  if (!webhook) return null;

  return (
    <div className="space-y-6">
      <ButtonLink to={listPath} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft className="size-4" aria-hidden />
        All webhooks
      </ButtonLink>
      <PageHeading
        title={hostOf(webhook.url)}
        description={
          <div className="space-y-2">
            <div className="flex items-start gap-2">
              <code className="min-w-0 break-all font-mono text-slate-800 text-sm leading-6">{webhook.url}</code>
              <CopyButton value={webhook.url} label="Copy URL" />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <WebhookStatusBadge webhook={webhook} />
              {webhook.description ? <span className="break-words">{webhook.description}</span> : null}
            </div>
          </div>
        }
        actions={
          <>
            <Button
              variant="secondary"
              isLoading={sendTest.isPending}
              onClick={() =>
                sendTest.mutate(
                  { projectId, webhookId: webhook.id },
                  // The new ping goes to the top of the log: show the log's first page, unfiltered.
                  { onSuccess: () => updateLog({ status: null, page: 1 }) },
                )
              }
            >
              {sendTest.isPending ? null : <Send className="size-4" aria-hidden />}
              Send test
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(true)}>
              <Trash2 className="size-4 text-red-600" aria-hidden />
              Delete
            </Button>
          </>
        }
      />
      {!webhook.active && webhook.disabled_reason ? <FailureBanner projectId={projectId} webhook={webhook} /> : null}
      <WebhookSettings projectId={projectId} webhook={webhook} onEdit={() => setEditing(true)} />
      <DeliveryLog projectId={projectId} webhook={webhook} />
      <WebhookFormDialog
        projectId={projectId}
        webhook={webhook}
        isOpen={isEditing}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
      <ConfirmDialog
        isOpen={isDeleting}
        title="Delete this webhook?"
        description={
          <>
            Plinth stops sending events to <span className="break-all font-medium text-slate-800">{webhook.url}</span>{' '}
            and deletes its delivery log. This cannot be undone.
          </>
        }
        confirmLabel="Delete webhook"
        isPending={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate({ projectId, webhookId: webhook.id }, { onSuccess: onDeleted })}
      />
    </div>
  );
}
