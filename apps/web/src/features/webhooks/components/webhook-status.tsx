import type { Webhook } from '@plinth/contract';
import { Badge } from '../../../components/ui/badge';

/** On, off, or turned off by Plinth after failures (with why). */
export function WebhookStatusBadge({ webhook }: { webhook: Webhook }) {
  if (webhook.active) return <Badge tone="success">Active</Badge>;
  if (webhook.disabled_reason) return <Badge tone="danger">Turned off after failures</Badge>;
  return <Badge tone="neutral">Off</Badge>;
}
