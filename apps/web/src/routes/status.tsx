import type { Incident, ServiceStatus, ServiceStatusReport } from '@plinth/contract';
import type { ReactNode } from 'react';
import { PageMeta } from '../components/ui/page-meta';
import { LoadError, Loading } from '../components/ui/query-state';
import { useServiceStatus } from '../features/status/api/get-status';
import { StatusSubscribeForm } from '../features/status/components/subscribe-form';
import { UptimeChart } from '../features/status/components/uptime-chart';

const OVERALL: Record<ServiceStatus, { text: string; className: string }> = {
  operational: { text: 'All systems operational', className: 'bg-emerald-600' },
  degraded: { text: 'Degraded performance', className: 'bg-amber-600' },
  outage: { text: 'Service outage', className: 'bg-red-600' },
  maintenance: { text: 'Scheduled maintenance', className: 'bg-sky-700' },
};

const INCIDENT_STYLE: Record<Incident['status'], string> = {
  resolved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  investigating: 'bg-amber-50 text-amber-800 ring-amber-200',
  outage: 'bg-red-50 text-red-800 ring-red-200',
};

const unknown = 'Not measured';

export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m ${seconds % 60}s`;
}

const percent = (value: number | null) => (value === null ? unknown : `${value.toFixed(2)}%`);
const ms = (value: number | null) => (value === null ? unknown : `${Math.round(value)} ms`);
const when = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="mt-1 font-semibold text-2xl text-slate-900">{value}</dd>
    </div>
  );
}

function Meter({ label, value }: { label: string; value: number | null }) {
  return (
    <div>
      <div className="flex justify-between text-sm">
        <dt className="text-slate-700">{label}</dt>
        <dd className="font-semibold text-slate-900">{percent(value)}</dd>
      </div>
      <div className="mt-2 h-2 rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-2 rounded-full bg-indigo-600" style={{ width: `${Math.min(100, value ?? 0)}%` }} />
      </div>
    </div>
  );
}

function IncidentItem({ incident }: { incident: Incident }) {
  return (
    <li className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{incident.title}</h3>
        <span
          className={`rounded-full px-2.5 py-0.5 font-medium text-xs capitalize ring-1 ${INCIDENT_STYLE[incident.status]}`}
        >
          {incident.status}
        </span>
      </div>
      <p className="mt-2 text-slate-600 text-sm">{incident.message}</p>
      <p className="mt-2 text-slate-500 text-xs">
        Started {when(incident.created_at)}
        {incident.resolved_at ? ` · Resolved ${when(incident.resolved_at)}` : ''}
      </p>
    </li>
  );
}

function Report({ report }: { report: ServiceStatusReport }) {
  const overall = OVERALL[report.status];
  return (
    <div className="space-y-12">
      <div className={`flex items-center gap-3 rounded-2xl px-6 py-5 text-white ${overall.className}`}>
        <span aria-hidden="true" className="size-3 rounded-full bg-white" />
        <p className="font-semibold text-lg">
          {overall.text} <span className="sr-only">(status: {report.status})</span>
        </p>
      </div>

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="font-semibold text-slate-900 text-xl">
          Overview
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label="Uptime (90 days)" value={percent(report.uptime_percent)} />
          <Stat label="Running for" value={formatDuration(report.uptime_seconds)} />
          <Stat label="Response time" value={ms(report.response_time_ms)} />
          <Stat
            label="Last incident"
            value={
              <span className="text-base">
                {report.last_incident
                  ? `${report.last_incident.title} (${when(report.last_incident.created_at)})`
                  : 'None'}
              </span>
            }
          />
        </dl>
      </section>

      <section aria-labelledby="performance-heading">
        <h2 id="performance-heading" className="font-semibold text-slate-900 text-xl">
          Performance
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <Stat label="Average response time" value={ms(report.metrics.avg_response_ms)} />
          <Stat label="Error rate" value={`${report.metrics.error_rate.toFixed(2)}%`} />
          <Stat label="Requests per minute" value={report.metrics.requests_per_minute.toLocaleString('en-US')} />
        </dl>
      </section>

      <section aria-labelledby="system-heading">
        <h2 id="system-heading" className="font-semibold text-slate-900 text-xl">
          System health
        </h2>
        <dl className="mt-4 grid gap-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3">
          <Meter label="CPU" value={report.system.cpu_percent} />
          <Meter label="Memory" value={report.system.memory_percent} />
          <Meter label="Disk" value={report.system.disk_percent} />
        </dl>
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="font-semibold text-slate-900 text-xl">
          Uptime history
        </h2>
        <div className="mt-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <UptimeChart days={report.uptime_history} />
        </div>
      </section>

      <section aria-labelledby="incidents-heading">
        <h2 id="incidents-heading" className="font-semibold text-slate-900 text-xl">
          Recent incidents
        </h2>
        {report.incidents.length === 0 ? (
          <p className="mt-4 text-slate-600">No incidents in the last 30 days.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {report.incidents.map((incident) => (
              <IncidentItem key={incident.id} incident={incident} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function Component() {
  const status = useServiceStatus();
  return (
    <div className="bg-slate-50">
      <PageMeta
        title="System status"
        description="Live status of the Plinth API and dashboard: uptime, response times, incidents and system health."
      />
      <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
        <h1 className="font-bold text-4xl text-slate-900 tracking-tight">System status</h1>
        <p className="mt-3 text-slate-600">
          Measured continuously by the running service. This page refreshes every minute.
        </p>
        <div className="mt-10">
          {status.isPending ? <Loading label="Loading the current status…" /> : null}
          {status.isError ? (
            <LoadError title="The status could not be loaded." error={status.error} onRetry={() => status.refetch()} />
          ) : null}
          {status.data ? <Report report={status.data} /> : null}
        </div>
        <section
          aria-labelledby="subscribe-heading"
          className="mt-12 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id="subscribe-heading" className="font-semibold text-slate-900 text-xl">
            Get status updates by email
          </h2>
          <p className="mt-2 mb-6 text-slate-600 text-sm">
            We email you when an incident starts and whenever its status changes. Every email has a link to unsubscribe.
          </p>
          <StatusSubscribeForm />
        </section>
      </div>
    </div>
  );
}
