// Working together and live preview: presence and preview tokens (the event stream is lib/project-events).
import type { Presence, PresenceBody } from '@plinth/contract';
import { api } from '../../../lib/api-client';

const presencePath = (projectId: string, collection: string, id: string) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/collections/${encodeURIComponent(collection)}/documents/${encodeURIComponent(id)}/presence`;

/** Announces (or renews, every 15 s) this tab's presence on a document; answers everyone there. */
export function announcePresence(
  projectId: string,
  collection: string,
  id: string,
  body: PresenceBody,
): Promise<{ data: Presence[] }> {
  return api.request<{ data: Presence[] }>(presencePath(projectId, collection, id), { method: 'PUT', body });
}

/** This tab leaves the document. */
export function leavePresence(projectId: string, collection: string, id: string, clientId: string): Promise<void> {
  return api.request<void>(`${presencePath(projectId, collection, id)}/${encodeURIComponent(clientId)}`, {
    method: 'DELETE',
  });
}

/** A preview token for the document, and its filled-in preview URL (null when the collection has none). */
export function createPreviewToken(
  projectId: string,
  collection: string,
  id: string,
  locale: string,
): Promise<{ data: { token: string; url: string | null; expires_at: string } }> {
  return api.request<{ data: { token: string; url: string | null; expires_at: string } }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/collections/${encodeURIComponent(collection)}/documents/${encodeURIComponent(id)}/preview-token`,
    { method: 'POST', body: { locale } },
  );
}
