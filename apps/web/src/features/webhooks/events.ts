import type { WebhookEvent } from '@plinth/contract';

/** The events a webhook can subscribe to, grouped as people think of them. `ping` is only sent by "Send test". */
export const EVENT_GROUPS: readonly {
  title: string;
  events: readonly { event: WebhookEvent; description: string }[];
}[] = [
  {
    title: 'Documents',
    events: [
      { event: 'document.created', description: 'A document is created (drafts included).' },
      {
        event: 'document.updated',
        description: 'A document is saved, restored from the trash or to an earlier version.',
      },
      { event: 'document.deleted', description: 'A document is moved to the trash.' },
      { event: 'document.published', description: 'A document is published: the new public snapshot.' },
      { event: 'document.unpublished', description: 'A published document is withdrawn.' },
    ],
  },
  {
    title: 'Media',
    events: [
      { event: 'media.created', description: 'A file is uploaded.' },
      { event: 'media.updated', description: 'A file’s details change.' },
      { event: 'media.deleted', description: 'A file is deleted.' },
    ],
  },
  {
    title: 'Content model',
    events: [
      { event: 'collection.created', description: 'A collection is created.' },
      { event: 'collection.updated', description: 'A collection’s fields or settings change.' },
      { event: 'collection.deleted', description: 'A collection is deleted.' },
    ],
  },
];

/** Events whose payload is the working copy, drafts included (docs/webhooks.md). */
export const DRAFT_EVENTS: readonly string[] = ['document.created', 'document.updated', 'document.deleted'];

export const ALL_EVENTS = '*';

/** "All events", or the names in a short phrase for lists ("document.published, media.created +2 more"). */
export function eventsSummary(events: readonly string[], shown = 2): string {
  if (events.includes(ALL_EVENTS)) return 'All events';
  const head = events.slice(0, shown).join(', ');
  return events.length > shown ? `${head} +${events.length - shown} more` : head;
}
