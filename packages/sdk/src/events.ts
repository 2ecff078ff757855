import type { Asset, Collection, Document, EventTicket, Presence, StreamEvent, WebhookPayload } from '@plinth/contract';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { errorFromResponse, type PlinthError, PlinthNetworkError } from './errors.js';
import { type PlinthRequest, projectPath, readData, toSearchParams } from './request.js';

/**
 * The events a project's stream carries: the webhook events (but `ping`), and presence
 * (`presence.joined|updated|left`: who has a document open in the editor, for members only).
 */
export type PlinthEventName = StreamEvent;

/** What `document.deleted` tells readers of published content only: which document went. */
export interface DeletedDocumentStub {
  id: string;
  collection: string;
  status: 'deleted';
}

/**
 * The `data` of each event, as in webhook deliveries (docs/webhooks.md): documents as read with
 * `locale=*` (localized fields are `{ locale: value }` maps, hidden fields left out).
 */
export interface PlinthEventDataMap {
  /** The working copy. */
  'document.created': Document;
  /**
   * The working copy, and where it changed (`title.es`, `views`); readers of published content
   * only get it when a restore brings a published snapshot back (without `changed_paths`).
   */
  'document.updated': Document & { changed_paths?: string[] };
  /** The working copy from the trash; readers of published content only get the stub. */
  'document.deleted': Document | DeletedDocumentStub;
  /** The snapshot just published, and the locales published. */
  'document.published': Document & { locales: string[] };
  /** The snapshot withdrawn (as readers saw it), and the locales unpublished. */
  'document.unpublished': Document & { locales: string[] };
  'media.created': Asset;
  'media.updated': Asset;
  'media.deleted': Asset;
  'collection.created': Collection;
  'collection.updated': Collection;
  'collection.deleted': Collection;
  'presence.joined': Presence;
  'presence.updated': Presence;
  'presence.left': Presence;
}

/**
 * One event of the stream: the webhook payload (`id`, `event`, `created_at`, `project_id`,
 * `data`), narrowed by its `event`. `PlinthEvent<'document.published'>` is one kind only.
 * @example
 * function onEvent(event: PlinthEvent) {
 *   if (event.event === 'document.published') console.log(event.data.locales); // typed
 * }
 */
export type PlinthEvent<E extends PlinthEventName = PlinthEventName> = {
  [K in E]: Pick<WebhookPayload, 'id' | 'created_at' | 'project_id'> & { event: K; data: PlinthEventDataMap[K] };
}[E];

/** What an `event: reset` says: events were missed that the server no longer has, so refetch. */
export interface EventStreamReset {
  reason: string;
}

/** What `onError` learns besides the error: whether the subscription tries again, and when. */
export interface EventStreamErrorInfo {
  /** False when the subscription has stopped for good (a 400, 401, 403, 404: any 4xx but 408 and 429). */
  willRetry: boolean;
  /** Milliseconds until the next connection; null when it will not retry. */
  retryIn: number | null;
}

/**
 * Options of `client.events.subscribe`.
 * @example { events: ['media.created'], onEvent: (event) => console.log(event.data.filename), lastEventId: saved }
 */
export interface SubscribeOptions<E extends PlinthEventName = PlinthEventName> {
  /** Only these events (all that the credential may see by default). */
  events?: readonly E[];
  /** Only events of these collections (their documents and models); media events, which have none, are left out. */
  collections?: readonly string[];
  /** Called for each event, in order. */
  onEvent: (event: PlinthEvent<E>) => void;
  /**
   * Called when the server could not replay what was missed (the last event seen is older than
   * its 24 hours of history): refetch whatever the app shows. Events that follow are live.
   */
  onReset?: (reset: EventStreamReset) => void;
  /**
   * Called for each failure. A PlinthError with status 400, 401, 403, 404 (any 4xx but 408 and
   * 429) stops the subscription (`willRetry: false`); answers 408, 429 and 5xx, and a broken or
   * silent connection (PlinthNetworkError) are retried with backoff, resuming after the last
   * event seen. An exception thrown by a callback is reported as uncaught (as an EventTarget
   * listener's is) and does not stop the subscription.
   */
  onError?: (error: PlinthError | PlinthNetworkError, info: EventStreamErrorInfo) => void;
  /** Called each time a connection opens (the first one and every reconnection). */
  onOpen?: () => void;
  /** Resume after this event id (one kept from an earlier subscription's `lastEventId`). */
  lastEventId?: string | null;
  /** Aborting it closes the subscription, as `close()` does. */
  signal?: AbortSignal;
  /**
   * Milliseconds without any data (the server sends a comment every 15 s) after which the
   * connection is taken as dead and opened again; 45 000 by default, 0 to never.
   */
  idleTimeout?: number;
}

