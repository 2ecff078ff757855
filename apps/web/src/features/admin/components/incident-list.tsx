import { INCIDENT_STATUSES, type Incident, type IncidentStatus } from '@plinth/contract';
import { Activity, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PagedList } from '../../../components/ui/paged-list';
import { formatDateTime, formatElapsed, formatRelativeTime } from '../../../lib/format';
import { useIncidents } from '../api/get-incidents';
import { useListParams } from '../hooks/use-list-params';
import { FilterSelect } from './filter-select';
import { IncidentBadges } from './incident-badges';
import { INCIDENT_STATUS } from './labels';
import { OpenIncidentDialog } from './open-incident-dialog';

const LIMIT = 20;
const isStatus = (value: string): value is IncidentStatus => (INCIDENT_STATUSES as readonly string[]).includes(value);

function Timing({ incident }: { incident: Incident }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-xs">
      <div className="flex gap-1">
        <dt>Started</dt>
        <dd>
          <time dateTime={incident.created_at}>{formatDateTime(incident.created_at)}</time>
        </dd>
      </div>
      {incident.resolved_at ? (
        <div className="flex gap-1">
          <dt>Resolved</dt>
          <dd>
            <time dateTime={incident.resolved_at}>{formatDateTime(incident.resolved_at)}</time> (lasted{' '}
            {formatElapsed(incident.created_at, incident.resolved_at)})
          </dd>
        </div>
      ) : (
        <div className="flex gap-1">
          <dt className="sr-only">Resolved</dt>
          <dd className="font-medium text-slate-800">Ongoing for {formatElapsed(incident.created_at)}</dd>
        </div>
      )}
    </dl>
  );
}

/** Incidents newest first, each with its latest update; opening one shows its page (`?incident=ID`). */
export function IncidentList() {
  const { page, values, params, setPage, setValue, setParam } = useListParams(['status']);
  const status = isStatus(values.status) ? values.status : undefined;
  const incidents = useIncidents({ status, page, limit: LIMIT });
  const [isOpening, setOpening] = useState(false);

  const linkTo = (incidentId: string) => {
    const search = new URLSearchParams(params);
    search.set('incident', incidentId);
    return { search: `?${search}` };
  };

  // The empty list offers it as its first step; otherwise it sits beside the filter.
  const isFirstRun = incidents.isSuccess && incidents.data.data.length === 0 && !status && page === 1;
  const openButton = (
    <Button onClick={() => setOpening(true)}>
      <Plus className="size-4" aria-hidden />
      Open an incident
    </Button>
  );

  return (
    <>
      <Card
        title="Incidents"
        description="Newest first. Open one to post updates, resolve it or correct it."
        actions={
          <>
            <FilterSelect
              label="Status"
              value={status ?? ''}
              allLabel="All statuses"
              options={INCIDENT_STATUSES.map((value) => ({ value, label: INCIDENT_STATUS[value].label }))}
              onChange={(value) => setValue('status', value)}
            />
            {isFirstRun ? null : openButton}
          </>
        }
        padded={false}
      >
        <PagedList
          query={incidents}
          noun="incidents"
          loadingLabel="Loading incidents…"
          skeletonRows={3}
          errorTitle="Could not load the incidents"
          emptyIcon={Activity}
          empty={
            status
              ? {
                  title: `No ${INCIDENT_STATUS[status].label.toLowerCase()} incidents`,
                  children: 'Choose “All statuses” to see every incident.',
                }
              : {
                  title: 'No incidents yet',
                  children:
                    'When something goes wrong, or maintenance is planned, open an incident so visitors of the status page know what is happening.',
                  action: openButton,
                }
          }
          onPageChange={setPage}
        >
          {(items) => (
            <ul
              aria-label="Incidents"
              aria-busy={incidents.isPlaceholderData || undefined}
              className="divide-y divide-slate-100"
            >
              {items.map((incident) => {
                const latest = incident.updates.at(-1);
                return (
                  <li
                    key={incident.id}
                    className="relative px-5 py-4 hover:bg-slate-50 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-600 has-[a:focus-visible]:ring-inset"
                  >
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                      <h3 className="min-w-0 font-semibold text-slate-900">
                        <Link
                          to={linkTo(incident.id)}
                          className="block truncate after:absolute after:inset-0 focus-visible:outline-none"
                          title={incident.title}
                        >
                          {incident.title}
                        </Link>
                      </h3>
                      <IncidentBadges incident={incident} />
                    </div>
                    <div className="mt-1.5">
                      <Timing incident={incident} />
                    </div>
                    {latest ? (
                      <p className="mt-2 line-clamp-2 whitespace-pre-line break-words text-slate-700 text-sm">
                        <span className="font-medium text-slate-900">
                          Latest update,{' '}
                          <time dateTime={latest.created_at} title={formatDateTime(latest.created_at)}>
                            {formatRelativeTime(latest.created_at)}
                          </time>
                          :
                        </span>{' '}
                        {latest.message}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </PagedList>
      </Card>
      <OpenIncidentDialog
        isOpen={isOpening}
        onClose={() => setOpening(false)}
        onOpened={(incidentId) => {
          setOpening(false);
          setParam('incident', incidentId);
        }}
      />
    </>
  );
}
