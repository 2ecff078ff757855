import type { StreamEvent } from '@plinth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useProjectEvents } from '../../../lib/project-events';
import { documentKeys } from '../api/get-documents';

/** The events that change what a collection's list shows. */
const LIST_EVENTS = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.published',
  'document.unpublished',
] as const satisfies readonly StreamEvent[];

/** Events this close together refresh the list once: a bulk publish of 100 documents sends 100. */
export const LIVE_REFRESH_DEBOUNCE_MS = 500;
/** A long run of events (someone publishing a thousand documents) still shows progress this often. */
const LIVE_REFRESH_MAX_WAIT_MS = 2_000;

/**
 * Keeps a collection's lists current while they are on screen: the changes anyone makes to its
 * documents (and whatever was missed while the stream was lost) read the lists again. A refetch
 * keeps the rows shown until the new ones arrive, so scroll position and selection stay.
 */
export function useLiveListRefresh({ projectId, collection }: { projectId: string; collection: string }): void {
  const queryClient = useQueryClient();
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; since: number } | null>(null);
  useEffect(() => () => clearTimeout(pending.current?.timer), []);

  const refreshSoon = () => {
    const now = Date.now();
    const since = pending.current?.since ?? now;
    clearTimeout(pending.current?.timer);
    const wait = Math.max(0, Math.min(LIVE_REFRESH_DEBOUNCE_MS, since + LIVE_REFRESH_MAX_WAIT_MS - now));
    const timer = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: documentKeys.lists(projectId, collection) });
    }, wait);
    pending.current = { timer, since };
  };

  useProjectEvents({
    projectId,
    events: LIST_EVENTS,
    collections: [collection],
    onEvent: refreshSoon,
    onReconnect: refreshSoon,
  });
}
