import type { Incident } from '@plinth/contract';
import { CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { BackLink, DetailLoadError, DetailTitle } from '../../../components/ui/detail-page';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBreadcrumb } from '../../../lib/breadcrumbs';
import { formatDateTime, formatElapsed, formatRelativeTime } from '../../../lib/format';
import { useDeleteIncident } from '../api/delete-incident';
import { useIncident } from '../api/get-incident';
import { IncidentBadges } from './incident-badges';
import { EditIncidentDialog, ResolveIncidentDialog } from './incident-dialogs';
import { IncidentUpdateForm } from './incident-update-form';
import { INCIDENT_STATUS } from './labels';

type OpenDialog = 'edit' | 'resolve' | 'delete' | null;

function Timeline({ incident }: { incident: Incident }) {
  // The contract lists the timeline oldest first; people read the newest first.
  const updates = [...incident.updates].reverse();
  return (
    <ol aria-label="Timeline" className="space-y-0">
      {updates.map((update, index) => {
        const isFirst = index === updates.length - 1;
        return (
          <li key={update.id} className="relative pb-6 pl-7 last:pb-0">
            {index < updates.length - 1 ? (
              <span aria-hidden className="absolute top-3 bottom-0 left-[0.4375rem] w-px bg-slate-200" />
            ) : null}
            <span
              aria-hidden
              className={`absolute top-1.5 left-0 size-3.5 rounded-full ring-4 ring-white ${
                update.status === 'resolved'
                  ? 'bg-emerald-500'
                  : update.status === 'outage'
                    ? 'bg-red-500'
                    : 'bg-amber-500'
              }`}
            />
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge tone={INCIDENT_STATUS[update.status].tone}>{INCIDENT_STATUS[update.status].label}</Badge>
              <time
                dateTime={update.created_at}
                className="text-slate-600 text-xs"
                title={formatRelativeTime(update.created_at)}
              >
                {formatDateTime(update.created_at)}
              </time>
              {isFirst ? <span className="text-slate-500 text-xs">· Opened</span> : null}
            </div>
            <p className="mt-1.5 whitespace-pre-wrap break-words text-slate-800 text-sm">{update.message}</p>
          </li>
        );
      })}
    </ol>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the incident…" className="space-y-6">
      <Skeleton className="h-4 w-32" />
      <div className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-64 lg:col-span-3" />
        <Skeleton className="h-64 lg:col-span-2" />
      </div>
      <span className="sr-only">Loading the incident…</span>
    </div>
  );
}

/** One incident: what visitors see of it, its timeline, and what an admin can do with it. */
export function IncidentDetail({
  incidentId,
  backTo,
  onDeleted,
}: {
  incidentId: string;
  backTo: { search: string };
  onDeleted: () => void;
}) {
  const query = useIncident(incidentId);
  const incident = query.data?.data;
  const remove = useDeleteIncident();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  useBreadcrumb(incident?.title);

  const back = <BackLink to={backTo}>All incidents</BackLink>;

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError || !incident) {
    return (
      <div className="space-y-4">
        {back}
        <DetailLoadError
          error={query.error}
          onRetry={() => query.refetch()}
          errorTitle="Could not load the incident"
          missingTitle="This incident does not exist"
        >
          It may have been deleted. The list has every incident there is.
        </DetailLoadError>
      </div>
    );
  }

  const isResolved = incident.status === 'resolved';
  return (
    <div className="space-y-6">
      {back}
      <section aria-labelledby="incident-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0 space-y-2">
            <DetailTitle id="incident-title">{incident.title}</DetailTitle>
            <IncidentBadges incident={incident} />
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-500">Started</dt>
              <dd className="text-slate-800">
                <time dateTime={incident.created_at}>{formatDateTime(incident.created_at)}</time>
              </dd>
              <dt className="text-slate-500">Resolved</dt>
              <dd className="text-slate-800">
                {incident.resolved_at ? (
                  <>
                    <time dateTime={incident.resolved_at}>{formatDateTime(incident.resolved_at)}</time> (lasted{' '}
                    {formatElapsed(incident.created_at, incident.resolved_at)})
                  </>
                ) : (
                  <>Not yet: ongoing for {formatElapsed(incident.created_at)}</>
                )}
              </dd>
              <dt className="text-slate-500">Last changed</dt>
              <dd className="text-slate-800">
                <time dateTime={incident.updated_at} title={formatDateTime(incident.updated_at)}>
                  {formatRelativeTime(incident.updated_at)}
                </time>
              </dd>
            </dl>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {isResolved ? null : (
              <Button onClick={() => setDialog('resolve')}>
                <CheckCircle2 className="size-4" aria-hidden />
                Resolve
              </Button>
            )}
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              <Pencil className="size-4" aria-hidden />
              Edit
            </Button>
            <Button variant="ghost" className="text-red-700! hover:bg-red-50!" onClick={() => setDialog('delete')}>
              <Trash2 className="size-4" aria-hidden />
              Delete
            </Button>
          </div>
        </div>
      </section>

      <div className="grid items-start gap-6 lg:grid-cols-5">
        <Card title="Timeline" description="Newest first, as the status page shows it." className="lg:col-span-3">
          <Timeline incident={incident} />
        </Card>
        <Card
          title="Post an update"
          description={isResolved ? 'Choose a status other than resolved to reopen it.' : 'Say what changed.'}
          className="lg:sticky lg:top-20 lg:col-span-2"
        >
          {/* A new status (resolved elsewhere) starts the form again from it. */}
          <IncidentUpdateForm key={incident.status} incident={incident} />
        </Card>
      </div>

      <EditIncidentDialog incident={incident} isOpen={dialog === 'edit'} onClose={() => setDialog(null)} />
      <ResolveIncidentDialog incident={incident} isOpen={dialog === 'resolve'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        title="Delete this incident?"
        description={
          <>
            “{incident.title}” and its whole timeline disappear from the status page, and no email is sent. Deleting is
            for mistakes, such as an incident opened by accident; resolve real incidents instead, so visitors can see
            what happened.
          </>
        }
        confirmLabel="Delete incident"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(incident.id, { onSuccess: onDeleted })}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
