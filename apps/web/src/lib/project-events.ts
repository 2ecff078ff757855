// The project's event stream (API.md "Real-time events"), for the screens that follow other
// people's changes as they happen: the document editor, the content list.
import type { EventTicket, StreamEvent } from '@plinth/contract';
import { useEffect, useEffectEvent } from 'react';
import { config } from '../config';
import { api } from './api-client';

/** How long to wait before opening the stream again after it was lost. */
export const RECONNECT_MS = 3_000;

/** One event of the stream: the webhook payload, whose `data` depends on the event. */
export interface ProjectEvent {
  id: string;
  event: StreamEvent;
  created_at: string;
  project_id: string;
  data: unknown;
}

/** A single-use ticket that opens the project's event stream from EventSource (no token in the URL). */
export function createEventTicket(projectId: string): Promise<{ data: EventTicket }> {
  return api.request<{ data: EventTicket }>(`/api/v1/projects/${encodeURIComponent(projectId)}/events/tickets`, {
    method: 'POST',
  });
}

/**
 * Follows the project's events of `events` in `collections` while mounted: the stream opens with
 * a single-use ticket, opens again with a new one when lost, and closes on unmount. `onEvent`
 * and `onReconnect` may change on every render without reopening it.
 * @example useProjectEvents({ projectId, events: ['document.created'], collections: ['articles'], onEvent: refresh })
 */
export function useProjectEvents(options: {
  projectId: string;
  events: readonly StreamEvent[];
  /** Only events of these collections; none for every collection's. */
  collections: readonly string[];
  onEvent: (event: ProjectEvent) => void;
  /** The stream opened again after it was lost: the events in between were missed. */
  onReconnect?: () => void;
  /** False keeps the stream closed (nothing to follow yet). */
  isEnabled?: boolean;
}): void {
  const { projectId, isEnabled = true } = options;
  // Joined, so a new array of the same names on each render does not reopen the stream.
  const events = options.events.join(',');
  const collections = options.collections.join(',');
  const onEvent = useEffectEvent((message: MessageEvent<string>) =>
    options.onEvent(JSON.parse(message.data) as ProjectEvent),
  );
  const onReconnect = useEffectEvent(() => options.onReconnect?.());

  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let wasLost = false;
    const open = async () => {
      try {
        const { data } = await createEventTicket(projectId);
        if (stopped) return;
        const query = new URLSearchParams({ ticket: data.ticket, events });
        // No filter is every collection (the API refuses an empty one).
        if (collections) query.set('collections', collections);
        source = new EventSource(
          `${config.apiBaseUrl}/api/v1/projects/${encodeURIComponent(projectId)}/events?${query}`,
        );
        for (const name of events.split(',')) source.addEventListener(name, onEvent as EventListener);
        source.addEventListener('open', () => {
          if (wasLost) onReconnect();
          wasLost = false;
        });
        // A ticket opens one stream: when it is lost, EventSource cannot reopen it, so a new one is made.
        source.onerror = () => {
          source?.close();
          wasLost = true;
          if (!stopped) retry = setTimeout(() => void open(), RECONNECT_MS);
        };
      } catch {
        if (!stopped) retry = setTimeout(() => void open(), RECONNECT_MS * 5);
      }
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [projectId, events, collections, isEnabled]);
}
