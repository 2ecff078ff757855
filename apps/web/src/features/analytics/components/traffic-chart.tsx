import type { Analytics } from '@plinth/contract';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../../lib/format';
import { formatBucket, formatCompact, formatShare } from '../utils/format';
import { ChartCard, SeriesTable } from './chart-card';
import { AXIS, ChartTooltip, COLORS, GRID, LEGEND, timeAxis } from './chart-tooltip';

/** Requests and errors per hour or day, as areas, with the same numbers as a table. */
export function TrafficChart({ analytics }: { analytics: Analytics }) {
  const { series, granularity } = analytics;
  const busiest = series.reduce((best, point) => (point.requests > (best?.requests ?? -1) ? point : best), series[0]);
  const unit = granularity === 'hour' ? 'hour' : 'day';
  const summary = `${formatCount(analytics.totals.requests)} requests and ${formatCount(analytics.totals.errors)} errors${
    busiest && busiest.requests > 0
      ? `; the busiest ${unit} was ${formatBucket(busiest.t, granularity)} with ${formatCount(busiest.requests)} requests.`
      : '.'
  }`;
  return (
    <ChartCard
      title="Requests and errors"
      description={`Per ${unit}; errors are answers with a 4xx or 5xx status.`}
      summary={summary}
      chart={
        <div className="h-64 sm:h-72">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 256 }}>
            <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Requests and errors">
              <defs>
                <linearGradient id="requests-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={COLORS.requests} stopOpacity={0.3} />
                  <stop offset="100%" stopColor={COLORS.requests} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid {...GRID} />
              <XAxis {...timeAxis(analytics)} />
              <YAxis {...AXIS} width={44} allowDecimals={false} tickFormatter={formatCompact} axisLine={false} />
              <Tooltip
                content={(props) => (
                  <ChartTooltip
                    {...props}
                    title={(label) => formatBucket(label, granularity)}
                    rows={(point) => {
                      const requests = Number(point.requests);
                      const errors = Number(point.errors);
                      return [
                        { name: 'Requests', value: formatCount(requests), color: COLORS.requests },
                        {
                          name: 'Errors',
                          value: `${formatCount(errors)}${requests > 0 ? ` (${formatShare(errors / requests)})` : ''}`,
                          color: COLORS.errors,
                        },
                      ];
                    }}
                  />
                )}
              />
              <Legend {...LEGEND} verticalAlign="top" align="right" height={28} iconType="square" />
              <Area
                type="monotone"
                dataKey="requests"
                name="Requests"
                stroke={COLORS.requests}
                strokeWidth={2}
                fill="url(#requests-fill)"
                isAnimationActive={false}
              />
              <Area
                type="monotone"
                dataKey="errors"
                name="Errors"
                stroke={COLORS.errors}
                strokeWidth={2}
                strokeDasharray="4 3"
                fill={COLORS.errors}
                fillOpacity={0.12}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      }
      table={
        <SeriesTable
          analytics={analytics}
          caption={`Requests and errors per ${unit}`}
          columns={[
            { label: 'Requests', value: (point) => formatCount(point.requests) },
            { label: 'Errors', value: (point) => formatCount(point.errors) },
            { label: 'Error rate', value: (point) => formatShare(point.errors / point.requests) },
          ]}
        />
      }
    />
  );
}
