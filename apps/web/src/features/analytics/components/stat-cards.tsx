import type { Analytics } from '@plinth/contract';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatBytes, formatCount } from '../../../lib/format';
import { formatBucket, formatMs, formatShare } from '../utils/format';
import { peakP95 } from './latency-chart';

/** An error rate from this share up is worth a second look. */
const HIGH_ERROR_RATE = 0.05;

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="mt-1 truncate font-semibold text-2xl text-slate-900 tabular-nums tracking-tight">{value}</dd>
      <dd className="mt-1 text-slate-500 text-xs">{detail}</dd>
    </div>
  );
}

/** The period's totals: requests, error rate, data sent and the slowest p95. */
export function StatCards({ analytics }: { analytics: Analytics }) {
  const { totals, granularity } = analytics;
  const rate = totals.requests > 0 ? totals.errors / totals.requests : null;
  const peak = peakP95(analytics);
  const isHigh = rate !== null && rate >= HIGH_ERROR_RATE;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Stat label="Requests" value={formatCount(totals.requests)} detail="Made with API tokens" />
      <Stat
        label="Error rate"
        value={
          <span className={`inline-flex items-center gap-1.5 ${isHigh ? 'text-red-700' : ''}`}>
            {isHigh ? <AlertTriangle className="size-5 shrink-0" aria-label="High" /> : null}
            {formatShare(rate)}
          </span>
        }
        detail={`${formatCount(totals.errors)} ${totals.errors === 1 ? 'answer' : 'answers'} with a 4xx or 5xx status`}
      />
      <Stat label="Data transferred" value={formatBytes(totals.bytes)} detail="Response bodies sent" />
      <Stat
        label="p95 latency"
        value={formatMs(peak?.value)}
        detail={
          peak ? (
            <>
              Slowest {granularity === 'hour' ? 'hour' : 'day'}: {formatBucket(peak.t, granularity)}
            </>
          ) : (
            'No requests measured'
          )
        }
      />
    </dl>
  );
}
