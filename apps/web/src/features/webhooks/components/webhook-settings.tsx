import type { Webhook } from '@plinth/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { useSetWebhookActive } from '../api/update-webhook';
import { ALL_EVENTS } from '../events';
import { ActiveSwitch } from './active-switch';

function Setting({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-600 text-sm">{term}</dt>
      <dd className="mt-1 min-w-0 text-slate-900 text-sm">{children}</dd>
    </div>
  );
}

/** What the webhook listens to and where it sends, with the on/off switch. */
export function WebhookSettings({
  projectId,
  webhook,
  onEdit,
}: {
  projectId: string;
  webhook: Webhook;
  onEdit: () => void;
}) {
  const setActive = useSetWebhookActive();
  return (
    <Card
      title="Settings"
      actions={
        <Button variant="secondary" size="sm" onClick={onEdit}>
          Edit settings
        </Button>
      }
    >
      <ActiveSwitch
        label="Active"
        checked={webhook.active}
        disabled={setActive.isPending}
        onChange={(active) => setActive.mutate({ projectId, webhookId: webhook.id, active })}
        hint={
          webhook.active
            ? 'Events are sent as they happen. Turn it off to pause deliveries; “Send test” and redeliveries still work.'
            : webhook.disabled_reason
              ? 'Plinth turned it off after repeated failures. Turning it on again also resets the failure count.'
              : 'Nothing is sent while it is off, and events that happen meanwhile are not sent later.'
        }
      />
      <dl className="mt-4 grid gap-x-6 gap-y-4 border-slate-100 border-t pt-4 sm:grid-cols-2">
        <Setting term="Events">
          {webhook.events.includes(ALL_EVENTS) ? (
            'All events, including any added to Plinth later'
          ) : (
            <ul aria-label="Events" className="flex flex-wrap gap-1.5">
              {webhook.events.map((event) => (
                <li key={event} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 text-xs">
                  {event}
                </li>
              ))}
            </ul>
          )}
        </Setting>
        <Setting term="Collections">
          {webhook.collections ? (
            <ul aria-label="Collections" className="flex flex-wrap gap-1.5">
              {webhook.collections.map((slug) => (
                <li
                  key={slug}
                  className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 text-xs"
                >
                  {slug}
                </li>
              ))}
            </ul>
          ) : (
            'All collections'
          )}
        </Setting>
        <Setting term="Created">{formatDateTime(webhook.created_at)}</Setting>
        <Setting term="Last changed">{formatDateTime(webhook.updated_at)}</Setting>
      </dl>
    </Card>
  );
}
