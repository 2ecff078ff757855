import type { Usage } from '@plinth/contract';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { UsageMeter, usageState } from '../../../components/ui/usage-meter';
import { formatBytes, formatCount, formatDate } from '../../../lib/format';

/** This period's API requests and media storage against the plan's limits, with what happens past them. */
export function UsageCard({
  usage,
  error,
  onRetry,
}: {
  usage: Usage | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Card title="Usage this period" description="Requests made with API tokens, and the media stored.">
      {usage ? (
        <div className="space-y-6">
          <UsageMeter
            size="md"
            label="API requests"
            used={usage.api_requests.used}
            limit={usage.api_requests.limit}
            format={formatCount}
            hint={requestsHint(usage)}
          />
          <UsageMeter
            size="md"
            label="Media storage"
            used={usage.media_bytes.used}
            limit={usage.media_bytes.limit}
            format={formatBytes}
            hint={storageHint(usage)}
          />
          <p className="text-slate-700 text-sm">
            AI tokens used this period:{' '}
            <span className="font-semibold tabular-nums">{formatCount(usage.ai_tokens.used)}</span>
            <span className="block text-slate-500 text-xs">
              What the AI assistant's model read and wrote; every AI call also counts as one API request.
            </span>
          </p>
        </div>
      ) : error ? (
        <LoadError title="We could not load the usage." error={error} onRetry={onRetry} />
      ) : (
        <div role="status" aria-label="Loading usage" className="space-y-6">
          {[0, 1].map((key) => (
            <div key={key}>
              <div className="flex justify-between">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-4 w-32" />
              </div>
              <Skeleton className="mt-2 h-2.5 w-full" />
              <Skeleton className="mt-2 h-3 w-48" />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

function requestsHint(usage: Usage): string {
  const resets = formatDate(usage.period_end);
  const state = usageState(usage.api_requests.used, usage.api_requests.limit);
  if (state === 'reached' || state === 'over') {
    return `API tokens get 429 QUOTA_EXCEEDED until the count resets on ${resets}, or until you upgrade.`;
  }
  return `Resets on ${resets}. Calls from this app while signed in are not counted.`;
}

function storageHint(usage: Usage): string {
  const state = usageState(usage.media_bytes.used, usage.media_bytes.limit);
  if (state === 'reached' || state === 'over') {
    return 'New uploads are refused until files are deleted or the plan allows more.';
  }
  return 'All the files in the media library.';
}
