import type { Project } from '@plinth/contract';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatDate } from '../../../lib/format';

const PLAN_NAMES: Record<Project['plan'], string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };

function CopyableValue({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">{label}</dt>
      <dd className="mt-1 flex min-w-0 items-center gap-2">
        <code
          className="min-w-0 truncate rounded bg-slate-100 px-2 py-1 font-mono text-slate-900 text-sm"
          title={value}
        >
          {value}
        </code>
        <CopyButton value={value} label={copyLabel} />
      </dd>
    </div>
  );
}

/** What identifies the project to the API and the SDKs: everyone in it may read and copy them. */
export function ProjectIdentity({ project }: { project: Project }) {
  return (
    <Card
      title="Project"
      description={
        <>
          API paths and the SDKs name the project by its ID (see{' '}
          <Link to="/docs#getting-started" className="font-medium text-indigo-700 underline hover:text-indigo-600">
            Getting started
          </Link>
          ).
        </>
      }
    >
      <dl className="grid gap-5 sm:grid-cols-2">
        <CopyableValue label="Project ID" value={project.id} copyLabel="Copy ID" />
        <CopyableValue label="Slug" value={project.slug} copyLabel="Copy slug" />
        <div>
          <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">Plan</dt>
          <dd className="mt-1 text-slate-900 text-sm">{PLAN_NAMES[project.plan] ?? project.plan}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">Created</dt>
          <dd className="mt-1 text-slate-900 text-sm">
            <time dateTime={project.created_at}>{formatDate(project.created_at)}</time>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
