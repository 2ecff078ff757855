import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from './client.js';
import { PlinthError, PlinthNetworkError } from './errors.js';
import {
  createEventTicket,
  type EventStreamErrorInfo,
  type EventSubscription,
  eventStreamPath,
  type PlinthEvent,
} from './events.js';

/** What a request to the stand-in server carried. */
interface Seen {
  url: string;
  authorization: string | undefined;
  accept: string | undefined;
  lastEventId: string | undefined;
  at: number;
}

/**
 * A small SSE server standing in for Plinth: `answer` is called for each connection (0, 1, …)
 * and writes what that connection gets.
 */
async function startSseServer(answer: (res: http.ServerResponse, index: number) => void) {
  const seen: Seen[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      lastEventId: req.headers['last-event-id'] as string | undefined,
      at: Date.now(),
    });
    open.add(res);
    res.on('close', () => open.delete(res));
    answer(res, seen.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const startStream = (res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  // A short reconnection time keeps the tests fast; the client honours it as its base delay.
  res.write('retry: 20\n\n');
};

const frame = (id: number, event: string, data: Record<string, unknown>) =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify({
    id: String(id),
    event,
    created_at: '2026-11-28T10:00:00.000Z',
    project_id: 'p1',
    data,
  })}\n\n`;

const errorBody = (statusCode: number, code: string, message: string) =>
  JSON.stringify({ statusCode, error: 'Error', code, message });

type Failure = { error: PlinthError | PlinthNetworkError; info: EventStreamErrorInfo };

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** Subscribes through a client of `url`, recording everything the callbacks receive. */
function subscribeTo(url: string, options: { token?: string; lastEventId?: string; idleTimeout?: number } = {}) {
  const client = createClient({ url, token: options.token ?? 'plt_secret', projectId: 'p1' });
  const events: PlinthEvent<'document.created' | 'document.published'>[] = [];
  const failures: Failure[] = [];
  const resets: string[] = [];
  let opens = 0;
  const subscription: EventSubscription = client.events.subscribe({
    events: ['document.created', 'document.published'],
    collections: ['articles', 'pages'],
    ...(options.lastEventId ? { lastEventId: options.lastEventId } : {}),
    ...(options.idleTimeout !== undefined ? { idleTimeout: options.idleTimeout } : {}),
    onEvent: (event) => events.push(event),
    onError: (error, info) => failures.push({ error, info }),
    onReset: (reset) => resets.push(reset.reason),
    onOpen: () => {
      opens += 1;
    },
  });
  cleanups.push(() => subscription.close());
  return { client, subscription, events, failures, resets, opens: () => opens };
}

describe('request descriptions of events', () => {
  it('builds the stream path with comma-separated filters, and the ticket request', () => {
    expect(eventStreamPath({ projectId: 'p 1' })).toBe('/projects/p%201/events');
    expect(eventStreamPath({ projectId: 'p1', events: [], collections: ['articles'] })).toBe(
      '/projects/p1/events?collections=articles',
    );
    expect(eventStreamPath({ projectId: 'p1', events: ['media.created', 'media.deleted'], ticket: 'plet_x' })).toBe(
      '/projects/p1/events?events=media.created%2Cmedia.deleted&ticket=plet_x',
    );
    expect(createEventTicket('p1')).toMatchObject({ method: 'POST', path: '/projects/p1/events/tickets' });
    expect(createEventTicket('p1').read({ data: { ticket: 't', expires_at: 'e' } })).toEqual({
      ticket: 't',
      expires_at: 'e',
    });
  });
});

describe('client.events.subscribe', () => {
  it('sends the token in a header, asks for the chosen events, and delivers typed events in order', async () => {
    const server = await startSseServer((res) => {
      startStream(res);
      res.write(': heartbeat\n\n');
      res.write(frame(1, 'document.created', { id: 'd1', collection: 'articles' }));
      // An event split across writes is put back together.
      const second = frame(2, 'document.published', { id: 'd1', collection: 'articles', locales: ['en'] });
      res.write(second.slice(0, 30));
      setTimeout(() => res.write(second.slice(30)), 20);
    });
    cleanups.push(server.close);
    const { events, subscription, failures, opens } = subscribeTo(server.url);

    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events.map((event) => [event.id, event.event, event.data.id])).toEqual([
      ['1', 'document.created', 'd1'],
      ['2', 'document.published', 'd1'],
    ]);
    const [published] = events.filter((event) => event.event === 'document.published');
    expect(published?.event === 'document.published' && published.data.locales).toEqual(['en']);
    expect(subscription.lastEventId).toBe('2');
    expect(opens()).toBe(1);
    expect(failures).toEqual([]);

    const [request] = server.seen;
    expect(request?.authorization).toBe('Bearer plt_secret');
    expect(request?.accept).toBe('text/event-stream');
    expect(request?.lastEventId).toBeUndefined();
    expect(request?.url).toBe(
      '/api/v1/projects/p1/events?events=document.created%2Cdocument.published&collections=articles%2Cpages',
    );
    expect(request?.url).not.toContain('plt_secret');
  });

  it('reconnects after a dropped connection and resumes with Last-Event-ID', async () => {
    const server = await startSseServer((res, index) => {
      startStream(res);
      if (index === 0) {
        res.write(frame(7, 'document.created', { id: 'd7' }));
        res.write(frame(8, 'document.created', { id: 'd8' }));
        setTimeout(() => res.destroy(), 30); // the connection breaks
      } else if (index === 1) {
        res.write(frame(9, 'document.created', { id: 'd9' }));
        setTimeout(() => res.end(), 30); // the server ends the stream cleanly
      } else {
        res.write(frame(10, 'document.created', { id: 'd10' }));
      }
    });
    cleanups.push(server.close);
    const { events, subscription, failures, opens } = subscribeTo(server.url);

    await vi.waitFor(() => expect(events.map((event) => event.id)).toEqual(['7', '8', '9', '10']));
    expect(server.seen.map((request) => request.lastEventId)).toEqual([undefined, '8', '9']);
    expect(server.seen.every((request) => request.authorization === 'Bearer plt_secret')).toBe(true);
    expect(subscription.lastEventId).toBe('10');
    expect(opens()).toBe(3);
    expect(failures).toHaveLength(2);
    for (const { error, info } of failures) {
      expect(error).toBeInstanceOf(PlinthNetworkError);
      expect(info.willRetry).toBe(true);
      expect(info.retryIn).toBeGreaterThan(0);
    }
  });

  it('starts from a given lastEventId, and sends a token changed with setToken on reconnection', async () => {
    let first: http.ServerResponse | undefined;
    const server = await startSseServer((res, index) => {
      startStream(res);
      res.write(frame(50 + index, 'document.created', { id: `d${index}` }));
      if (index === 0) first = res;
    });
    cleanups.push(server.close);
    const { client, events } = subscribeTo(server.url, { lastEventId: '42' });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    client.setToken('plt_rotated');
    first?.destroy();
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(server.seen.map((request) => [request.lastEventId, request.authorization])).toEqual([
      ['42', 'Bearer plt_secret'],
      ['50', 'Bearer plt_rotated'],
    ]);
  });

  it('stops on a 401 with a PlinthError and does not retry', async () => {
    const server = await startSseServer((res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
      res.end(errorBody(401, 'TOKEN_EXPIRED', 'The access token has expired'));
    });
    cleanups.push(server.close);
    const { failures, opens } = subscribeTo(server.url);

    await vi.waitFor(() => expect(failures).toHaveLength(1));
    const [failure] = failures;
    expect(failure?.error).toBeInstanceOf(PlinthError);
    expect(failure?.error).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED', requestId: 'req-1' });
    expect(failure?.info).toEqual({ willRetry: false, retryIn: null });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.seen).toHaveLength(1);
    expect(opens()).toBe(0);
  });

  it.each([
    [400, 'VALIDATION_FAILED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
  ])('stops on a %i too', async (status, code) => {
    const server = await startSseServer((res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(errorBody(status, code, 'No'));
    });
    cleanups.push(server.close);
    const { failures } = subscribeTo(server.url);
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(failures[0]?.error).toMatchObject({ status, code });
    expect(failures[0]?.info.willRetry).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.seen).toHaveLength(1);
  });

  it('retries a 503 with backoff until the stream opens', async () => {
    const server = await startSseServer((res, index) => {
      if (index < 2) {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<h1>Service Unavailable</h1>');
        return;
      }
      startStream(res);
      res.write(frame(1, 'document.created', { id: 'd1' }));
    });
    cleanups.push(server.close);
    const { failures, events } = subscribeTo(server.url);

    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 5_000 });
    expect(server.seen).toHaveLength(3);
    expect(failures.map(({ error, info }) => [error instanceof PlinthError && error.code, info.willRetry])).toEqual([
      ['INTERNAL', true],
      ['INTERNAL', true],
    ]);
    // About 0.5 s, then about 1 s (±25 %).
    const [first, second] = failures.map(({ info }) => info.retryIn ?? 0);
    expect(first).toBeGreaterThanOrEqual(375);
    expect(first).toBeLessThanOrEqual(625);
    expect(second).toBeGreaterThanOrEqual(750);
    expect(second).toBeLessThanOrEqual(1250);
    const gaps = [1, 2].map((index) => (server.seen[index]?.at ?? 0) - (server.seen[index - 1]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(350);
    expect(gaps[1]).toBeGreaterThanOrEqual(700);
  });

  it("waits for a 429's Retry-After", async () => {
    const server = await startSseServer((res, index) => {
      if (index === 0) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' });
        res.end(errorBody(429, 'RATE_LIMITED', 'Too many requests'));
        return;
      }
      startStream(res);
      res.write(frame(1, 'document.created', { id: 'd1' }));
    });
    cleanups.push(server.close);
    const { failures, events } = subscribeTo(server.url);

    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 5_000 });
    expect(failures[0]?.error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 2 });
    expect(failures[0]?.info.retryIn).toBeGreaterThanOrEqual(2_000);
    expect((server.seen[1]?.at ?? 0) - (server.seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_950);
  });

  it('passes a reset on, keeps the last id, and ignores comments and foreign events', async () => {
    const server = await startSseServer((res) => {
      startStream(res);
      res.write(': heartbeat\n\n');
      res.write('event: reset\ndata: {"reason":"The events since Last-Event-ID are no longer kept"}\n\n');
      res.write('data: not json\n\n');
      res.write('event: something\ndata: {"hello":1}\n\n');
      res.write(frame(101, 'document.published', { id: 'd1', locales: ['en'] }));
    });
    cleanups.push(server.close);
    const { events, resets, subscription, failures } = subscribeTo(server.url, { lastEventId: '3' });

    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(resets).toEqual(['The events since Last-Event-ID are no longer kept']);
    expect(subscription.lastEventId).toBe('101');
    expect(server.seen[0]?.lastEventId).toBe('3');
    expect(failures).toEqual([]);
  });

  it('opens the connection again when the server goes silent', async () => {
    const server = await startSseServer((res, index) => {
      startStream(res);
      res.write(frame(index + 1, 'document.created', { id: `d${index}` }));
      // and then nothing: no events, no heartbeats, but no close either
    });
    cleanups.push(server.close);
    const { events, failures } = subscribeTo(server.url, { idleTimeout: 200 });

    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(server.seen[1]?.lastEventId).toBe('1');
    expect(failures[0]?.error).toBeInstanceOf(PlinthNetworkError);
    expect(failures[0]?.error.message).toMatch(/No data from the event stream/);
  });

  it('retries when nothing answers, and close() ends it all', async () => {
    const server = await startSseServer(() => undefined);
    const url = server.url;
    await server.close(); // nothing listens there now
    const { failures, subscription } = subscribeTo(url);
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(failures[0]?.error).toBeInstanceOf(PlinthNetworkError);
    expect(failures[0]?.info.willRetry).toBe(true);
    subscription.close();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(failures).toHaveLength(1);
  });

  it('closes the stream when its signal aborts, with no callback after', async () => {
    const server = await startSseServer((res) => {
      startStream(res);
      let id = 0;
      const timer = setInterval(() => res.write(frame(++id, 'document.created', { id: `d${id}` })), 20);
      res.on('close', () => clearInterval(timer));
    });
    cleanups.push(server.close);
    const controller = new AbortController();
    const events: PlinthEvent[] = [];
    const failures: unknown[] = [];
    createClient({ url: server.url, token: 't', projectId: 'p1' }).events.subscribe({
      signal: controller.signal,
      onEvent: (event) => events.push(event),
      onError: (error) => failures.push(error),
    });
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(2));
    controller.abort();
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toHaveLength(count);
    expect(failures).toEqual([]);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]?.url).toBe('/api/v1/projects/p1/events');
  });

  it('does not connect with an already aborted signal', async () => {
    const server = await startSseServer(startStream);
    cleanups.push(server.close);
    const subscription = createClient({ url: server.url, projectId: 'p1' }).events.subscribe({
      signal: AbortSignal.abort(),
      lastEventId: '5',
      onEvent: () => undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.seen).toHaveLength(0);
    expect(subscription.lastEventId).toBe('5');
  });
});
