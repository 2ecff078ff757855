import type { AiGenerateBody, AiGenerated, AiGeneratedDone, AiTokenUsage } from '@plinth/contract';
import { createParser } from 'eventsource-parser';
import { ApiError, api, responseError } from '../../../lib/api-client';
import { aiPath } from './paths';

export type { AiGenerateBody };

/** How a generation ended: the whole text, and the tokens used when the server said. */
export interface GenerationResult {
  text: string;
  usage: AiTokenUsage | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** An `event: error` frame: the API's error body, sent after the stream had begun. */
function streamError(body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  return new ApiError({
    status: typeof record.statusCode === 'number' ? record.statusCode : 502,
    code: typeof record.code === 'string' ? record.code : null,
    serverMessage: typeof record.message === 'string' && record.message ? record.message : null,
    body,
  });
}

const abortError = () => new DOMException('The generation was stopped', 'AbortError');

/**
 * Writes text with the project's model, streamed: `onDelta` gets each piece as it arrives
 * (server-sent events, `Accept: text/event-stream`). Resolves with the `done` event's text;
 * rejects with an ApiError for a refusal (503 AI_NOT_CONFIGURED, 502…) or an `event: error`
 * frame, and with an AbortError when `signal` stops it (what arrived was already handed out).
 * @example await streamGeneration({ projectId: 'p1', body: { prompt: 'An intro' }, onDelta: (t) => (shown += t) });
 */
export async function streamGeneration({
  projectId,
  body,
  signal,
  onDelta,
}: {
  projectId: string;
  body: AiGenerateBody;
  signal?: AbortSignal;
  onDelta: (text: string) => void;
}): Promise<GenerationResult> {
  const response = await api.fetch(aiPath(projectId, 'generate'), {
    method: 'POST',
    body,
    headers: { Accept: 'text/event-stream' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await responseError(response);
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    // A server (or proxy) that answers the JSON form instead: the text comes in one piece.
    const answer = (await response.json()) as { data: AiGenerated };
    onDelta(answer.data.text);
    return { text: answer.data.text, usage: null };
  }

  // Set by the parser's callback: an object, so the checks below read it as it is now.
  const end: { result: GenerationResult | null; failure: ApiError | null } = { result: null, failure: null };
  const parser = createParser({
    onEvent: (event) => {
      if (end.result || end.failure) return;
      const data = parseData(event.data);
      if (event.event === 'delta' && isRecord(data) && typeof data.text === 'string') onDelta(data.text);
      else if (event.event === 'done' && isRecord(data) && typeof data.text === 'string') {
        end.result = { text: data.text, usage: isRecord(data.usage) ? (data.usage as AiGeneratedDone['usage']) : null };
      } else if (event.event === 'error') end.failure = streamError(data);
    },
  });

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  // The fetch's own abort ends the body too; cancelling here also covers bodies that ignore it.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    while (!end.result && !end.failure) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw abortError();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (signal?.aborted) throw abortError();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  if (end.failure) throw end.failure;
  if (end.result) {
    cancel();
    return end.result;
  }
  throw new ApiError({
    status: 0,
    code: 'NETWORK',
    serverMessage: 'The answer stopped before the text was complete. What arrived is kept.',
  });
}
