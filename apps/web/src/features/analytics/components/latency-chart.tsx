import type { Analytics } from '@plinth/contract';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../../lib/format';
import { formatBucket, formatMs } from '../utils/format';
import { ChartCard, SeriesTable } from './chart-card';
import { AXIS, ChartTooltip, COLORS, GRID, LEGEND, timeAxis } from './chart-tooltip';

/** The highest p95 of any hour or day of the period, and when it was. */
export function peakP95(analytics: Analytics): { value: number; t: string } | null {
  let peak: { value: number; t: string } | null = null;
  for (const point of analytics.series) {
    if (point.p95_ms !== null && (peak === null || point.p95_ms > peak.value))
      peak = { value: point.p95_ms, t: point.t };
  }
  return peak;
}

/**
 * Lines break where no request was measured; a lone measured point between two gaps would draw
 * nothing, so it gets a dot.
 */
function isolatedDot(series: Analytics['series'], key: 'p50_ms' | 'p95_ms', color: string) {
  return (props: { cx?: number; cy?: number; index?: number }) => {
    const index = props.index ?? 0;
    const isolated =
      series[index]?.[key] != null && series[index - 1]?.[key] == null && series[index + 1]?.[key] == null;
    if (!isolated || props.cx === undefined || props.cy === undefined) return <g key={`dot-${index}`} />;
    return <circle key={`dot-${index}`} cx={props.cx} cy={props.cy} r={3} fill={color} />;
  };
}

/** Median and 95th-percentile response times per hour or day, as lines (gaps where nothing was asked). */
export function LatencyChart({ analytics, className }: { analytics: Analytics; className?: string }) {
  const { series, granularity } = analytics;
  const unit = granularity === 'hour' ? 'hour' : 'day';
  const peak = peakP95(analytics);
  return (
    <ChartCard
      className={className}
      title="Latency"
      description={`Median (p50) and p95 response time per ${unit}.`}
      summary={
        peak
          ? `The slowest ${unit} had a p95 of ${formatMs(peak.value)}, ${formatBucket(peak.t, granularity)}.`
          : 'No latency was measured in this period.'
      }
      chart={
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 500, height: 256 }}>
            <LineChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Latency">
              <CartesianGrid {...GRID} />
              <XAxis {...timeAxis(analytics)} />
              <YAxis {...AXIS} width={56} axisLine={false} tickFormatter={(value: number) => formatMs(value)} />
              <Tooltip
                content={(props) => (
                  <ChartTooltip
                    {...props}
                    title={(label) => formatBucket(label, granularity)}
                    rows={(point) => [
                      { name: 'p50', value: formatMs(point.p50_ms as number | null), color: COLORS.p50 },
                      { name: 'p95', value: formatMs(point.p95_ms as number | null), color: COLORS.p95 },
                      { name: 'Requests', value: formatCount(Number(point.requests)), color: '#cbd5e1' },
                    ]}
                  />
                )}
              />
              <Legend {...LEGEND} verticalAlign="top" align="right" height={28} iconType="plainline" iconSize={16} />
              <Line
                type="monotone"
                dataKey="p50_ms"
                name="p50 (median)"
                stroke={COLORS.p50}
                strokeWidth={2}
                strokeDasharray="5 3"
                dot={isolatedDot(series, 'p50_ms', COLORS.p50)}
                connectNulls={false}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="p95_ms"
                name="p95"
                stroke={COLORS.p95}
                strokeWidth={2}
                dot={isolatedDot(series, 'p95_ms', COLORS.p95)}
                connectNulls={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      }
      table={
        <SeriesTable
          analytics={analytics}
          caption={`Latency per ${unit}`}
          columns={[
            { label: 'p50', value: (point) => formatMs(point.p50_ms) },
            { label: 'p95', value: (point) => formatMs(point.p95_ms) },
            { label: 'Requests', value: (point) => formatCount(point.requests) },
          ]}
        />
      }
    />
  );
}
