import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { PageHeading } from '../../components/ui/page-heading';
import { LoadError } from '../../components/ui/query-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useOverview } from '../../features/dashboard/api/get-overview';
import { GettingStarted } from '../../features/dashboard/components/getting-started';
import { OverviewCounts } from '../../features/dashboard/components/overview-counts';
import { RecentActivity } from '../../features/dashboard/components/recent-activity';
import { useProjectUsage } from '../../features/projects/api/get-project-usage';
import { UsageMeters } from '../../features/projects/components/project-usage';
import { projectPath, useCan, useCurrentProject } from '../../lib/current-project';

function ProjectId({ id }: { id: string }) {
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-2 text-slate-600 text-sm">
      Project ID
      <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-slate-800 text-xs">{id}</code>
      <CopyButton value={id} label="Copy the project ID" />
    </span>
  );
}

/** `/app/projects/:projectId`: the project at a glance, what changed lately, and the first steps. */
export function Component() {
  const project = useCurrentProject();
  const overview = useOverview(project.id);
  const usage = useProjectUsage(project.id);
  const canReadAudit = useCan('audit.read');

  return (
    <div className="space-y-6">
      <PageHeading title={project.name} description={<ProjectId id={project.id} />} />
      {overview.isPending ? (
        <div role="status" aria-label="Loading the overview" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-32" />
          ))}
        </div>
      ) : overview.isError ? (
        <LoadError
          title="We could not load this project's overview."
          error={overview.error}
          onRetry={() => overview.refetch()}
        />
      ) : (
        <OverviewCounts overview={overview.data.data} />
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {overview.isSuccess ? (
            <GettingStarted projectId={project.id} overview={overview.data.data} usage={usage.data?.data} />
          ) : null}
          {canReadAudit ? <RecentActivity projectId={project.id} /> : null}
        </div>
        <Card
          title="Usage this month"
          description={`On the ${project.plan.charAt(0).toUpperCase()}${project.plan.slice(1)} plan`}
          actions={
            <ButtonLink to={projectPath(project.id, 'billing')} variant="secondary" size="sm">
              Plans
            </ButtonLink>
          }
          className="self-start"
        >
          {usage.isPending ? (
            <div role="status" aria-label="Loading usage" className="space-y-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : usage.isError ? (
            <LoadError title="We could not load the usage." error={usage.error} onRetry={() => usage.refetch()} />
          ) : (
            <div className="space-y-4">
              <UsageMeters usage={usage.data.data} />
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