/** An open subscription. */
export interface EventSubscription {
  /** Stops it: closes the connection and cancels any pending reconnection. No callback runs after. */
  close(): void;
  /** The id of the last event received (or the `lastEventId` it started from), to resume later. */
  readonly lastEventId: string | null;
}

/** Where and how to open a project's stream; the client gives its fetch and its current headers. */
export interface EventStreamConnection {
  /** The stream's URL, `events` and `collections` query included. */
  url: string;
  fetch: typeof globalThis.fetch;
  /** Headers of each connection (credentials included), asked anew for every one. */
  headers: () => Headers;
}

const INITIAL_DELAY = 500;
const MAX_DELAY = 30_000;
const IDLE_TIMEOUT = 45_000;
/** Characters a single event may buffer; far above any document, well below running out of memory. */
const MAX_EVENT_SIZE = 32 * 1024 * 1024;

/**
 * A single-use ticket (60 s) to open the project's stream with `?ticket=` where headers cannot
 * be sent, such as a browser's `EventSource`.
 * @example const { ticket } = await client.request(createEventTicket(projectId));
 */
export function createEventTicket(projectId: string): PlinthRequest<EventTicket> {
  return { method: 'POST', path: projectPath(projectId, '/events/tickets'), read: readData<EventTicket>() };
}

/**
 * The path and query of a project's event stream (under `/api/v1`).
 * @example eventStreamPath({ projectId, events: ['document.published'] }) // '/projects/p1/events?events=document.published'
 */
