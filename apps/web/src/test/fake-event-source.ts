import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** One stream opened through EventSource; the test sends its events and loses it. */
export class FakeEventSource {
  readonly url: string;
  isClosed = false;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
  }

  /** The query string the stream was opened with (`ticket`, `events`, `collections`). */
  get query(): URLSearchParams {
    return new URL(this.url, 'http://localhost').searchParams;
  }

  addEventListener(name: string, listener: (event: Event) => void) {
    const named = this.listeners.get(name) ?? new Set();
    named.add(listener);
    this.listeners.set(name, named);
  }
  removeEventListener(name: string, listener: (event: Event) => void) {
    this.listeners.get(name)?.delete(listener);
  }
  close() {
    this.isClosed = true;
  }

  /** The server opened the stream. */
  open() {
    act(() => this.dispatch('open', new Event('open')));
  }

  /**
   * An event as the server sends it: `event:` the name, `data:` the webhook payload. As the
   * server, the stream passes on only the events and collections (`data.collection`) it was
   * opened for.
   * @example source.emit('document.updated', { data: { id: 'd1', collection: 'articles', version: 3 } })
   */
  emit(name: string, payload: { data: unknown } & Record<string, unknown>) {
    if (!this.isFollowed(name, payload.data)) return;
    const body = {
      id: `e-${Math.random().toString(36).slice(2, 10)}`,
      event: name,
      created_at: new Date().toISOString(),
      project_id: 'p1',
      ...payload,
    };
    act(() => this.dispatch(name, new MessageEvent(name, { data: JSON.stringify(body) })));
  }

  /** The stream is lost (network, server restart). */
  fail() {
    act(() => this.onerror?.(new Event('error')));
  }

  private isFollowed(name: string, data: unknown): boolean {
    const events = this.query.get('events')?.split(',');
    const collections = this.query.get('collections')?.split(',');
    const collection = typeof data === 'object' && data !== null && 'collection' in data ? data.collection : null;
    if (events && !events.includes(name)) return false;
    return !collections || (typeof collection === 'string' && collections.includes(collection));
  }

  private dispatch(name: string, event: Event) {
    if (this.isClosed) return;
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
}

/** Replaces EventSource; the returned list holds every stream opened, in order. */
export function fakeEventSource(): FakeEventSource[] {
  const opened: FakeEventSource[] = [];
  class Recorded extends FakeEventSource {
    constructor(url: string | URL) {
      super(url);
      opened.push(this);
    }
  }
  vi.stubGlobal('EventSource', Recorded);
  return opened;
}
