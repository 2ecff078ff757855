import type { Presence } from '@plinth/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventSource } from '../../../test/fake-event-source';
import { type FetchCall, fakeAppApi, json, signIn } from '../../../test/render';
import { useLiveDocument } from './use-live-document';

const PRESENCE = '/api/v1/projects/p1/collections/articles/documents/d1/presence';

function serveLive(): FetchCall[] {
  return fakeAppApi((call) => {
    if (call.path === '/api/v1/projects/p1/events/tickets') {
      return json(201, { data: { ticket: 'ticket-1', expires_at: '2026-03-01T10:01:00.000Z' } });
    }
    if (call.path === PRESENCE && call.method === 'PUT') return json(200, { data: [] });
    if (call.path.startsWith(PRESENCE) && call.method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
}

const presence = (clientId: string, name: string): Presence => ({
  document_id: 'd1',
  collection: 'articles',
  client_id: clientId,
  user: { id: `user-${clientId}`, name, avatar_url: null },
  state: 'editing',
  field: 'title',
  locale: 'en',
  started_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2026-03-01T10:00:45.000Z',
});

/** The `data` of a document event of the collection. */
const save = (id: string, version: number, by: string, paths?: string[]) => ({
  id,
  collection: 'articles',
  version,
  updated_by: by,
  ...(paths ? { changed_paths: paths } : {}),
});

async function openLiveDocument() {
  signIn();
  const calls = serveLive();
  const streams = fakeEventSource();
  const hook = renderHook(() =>
    useLiveDocument({
      projectId: 'p1',
      collection: 'articles',
      documentId: 'd1',
      version: 4,
      locale: 'en',
      state: 'editing',
      field: null,
    }),
  );
  await waitFor(() => expect(streams).toHaveLength(1));
  return { ...hook, calls, stream: streams[0] as NonNullable<(typeof streams)[number]> };
}

describe('useLiveDocument', () => {
  it('opens the stream of its collection with a ticket, for saves, publishes and presence', async () => {
    const { stream } = await openLiveDocument();
    expect(stream.url).toContain('/api/v1/projects/p1/events?');
    expect(stream.query.get('ticket')).toBe('ticket-1');
    expect(stream.query.get('collections')).toBe('articles');
    expect(stream.query.get('events')?.split(',').sort()).toEqual([
      'document.published',
      'document.unpublished',
      'document.updated',
      'presence.joined',
      'presence.left',
      'presence.updated',
    ]);
  });

  it('reports a newer save of this document, not saves it already shows nor other documents', async () => {
    const { result, stream } = await openLiveDocument();
    stream.emit('document.updated', { data: save('d1', 4, 'u2', ['title.en']) });
    stream.emit('document.updated', { data: save('d2', 9, 'u2', ['title.en']) });
    expect(result.current.remoteChange).toBeNull();

    stream.emit('document.updated', { data: save('d1', 5, 'u2', ['title.en']) });
    expect(result.current.remoteChange).toEqual({
      version: 5,
      by: 'u2',
      paths: ['title.en'],
      event: 'document.updated',
    });

    // This tab's own save is no news; a publish is, whatever its version.
    act(() => result.current.clearRemoteChange());
    result.current.markSaved(6);
    stream.emit('document.updated', { data: save('d1', 6, 'u1', ['slug']) });
    expect(result.current.remoteChange).toBeNull();
    stream.emit('document.published', { data: save('d1', 6, 'u2') });
    expect(result.current.remoteChange).toMatchObject({ event: 'document.published', paths: [] });
  });

  it('does not take this tab’s own save for someone else’s when its event comes before its answer', async () => {
    const { result, stream } = await openLiveDocument();
    result.current.beginSave();
    stream.emit('document.updated', { data: save('d1', 5, 'u1', ['title.en']) });
    expect(result.current.remoteChange).toBeNull();
    act(() => {
      result.current.markSaved(5);
      result.current.endSave();
    });
    expect(result.current.remoteChange).toBeNull();
  });

  it('reports a save someone else made while this tab was saving, once its own is answered', async () => {
    const { result, stream } = await openLiveDocument();
    result.current.beginSave();
    stream.emit('document.updated', { data: save('d1', 5, 'u1', ['title.en']) });
    stream.emit('document.updated', { data: save('d1', 6, 'u2', ['slug']) });
    expect(result.current.remoteChange).toBeNull();
    act(() => {
      result.current.markSaved(5);
      result.current.endSave();
    });
    expect(result.current.remoteChange).toEqual({ version: 6, by: 'u2', paths: ['slug'], event: 'document.updated' });

    // A save that failed lets through what waited: nothing of it was this tab's.
    act(() => result.current.clearRemoteChange());
    result.current.beginSave();
    stream.emit('document.updated', { data: save('d1', 7, 'u2', ['title.en']) });
    act(() => result.current.endSave());
    expect(result.current.remoteChange).toMatchObject({ version: 7, by: 'u2' });
  });

  it('follows who else has the document open, leaving out this tab', async () => {
    const { result, stream, calls } = await openLiveDocument();
    await waitFor(() => expect(calls.some((call) => call.path === PRESENCE && call.method === 'PUT')).toBe(true));
    const own = calls.find((call) => call.path === PRESENCE && call.method === 'PUT')?.body as { client_id: string };

    stream.emit('presence.joined', { data: presence('grace-tab', 'Grace Hopper') });
    stream.emit('presence.joined', { data: presence(own.client_id, 'Ada Lovelace') });
    expect(result.current.others.map((other) => other.user.name)).toEqual(['Grace Hopper']);
    expect(result.current.names.get('user-grace-tab')).toBe('Grace Hopper');

    stream.emit('presence.left', { data: presence('grace-tab', 'Grace Hopper') });
    expect(result.current.others).toEqual([]);
  });

  it('closes the stream when the document closes', async () => {
    const { stream, unmount } = await openLiveDocument();
    unmount();
    expect(stream.isClosed).toBe(true);
  });
});
