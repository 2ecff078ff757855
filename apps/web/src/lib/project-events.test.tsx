import type { StreamEvent } from '@plinth/contract';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEventSource } from '../test/fake-event-source';
import { type FetchCall, fakeAppApi, json, signIn } from '../test/render';
import { type ProjectEvent, RECONNECT_MS, useProjectEvents } from './project-events';

const TICKETS = '/api/v1/projects/p1/events/tickets';

/** Answers each ticket request with a new ticket: `ticket-1`, `ticket-2`… */
function serveTickets(): FetchCall[] {
  let issued = 0;
  return fakeAppApi((call) => {
    if (call.path !== TICKETS || call.method !== 'POST') return undefined;
    issued += 1;
    return json(201, { data: { ticket: `ticket-${issued}`, expires_at: '2026-03-01T10:01:00.000Z' } });
  });
}

function follow(options: { collections?: string[]; isEnabled?: boolean } = {}) {
  signIn();
  const calls = serveTickets();
  const streams = fakeEventSource();
  const received: ProjectEvent[] = [];
  const onReconnect = vi.fn();
  const events: StreamEvent[] = ['document.created', 'document.deleted'];
  const hook = renderHook(
    ({ isEnabled }) =>
      useProjectEvents({
        projectId: 'p1',
        events,
        collections: options.collections ?? ['articles'],
        onEvent: (event) => received.push(event),
        onReconnect,
        isEnabled,
      }),
    { initialProps: { isEnabled: options.isEnabled ?? true } },
  );
  return { ...hook, calls, streams, received, onReconnect };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useProjectEvents', () => {
  it('opens the stream with a ticket and its filters, and passes on its events', async () => {
    const { streams, received } = follow();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as NonNullable<(typeof streams)[number]>;
    expect(new URL(stream.url, 'http://localhost').pathname).toBe('/api/v1/projects/p1/events');
    expect(Object.fromEntries(stream.query)).toEqual({
      ticket: 'ticket-1',
      events: 'document.created,document.deleted',
      collections: 'articles',
    });

    stream.emit('document.created', { data: { id: 'd9', collection: 'articles' } });
    expect(received).toEqual([
      expect.objectContaining({ event: 'document.created', data: { id: 'd9', collection: 'articles' } }),
    ]);
  });

  it('asks for every collection when given none', async () => {
    const { streams } = follow({ collections: [] });
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]?.query.has('collections')).toBe(false);
  });

  it('opens again with a new ticket when the stream is lost, and says events were missed', async () => {
    const { streams, calls, onReconnect } = follow();
    await waitFor(() => expect(streams).toHaveLength(1));
    const first = streams[0] as NonNullable<(typeof streams)[number]>;
    first.open();
    expect(onReconnect).not.toHaveBeenCalled();

    vi.useFakeTimers();
    first.fail();
    expect(first.isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_MS - 100);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    vi.useRealTimers();

    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]?.query.get('ticket')).toBe('ticket-2');
    expect(calls.filter((call) => call.path === TICKETS)).toHaveLength(2);
    streams[1]?.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('stays closed while disabled, and closes when unmounted', async () => {
    const { streams, calls, rerender, unmount } = follow({ isEnabled: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams).toHaveLength(0);
    expect(calls.filter((call) => call.path === TICKETS)).toHaveLength(0);

    rerender({ isEnabled: true });
    await waitFor(() => expect(streams).toHaveLength(1));
    unmount();
    expect(streams[0]?.isClosed).toBe(true);
  });
});
