import type { Usage } from '@plinth/contract';
import { UsageMeter } from '../../../components/ui/usage-meter';
import { formatBytes, formatCount } from '../../../lib/format';

export function UsageMeters({ usage }: { usage: Usage }) {
  return (
    <>
      <UsageMeter
        label="API requests this month"
        used={usage.api_requests.used}
        limit={usage.api_requests.limit}
        format={formatCount}
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
