import type { Usage } from '@plinth/contract';
import { formatBytes } from '../../../lib/format';
import { useProjectUsage } from '../api/get-project-usage';

const count = new Intl.NumberFormat('en');

function UsageMeter({
  label,
  used,
  limit,
  format,
}: {
  label: string;
  used: number;
  limit: number | null;
  format: (value: number) => string;
}) {
  const text = limit === null ? `${format(used)}, no limit` : `${format(used)} of ${format(limit)}`;
  return (
    <div>
      <div className="flex justify-between gap-2 text-sm">
        <span className="text-slate-500">{label}</span>
        <span className="text-slate-900 tabular-nums">{text}</span>
      </div>
      {limit === null ? null : (
        // The browser colours it from low/high: amber from 75 %, red from 90 % of the limit.
        <meter
          aria-label={label}
          aria-valuetext={text}
          min={0}
          max={limit}
          value={Math.min(used, limit)}
          low={limit * 0.75}
          high={limit * 0.9}
          optimum={0}
          className="mt-1 block h-2 w-full"
        />
      )}
    </div>
  );
}

function UsageMeters({ usage }: { usage: Usage }) {
  return (
    <>
      <UsageMeter
        label="API requests this month"
        used={usage.api_requests.used}
        limit={usage.api_requests.limit}
        format={(value) => count.format(value)}
      />
      <UsageMeter
        label="Media storage"
        used={usage.media_bytes.used}
        limit={usage.media_bytes.limit}
        format={formatBytes}
      />
    </>
  );
}

/** A project's use of its plan this month: API requests and media storage against the limits. */
export function ProjectUsage({ projectId }: { projectId: string }) {
  const usage = useProjectUsage(projectId);
  return (
    <section aria-label="Usage" className="mt-4 space-y-3 border-slate-100 border-t pt-4">
      {usage.isPending ? <p className="text-slate-500 text-sm">Loading usage…</p> : null}
      {usage.isError ? <p className="text-slate-500 text-sm">Usage is not available right now.</p> : null}
      {usage.isSuccess ? <UsageMeters usage={usage.data.data} /> : null}
    </section>
  );
}
