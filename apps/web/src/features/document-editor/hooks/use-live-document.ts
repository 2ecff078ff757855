import { PRESENCE_EVENTS, type Presence, type StreamEvent } from '@plinth/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ProjectEvent, useProjectEvents } from '../../../lib/project-events';
import { announcePresence, leavePresence } from '../api/live';

/** How often this tab renews its presence (the server keeps it 45 s). */
const HEARTBEAT_MS = 15_000;
/** What the editor follows: saves and publishes of the collection, and presence. */
const LIVE_EVENTS = [
  'document.updated',
  'document.published',
  'document.unpublished',
  ...PRESENCE_EVENTS,
] as const satisfies readonly StreamEvent[];

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
 * closes), everyone else's, and the saves others make with where they changed the document:
 * both from the project's event stream (`useProjectEvents`).
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
  /** Saves this tab has on their way: a save's own event can arrive before its answer. */
  const savesInFlight = useRef(0);
  /** Saves heard while this tab's own were on their way, judged once those are answered. */
  const held = useRef<RemoteChange[]>([]);

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
  const onEvent = (payload: ProjectEvent) => {
    if (payload.event.startsWith('presence.')) {
      const item = payload.data as Presence;
      if (item.document_id !== documentId || item.client_id === clientId) return;
      setOthers((all) => {
        const rest = all.filter((other) => other.client_id !== item.client_id);
        return payload.event === 'presence.left' ? rest : [...rest, item];
      });
      return;
    }
    const data = payload.data as DocumentEventData;
    if (data.id !== documentId || typeof data.version !== 'number') return;
    const change = {
      version: data.version,
      by: data.updated_by ?? null,
      paths: data.changed_paths ?? [],
      event: payload.event,
    };
    if (change.event === 'document.updated' && savesInFlight.current > 0) held.current.push(change);
    else report(change);
  };
  useProjectEvents({ projectId, events: LIVE_EVENTS, collections: [collection], onEvent, isEnabled: !!documentId });

  /** Saves this tab made (or already shows) are no news; publishing is, whatever the version. */
  const report = useCallback((change: RemoteChange) => {
    if (change.event === 'document.updated' && change.version <= known.current) return;
    setRemoteChange(change);
  }, []);

  const clearRemoteChange = useCallback(() => setRemoteChange(null), []);
  // Who is who, for saying who saved: the people here now.
  const names = new Map(others.map((other) => [other.user.id, other.user.name]));
  /** This tab saved (or loaded) `version`: its own save's event is no news. */
  const markSaved = useCallback((version: number) => {
    known.current = Math.max(known.current, version);
  }, []);
  /** A save of this tab is on its way: saves heard meanwhile wait for `endSave`. */
  const beginSave = useCallback(() => {
    savesInFlight.current += 1;
  }, []);
  /** A save of this tab was answered (after `markSaved` when it was stored): what waited is judged now. */
  const endSave = useCallback(() => {
    savesInFlight.current = Math.max(0, savesInFlight.current - 1);
    if (savesInFlight.current > 0) return;
    const waiting = held.current;
    held.current = [];
    for (const change of waiting) report(change);
  }, [report]);
  return { others, names, remoteChange, clearRemoteChange, markSaved, beginSave, endSave };
}