export function eventStreamPath(options: {
  projectId: string;
  events?: readonly string[] | undefined;
  collections?: readonly string[] | undefined;
  ticket?: string | undefined;
}): string {
  const join = (values: readonly string[] | undefined) => (values && values.length > 0 ? values.join(',') : undefined);
  const query = toSearchParams({
    events: join(options.events),
    collections: join(options.collections),
    ticket: options.ticket,
  }).toString();
  return projectPath(options.projectId, `/events${query ? `?${query}` : ''}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Runs a caller's callback. Like an EventTarget listener's, an exception is reported as
 * uncaught rather than stopping the stream, so one bad handler does not end the subscription.
 */
function invoke<A extends unknown[]>(callback: ((...args: A) => void) | undefined, ...args: A): void {
  if (!callback) return;
  try {
    callback(...args);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/** Statuses worth trying again: a timeout, too many requests, and the server's own failures. */
const isRetryable = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Opens a project's event stream over fetch (Node.js 20+, browsers, edge runtimes), parses it
 * with eventsource-parser, and keeps it open: a dropped connection is opened again after about
 * 0.5 s, doubling up to 30 s with jitter (a 429's `Retry-After` is honoured), and resumes with
 * `Last-Event-ID` after the last event received. `client.events.subscribe` calls this with the
 * client's fetch and credentials.
 * @example
 * const subscription = openEventStream(
 *   { url: `${apiUrl}${eventStreamPath({ projectId })}`, fetch, headers: () => new Headers({ authorization: `Bearer ${token}` }) },
 *   { onEvent: (event) => console.log(event.event, event.data) },
 * );
 */
export function openEventStream<E extends PlinthEventName = PlinthEventName>(
  connection: EventStreamConnection,
  options: SubscribeOptions<E>,
): EventSubscription {
  const idleTimeout = options.idleTimeout ?? IDLE_TIMEOUT;
  let lastEventId = options.lastEventId ?? null;
  let closed = false;
  let failures = 0;
  /** The reconnection time the server asked for with `retry:`, which replaces the initial delay. */
  let serverDelay: number | null = null;
  let current: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(retryTimer);
    current?.abort();
    options.signal?.removeEventListener('abort', close);
  };

  const stop = (error: PlinthError | PlinthNetworkError) => {
    close();
    invoke(options.onError, error, { willRetry: false, retryIn: null });
  };

  const retry = (error: PlinthError | PlinthNetworkError, atLeast = 0) => {
    if (closed) return;
    const base = Math.min(MAX_DELAY, (serverDelay ?? INITIAL_DELAY) * 2 ** Math.min(failures, 16));
    // Jitter spreads the reconnections of many clients after a server restart.
    const delay = Math.max(atLeast, Math.round(base * (0.75 + Math.random() * 0.5)));
    failures += 1;
    retryTimer = setTimeout(run, delay);
    invoke(options.onError, error, { willRetry: true, retryIn: delay });
  };

  const dispatch = (message: EventSourceMessage) => {
    if (closed) return;
    // An event without an id keeps the last one (the SSE rule); an empty id clears it.
    if (message.id !== undefined) lastEventId = message.id === '' ? null : message.id;
    const payload = parseJson(message.data);
    if (message.event === 'reset') {
      const reason = isRecord(payload) && typeof payload.reason === 'string' ? payload.reason : 'unknown';
      invoke(options.onReset, { reason });
      return;
    }
    // The server sends JSON payloads only; anything else is not an event of ours.
    if (!isRecord(payload) || typeof payload.event !== 'string' || !isRecord(payload.data)) return;
    invoke(options.onEvent, payload as unknown as PlinthEvent<E>);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const controller = new AbortController();
    current = controller;
    let idle = false;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      if (idleTimeout <= 0) return;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idle = true;
        controller.abort();
      }, idleTimeout);
    };
    const lost = (cause: unknown, what: string) =>
      new PlinthNetworkError(
        idle
          ? `No data from the event stream for ${Math.round(idleTimeout / 1000)} s`
          : `${what}: ${cause instanceof Error ? cause.message : String(cause)}`,
        { cause },
      );

    const headers = connection.headers();
    headers.set('accept', 'text/event-stream');
    if (lastEventId !== null) headers.set('last-event-id', lastEventId);
    touch();
    try {
      let response: Response;
      try {
        response = await connection.fetch(connection.url, { method: 'GET', headers, signal: controller.signal });
      } catch (error) {
        if (!closed) retry(lost(error, 'Could not open the event stream'));
        return;
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        if (closed) return;
        const error = errorFromResponse(response, parseJson(text) ?? text);
        if (isRetryable(response.status)) retry(error, (error.retryAfter ?? 0) * 1000);
        else stop(error);
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.body || !type.includes('text/event-stream')) {
        await response.body?.cancel().catch(() => undefined);
        retry(new PlinthNetworkError(`Expected an event stream, got ${type || 'no content type'}`, { cause: type }));
        return;
      }
      if (closed) return;
      failures = 0;
      invoke(options.onOpen);

      const parser = createParser({
        onEvent: dispatch,
        onRetry: (ms) => {
          // `retry: 0` would make failures retry in a tight loop.
          serverDelay = Math.max(10, ms);
        },
        maxBufferSize: MAX_EVENT_SIZE,
        onError: (error) => {
          if (error.type === 'max-buffer-size-exceeded') controller.abort(error);
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          touch();
          parser.feed(decoder.decode(value, { stream: true }));
          if (closed) {
            await reader.cancel().catch(() => undefined);
            return;
          }
        }
      } catch (error) {
        if (!closed) retry(lost(error, 'The event stream broke'));
        return;
      }
      // The server ended the stream (a restart, a deploy): connect again and resume.
      retry(new PlinthNetworkError('The event stream ended', { cause: null }));
    } finally {
      clearTimeout(idleTimer);
      if (current === controller) current = null;
    }
  }

  /** A connection attempt; what it did not foresee (a header the runtime refuses, say) ends the subscription. */
  function run() {
    connect().catch((error: unknown) =>
      stop(new PlinthNetworkError(`Could not open the event stream: ${String(error)}`, { cause: error })),
    );
  }

  if (options.signal?.aborted) closed = true;
  else {
    options.signal?.addEventListener('abort', close, { once: true });
    run();
  }

  return {
    close,
    get lastEventId() {
      return lastEventId;
    },
  };
}
