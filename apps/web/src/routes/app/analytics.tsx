import { PageHeading } from '../../components/ui/page-heading';
import { LoadError } from '../../components/ui/query-state';
import { Spinner } from '../../components/ui/spinner';
import { useAnalytics } from '../../features/analytics/api/get-analytics';
import { AnalyticsEmpty } from '../../features/analytics/components/analytics-empty';
import { AnalyticsOverview } from '../../features/analytics/components/analytics-overview';
import { AnalyticsSkeleton } from '../../features/analytics/components/analytics-skeleton';
import { PeriodPicker } from '../../features/analytics/components/period-picker';
import { useAnalyticsPeriod } from '../../features/analytics/hooks/use-analytics-period';
import { describePeriod } from '../../features/analytics/utils/period';
import { projectPath, useCan, useCurrentProject } from '../../lib/current-project';

/** `/app/projects/:projectId/analytics`: the project's API-token traffic over a chosen period. */
export function Component() {
  const project = useCurrentProject();
  const canManageTokens = useCan('tokens.manage');
  const [period, setPeriod] = useAnalyticsPeriod();
  const analytics = useAnalytics(project.id, period);
  const data = analytics.data?.data;
  const isUpdating = analytics.isPlaceholderData && analytics.isFetching;

  return (
    <div className="space-y-6">
      <PageHeading
        title="Analytics"
        description={`Traffic from API tokens in ${project.name}: requests, errors, latency and the collections they read, over ${describePeriod(period)}${period.granularity === 'hour' ? ' by hour' : ' by day'}.`}
      />
      <PeriodPicker period={period} onChange={setPeriod} status={isUpdating ? <Spinner label="Updating…" /> : null} />
      {analytics.isPending ? <AnalyticsSkeleton /> : null}
      {analytics.isError ? (
        <LoadError
          title="We could not load the analytics."
          error={analytics.error}
          onRetry={() => analytics.refetch()}
        />
      ) : null}
      {data && !analytics.isError ? (
        <div aria-busy={isUpdating} className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {data.totals.requests === 0 ? (
            <AnalyticsEmpty
              projectId={project.id}
              tokensPath={projectPath(project.id, 'api-tokens')}
              canManageTokens={canManageTokens}
              isShortPeriod={period.kind === '24h' || period.kind === '7d'}
              onLonger={() => setPeriod({ kind: '30d', granularity: 'day' })}
            />
          ) : (
            <AnalyticsOverview analytics={data} />
          )}
        </div>
      ) : null}
    </div>
  );
}
