import type { Usage } from '@plinth/contract';
import { UsageMeter } from '../../../components/ui/usage-meter';
import { formatBytes } from '../../../lib/format';
import { useProjectUsage } from '../api/get-project-usage';

const count = new Intl.NumberFormat('en');

export function UsageMeters({ usage }: { usage: Usage }) {
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
