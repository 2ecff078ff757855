import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake model received. */
export interface ModelRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body (chat-completions parameters), or null when it was not JSON. */
  body: Record<string, unknown> | null;
  /** When it arrived (Date.now()). */
  at: number;
}

/**
 * What the fake answers to one request.
 * - `text`: the model's answer; as one JSON completion, or as SSE chunks when the request asked
 *   to stream (`chunks`, else the text split in words), with a final usage chunk when
 *   `stream_options.include_usage` is set.
 * - `status`: an HTTP error with an OpenAI-shaped error body (`message`) and headers (`Retry-After`).
 * - `hang`: never answers (the connection stays open until the client gives up).
 * - `fail-mid-stream`: starts a stream, sends `chunks`, then cuts the connection.
 * - `reply`: the answer `answer` computes from the request's body (a model that reads its prompt).
 */
export type ModelBehaviour =
  | {
      kind: 'text';
      text: string;
      chunks?: string[];
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'fail-mid-stream'; chunks: string[] }
  | { kind: 'reply'; answer: (body: Record<string, unknown> | null) => string };

export interface FakeModel {
  /** `http://127.0.0.1:<port>/v1`: what PLINTH_AI_BASE_URL is set to. */
  baseUrl: string;
  /** Every request so far, in order. */
  requests: ModelRequest[];
  /** Queues answers for the next requests, in order; once they are used up, `fallback` answers. */
  enqueue(...behaviours: ModelBehaviour[]): void;
  /** Forgets recorded requests and queued answers. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_USAGE = { prompt_tokens: 12, completion_tokens: 7 };

/**
 * A local OpenAI-compatible chat-completions server over real HTTP, for tests of the AI features:
 * it records what it is sent and answers as scripted.
 * @example
 * const model = await startFakeModel();
 * model.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { kind: 'text', text: 'Hi' });
 * … env: { PLINTH_AI_BASE_URL: model.baseUrl, PLINTH_AI_MODEL: 'test-model' } …
 * await model.close();
 */
export async function startFakeModel(options: { fallback?: ModelBehaviour } = {}): Promise<FakeModel> {
  const fallback: ModelBehaviour = options.fallback ?? { kind: 'text', text: 'Generated text.' };
  const requests: ModelRequest[] = [];
  let queue: ModelBehaviour[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() });
      const behaviour = queue.shift() ?? fallback;
      answer(res, body, behaviour);
    });
  });

  function answer(res: http.ServerResponse, body: Record<string, unknown> | null, given: ModelBehaviour) {
    const behaviour: Exclude<ModelBehaviour, { kind: 'reply' }> =
      given.kind === 'reply' ? { kind: 'text', text: given.answer(body) } : given;
    const model = typeof body?.model === 'string' ? body.model : 'fake';
    const created = Math.floor(Date.now() / 1000);
    switch (behaviour.kind) {
      case 'hang':
        return;
      case 'status':
        res.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
        res.end(
          JSON.stringify({
            error: { message: behaviour.message ?? `Fake failure ${behaviour.status}`, type: 'fake_error' },
          }),
        );
        return;
      case 'fail-mid-stream':
      case 'text': {
        const streaming = body?.stream === true;
        if (!streaming && behaviour.kind === 'text') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: 'chatcmpl-fake',
              object: 'chat.completion',
              created,
              model,
              choices: [{ index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' }],
              usage: {
                ...(behaviour.usage ?? DEFAULT_USAGE),
                total_tokens:
                  (behaviour.usage ?? DEFAULT_USAGE).prompt_tokens +
                  (behaviour.usage ?? DEFAULT_USAGE).completion_tokens,
              },
            }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const parts =
          behaviour.kind === 'fail-mid-stream'
            ? behaviour.chunks
            : (behaviour.chunks ?? behaviour.text.split(/(?<= )/).filter((part) => part !== ''));
        const chunk = (choices: unknown[], usage?: unknown) =>
          `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model, choices, ...(usage ? { usage } : {}) })}\n\n`;
        res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
        for (const part of parts) res.write(chunk([{ index: 0, delta: { content: part }, finish_reason: null }]));
        if (behaviour.kind === 'fail-mid-stream') {
          // Once what was written has reached the client.
          setTimeout(() => res.destroy(), 50);
          return;
        }
        res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
        const includeUsage = (body?.stream_options as { include_usage?: unknown } | undefined)?.include_usage;
        if (includeUsage === true) {
          const usage = behaviour.usage ?? DEFAULT_USAGE;
          res.write(chunk([], { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens }));
        }
        res.end('data: [DONE]\n\n');
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...behaviours) => {
      queue.push(...behaviours);
    },
    reset: () => {
      requests.length = 0;
      queue = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests would hold the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
