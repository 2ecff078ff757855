import type { Presence } from '@plinth/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { config } from '../../../config';
import { announcePresence, createEventTicket, leavePresence } from '../api/live';

/** How often this tab renews its presence (the server keeps it 45 s). */
const HEARTBEAT_MS = 15_000;
/** How long to wait before opening the stream again after it was lost. */
const RECONNECT_MS = 3_000;

/** A save someone else made while this tab had the document open. */
export interface RemoteChange {
  version: number;
  /** The user who saved it (null for an API token or the system). */
  by: string | null;
  /** Where it changed: `title.es`, `views` (empty for a publish). */
  paths: string[];
  event: string;
}

interface DocumentEventData {
  id?: string;
  version?: number;
  updated_by?: string | null;
  changed_paths?: string[];
}

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `tab-${Math.random().toString(36).slice(2, 14)}`;

/**
 * Working together on one document: this tab's presence (announced, renewed, withdrawn when it
 * closes), everyone else's from the project's event stream, and the saves others make, with
 * where they changed the document. The stream opens with a single-use ticket and opens again
 * (with a new one) when lost.
 */
export function useLiveDocument(options: {
  projectId: string;
  collection: string;
  documentId: string | null;
  /** The version this tab shows: saves up to it are known. */
  version: number;
  locale: string;
  state: 'viewing' | 'editing';
  field: string | null;
}) {
  const { projectId, collection, documentId } = options;
  const [clientId] = useState(newClientId);
  const [others, setOthers] = useState<Presence[]>([]);
  const [remoteChange, setRemoteChange] = useState<RemoteChange | null>(null);
  const known = useRef(options.version);
  known.current = Math.max(known.current, options.version);

  // Presence: announced now, renewed on a timer and whenever what it says changes.
  const { state, field, locale } = options;
  useEffect(() => {
    if (!documentId) return;
    let stopped = false;
    const announce = () =>
      announcePresence(projectId, collection, documentId, { client_id: clientId, state, field, locale }).then(
        (answer) => {
          if (!stopped) setOthers(answer.data.filter((item) => item.client_id !== clientId));
        },
        // Presence is a courtesy: a failed heartbeat is tried again on the next one, and the
        // form works without it.
        () => undefined,
      );
    void announce();
    const timer = setInterval(announce, HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [projectId, collection, documentId, clientId, state, field, locale]);

  // Leaving: when the editor closes (a closed tab's presence expires on the server).
  useEffect(() => {
    if (!documentId) return;
    // Not reached (offline, signed out): the presence expires on the server by itself.
    return () => void leavePresence(projectId, collection, documentId, clientId).catch(() => undefined);
  }, [projectId, collection, documentId, clientId]);

  // The stream: presence of others, and saves of this document.
  useEffect(() => {
    if (!documentId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const onPresence = (event: MessageEvent<string>) => {
      const payload = JSON.parse(event.data) as { event: string; data: Presence };
      const item = payload.data;
      if (item.document_id !== documentId || item.client_id === clientId) return;
      setOthers((all) => {
        const rest = all.filter((other) => other.client_id !== item.client_id);
        return payload.event === 'presence.left' ? rest : [...rest, item];
      });
    };
    const onDocument = (event: MessageEvent<string>) => {
      const payload = JSON.parse(event.data) as { event: string; data: DocumentEventData };
      const data = payload.data;
      if (data.id !== documentId || typeof data.version !== 'number') return;
      // Saves this tab made (or already shows) are no news; publishing is, whatever the version.
      if (payload.event === 'document.updated' && data.version <= known.current) return;
      setRemoteChange({
        version: data.version,
        by: data.updated_by ?? null,
        paths: data.changed_paths ?? [],
        event: payload.event,
      });
    };
    const open = async () => {
      try {
        const { data } = await createEventTicket(projectId);
        if (stopped) return;
        const query = new URLSearchParams({
          ticket: data.ticket,
          collections: collection,
          events:
            'document.updated,document.published,document.unpublished,presence.joined,presence.updated,presence.left',
        });
        source = new EventSource(
          `${config.apiBaseUrl}/api/v1/projects/${encodeURIComponent(projectId)}/events?${query}`,
        );
        for (const name of ['presence.joined', 'presence.updated', 'presence.left']) {
          source.addEventListener(name, onPresence as EventListener);
        }
        for (const name of ['document.updated', 'document.published', 'document.unpublished']) {
          source.addEventListener(name, onDocument as EventListener);
        }
        // A ticket opens one stream: when it is lost, EventSource cannot reopen it, so a new one is made.
        source.onerror = () => {
          source?.close();
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
  }, [projectId, collection, documentId, clientId]);

  const clearRemoteChange = useCallback(() => setRemoteChange(null), []);
  // Who is who, for saying who saved: the people here now.
  const names = new Map(others.map((other) => [other.user.id, other.user.name]));
  /** This tab saved `version`: its own save's event is no news. */
  const markSaved = useCallback((version: number) => {
    known.current = Math.max(known.current, version);
  }, []);
  return { others, names, remoteChange, clearRemoteChange, markSaved };
}
