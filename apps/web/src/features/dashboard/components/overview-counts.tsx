import type { ProjectOverview } from '@plinth/contract';
import { FileText, Image, Layers, type LucideIcon, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatBytes, formatCount } from '../../../lib/format';

function Tile({
  icon: Icon,
  label,
  value,
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <dt className="flex items-center gap-2 font-medium text-slate-600 text-sm">
        <Icon className="size-4 text-indigo-600" aria-hidden />
        {label}
      </dt>
      <dd className="mt-2">
        <span className="font-bold text-3xl text-slate-900 tabular-nums">{formatCount(value)}</span>
        {children ? <div className="mt-2 text-slate-600 text-sm">{children}</div> : null}
      </dd>
    </div>
  );
}

/** Documents by state, as a bar of shares (state names and numbers are in the legend, for everyone). */
const STATES = [
  { key: 'published', label: 'Published', color: 'bg-emerald-500' },
  { key: 'changed', label: 'Changed', color: 'bg-amber-400' },
  { key: 'draft', label: 'Draft', color: 'bg-slate-400' },
] as const;

function DocumentStates({ documents }: { documents: ProjectOverview['documents'] }) {
  if (documents.total === 0) return <p>None yet</p>;
  return (
    <>
      <div className="flex h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        {STATES.map((state) =>
          documents[state.key] > 0 ? (
            <span
              key={state.key}
              className={state.color}
              style={{ width: `${(documents[state.key] / documents.total) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
        {STATES.map((state) => (
          <li key={state.key} className="flex items-center gap-1.5">
            <span className={`size-2 rounded-full ${state.color}`} aria-hidden />
            {formatCount(documents[state.key])} {state.label.toLowerCase()}
          </li>
        ))}
      </ul>
      {documents.in_review > 0 || documents.scheduled > 0 ? (
        <p className="mt-1 text-slate-500">
          {[
            documents.in_review > 0 ? `${formatCount(documents.in_review)} in review` : null,
            documents.scheduled > 0 ? `${formatCount(documents.scheduled)} scheduled` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
    </>
  );
}

/** The project at a glance: its model, documents by state, media and people. */
export function OverviewCounts({ overview }: { overview: ProjectOverview }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Tile icon={Layers} label="Collections" value={overview.collections}>
        {overview.components === 1 ? '1 component' : `${formatCount(overview.components)} components`}
      </Tile>
      <Tile icon={FileText} label="Documents" value={overview.documents.total}>
        <DocumentStates documents={overview.documents} />
      </Tile>
      <Tile icon={Image} label="Media files" value={overview.media.count}>
        {formatBytes(overview.media.bytes)} stored
      </Tile>
      <Tile icon={Users} label="Members" value={overview.members.active}>
        {overview.members.invited > 0
          ? `${formatCount(overview.members.invited)} invitation${overview.members.invited === 1 ? '' : 's'} pending`
          : 'No pending invitations'}
      </Tile>
    </dl>
  );
}
