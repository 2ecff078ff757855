import type { Analytics } from '@plinth/contract';
import { CollectionsTable } from './collections-table';
import { LatencyChart } from './latency-chart';
import { StatCards } from './stat-cards';
import { StatusCodesChart } from './status-codes-chart';
import { TrafficChart } from './traffic-chart';

/** Everything the analytics answer says: totals, traffic, latency, status codes and collections. */
export function AnalyticsOverview({ analytics }: { analytics: Analytics }) {
  return (
    <div className="space-y-6">
      <StatCards analytics={analytics} />
      <TrafficChart analytics={analytics} />
      <div className="grid gap-6 lg:grid-cols-2">
        <LatencyChart analytics={analytics} />
        <StatusCodesChart analytics={analytics} />
      </div>
      <CollectionsTable analytics={analytics} />
    </div>
  );
}
