/** One server-sent event as a client reads it. */
export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface StreamClient {
  status: number;
  headers: Headers;
  /** Every event so far (comments aside), in order. */
  events: ReceivedEvent[];
  /** Comment lines so far (heartbeats). */
  comments: string[];
  /** Resolves once the server ended or cut the stream. */
  ended: Promise<void>;
  /** Waits until `count` events (matching `filter`) arrived; returns them. */
  waitFor(count: number, filter?: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** The payloads of the events so far (their `data`, parsed). */
  payloads(filter?: (event: ReceivedEvent) => boolean): { id: string; event: string; data: Record<string, unknown> }[];
  close(): void;
}

/**
 * Opens an event stream over real HTTP with fetch and reads it as a browser's EventSource would
 * (`id:`, `event:`, `data:` lines, blank-line separated; comments apart). A refusal resolves
 * with its status and no events.
 * @example const stream = await openEventStream(`${base}/api/v1/projects/${id}/events`, { token });
 */
export async function openEventStream(
  url: string,
  options: { token?: string; lastEventId?: string } = {},
): Promise<StreamClient & { body: string }> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lastEventId !== undefined ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  let body = '';
  const isStream = response.ok && response.headers.get('content-type')?.startsWith('text/event-stream');
  // A refusal is read whole before returning.
  if (!isStream) body = await response.text();
  const ended = (async () => {
    if (!isStream || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ReceivedEvent = { id: null, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data += (hasData ? '\n' : '') + line.slice(6);
              hasData = true;
            }
          }
          if (hasData) events.push(event);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by the test, or cut by the server.
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    get body() {
      return body;
    },
    events,
    comments,
    ended,
    async waitFor(count, filter = () => true, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = events.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) {
          throw new Error(
            `got ${matching.length} of ${count} events within ${timeoutMs} ms: ${events.map((e) => e.event).join(', ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    },
    payloads(filter = () => true) {
      return events
        .filter(filter)
        .filter((event) => event.event !== 'reset')
        .map((event) => JSON.parse(event.data));
    },
    close: () => controller.abort(),
  };
}
