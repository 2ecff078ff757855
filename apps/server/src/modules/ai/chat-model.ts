import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import type { AiConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';

/** One message of a chat-completions conversation. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: readonly ChatMessage[];
  /** The most tokens the answer may have; the model's own limit when absent. */
  maxTokens?: number;
  temperature?: number;
  /** Aborts the call (the caller went away); the model's timeout applies regardless. */
  signal?: AbortSignal;
}

/** Tokens as the model reported them (0 when it reported none). */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatAnswer {
  text: string;
  usage: TokenUsage;
}

/** What a streamed answer yields: text deltas as they come, then one `done` with the whole answer. */
export type ChatStreamEvent = { type: 'delta'; text: string } | ({ type: 'done' } & ChatAnswer);

/**
 * A chat model, as the AI features use it (generation, translation, variant writing). Every
 * failure is an AppError: 502 UPSTREAM_ERROR with a sentence that says what to check.
 * @example
 * const { text, usage } = await model.complete({ messages: [{ role: 'user', content: 'Hello' }] });
 * for await (const event of model.stream({ messages })) if (event.type === 'delta') write(event.text);
 */
export interface ChatModel {
  /** How messages name the model: `the AI model at http://localhost:11434/v1`. */
  readonly name: string;
  complete(request: ChatRequest): Promise<ChatAnswer>;
  stream(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
}

/** Retries after a 429 or 5xx answer (so at most three attempts), each within the one timeout. */
export const MAX_RETRIES = 2;
/** The wait before a retry when the answer did not say (`Retry-After`): doubled each time. */
const FIRST_BACKOFF_MS = 500;
/** How much of the model's own error message reaches people. */
const MAX_DETAIL_CHARS = 300;

const retryable = (status: number | undefined): boolean => status === 429 || (status !== undefined && status >= 500);

/**
 * How long the answer asked to wait: `retry-after-ms` (OpenAI), else `Retry-After` in seconds or
 * as an HTTP date; null when it did not say.
 * @example retryAfterMs(new Headers({ 'retry-after': '2' }), Date.now()) // 2000
 */
export function retryAfterMs(headers: Headers | undefined, now: number): number | null {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after')?.trim();
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** `60 s`, `1.5 s`, `0.2 s`: a duration as people read it in messages. */
const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`;

/** A base URL as it may be shown: any `user:password@` part is masked. */
const shownUrl = (raw: string): string => raw.replace(/\/\/[^/?#]*@/, '//***@');

interface Attempt {
  signal: AbortSignal;
  /** What is left of the timeout. */
  remainingMs: number;
}

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, llama.cpp's server, vLLM,
 * LM Studio) through the `openai` client. The operator chose the URL, so local and private
 * addresses are fine; redirects are never followed. `timeoutMs` bounds a whole call: its
 * retries and, for streams, the whole answer.
 */
export class OpenAiCompatibleModel implements ChatModel {
  readonly name: string;
  private readonly client: OpenAI;

  constructor(
    private readonly config: AiConfig,
    private readonly log: Logger,
  ) {
    this.name = `the AI model at ${shownUrl(config.baseUrl)}`;
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // Local servers need no key; the client insists on one, and they ignore it.
      apiKey: config.apiKey ?? 'none',
      // Passed explicitly so that the client reads nothing from the environment.
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      maxRetries: 0,
      timeout: config.timeoutMs,
      logLevel: 'off',
      fetchOptions: { redirect: 'manual' },
    });
  }

  async complete(request: ChatRequest): Promise<ChatAnswer> {
    return this.call(request, async ({ signal, remainingMs }) => {
      const completion = await this.client.chat.completions.create(
        { ...this.params(request), stream: false },
        { signal, timeout: remainingMs, maxRetries: 0 },
      );
      return {
        text: completion.choices[0]?.message.content ?? '',
        usage: {
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
        },
      };
    });
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const { signal, timedOut, dispose } = this.deadline(request.signal);
    try {
      // Retried until the answer starts; once text has been sent on, a failure ends the stream.
      const stream = await this.retrying(signal, timedOut, (attempt) =>
        this.client.chat.completions.create(
          { ...this.params(request), stream: true, stream_options: { include_usage: true } },
          { signal: attempt.signal, timeout: attempt.remainingMs, maxRetries: 0 },
        ),
      );
      let text = '';
      const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
      try {
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) {
            text += delta;
            yield { type: 'delta', text: delta };
          }
          if (chunk.usage) {
            usage.promptTokens = chunk.usage.prompt_tokens ?? 0;
            usage.completionTokens = chunk.usage.completion_tokens ?? 0;
          }
        }
      } catch (error) {
        throw this.failure(error, timedOut(), { midStream: true });
      }
      yield { type: 'done', text, usage };
    } finally {
      dispose();
    }
  }

  private params(request: ChatRequest) {
    return {
      model: this.config.model,
      messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    };
  }

  /** One call, retried, within the timeout. */
  private async call<T>(request: ChatRequest, attempt: (attempt: Attempt) => Promise<T>): Promise<T> {
    const { signal, timedOut, dispose } = this.deadline(request.signal);
    try {
      return await this.retrying(signal, timedOut, attempt);
    } finally {
      dispose();
    }
  }

  /** A signal that aborts at the timeout or when the caller's does. */
  private deadline(caller: AbortSignal | undefined) {
    const started = Date.now();
    const controller = new AbortController();
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      controller.abort();
    }, this.config.timeoutMs);
    const onCallerAbort = () => controller.abort();
    caller?.addEventListener('abort', onCallerAbort, { once: true });
    if (caller?.aborted) controller.abort();
    return {
      signal: controller.signal,
      started,
      timedOut: () => expired,
      dispose: () => {
        // A stream its reader left early is cut rather than left running.
        controller.abort();
        clearTimeout(timer);
        caller?.removeEventListener('abort', onCallerAbort);
      },
    };
  }

  private async retrying<T>(
    signal: AbortSignal,
    timedOut: () => boolean,
    attempt: (attempt: Attempt) => Promise<T>,
  ): Promise<T> {
    const deadlineAt = Date.now() + this.config.timeoutMs;
    for (let retry = 0; ; retry += 1) {
      try {
        // A little beyond the deadline: our own timer speaks first, with the clearer message.
        return await attempt({ signal, remainingMs: Math.max(1, deadlineAt - Date.now()) + 1000 });
      } catch (error) {
        if (timedOut() || signal.aborted || !(error instanceof OpenAI.APIError) || !retryable(error.status)) {
          throw this.failure(error, timedOut());
        }
        const wait = retryAfterMs(error.headers, Date.now()) ?? FIRST_BACKOFF_MS * 2 ** retry;
        if (retry >= MAX_RETRIES || Date.now() + wait >= deadlineAt) throw this.failure(error, false, { wait });
        this.log.warn({ status: error.status, waitMs: wait, retry: retry + 1 }, 'The AI model asked to retry');
        try {
          await sleep(wait, undefined, { signal });
        } catch {
          throw this.failure(error, timedOut());
        }
      }
    }
  }

  /** The model's own words about a failure: no longer than a sentence, never the API key. */
  private detail(error: InstanceType<typeof OpenAI.APIError>): string {
    const body = error.error as { message?: unknown } | undefined;
    const raw =
      typeof body?.message === 'string' && body.message
        ? body.message
        : error.message.replace(/^\d{3}\s*/, '').replace(/^status code \(no body\)$/, '');
    let text = raw.replace(/\s+/g, ' ').trim();
    if (this.config.apiKey) text = text.split(this.config.apiKey).join('***');
    return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
  }

  /** The AppError people see for a failed call; logged without the key. */
  private failure(error: unknown, timedOut: boolean, context: { wait?: number; midStream?: boolean } = {}): AppError {
    if (error instanceof AppError) return error;
    const name = this.name;
    const wantedWaitMs = context.wait;
    const hasStatus = error instanceof OpenAI.APIError && error.status !== undefined;
    let message: string;
    if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError) {
      message = `The AI model at ${shownUrl(this.config.baseUrl)} did not answer within ${seconds(this.config.timeoutMs)}.`;
    } else if (context.midStream && !hasStatus && !(error instanceof OpenAI.APIUserAbortError)) {
      message = `${capitalize(name)} stopped in the middle of its answer${errorCode(error)}; try again.`;
    } else if (error instanceof OpenAI.APIUserAbortError) {
      message = 'The request to the AI model was cancelled.';
    } else if (error instanceof OpenAI.APIConnectionError) {
      message = `${capitalize(name)} could not be reached${errorCode(error)}; check PLINTH_AI_BASE_URL and that the model server is running.`;
    } else if (error instanceof OpenAI.APIError && error.status !== undefined) {
      const status = error.status;
      const detail = this.detail(error);
      const said = `${status}${detail ? ` ${detail}` : ''}`;
      if (status === 429) {
        message =
          wantedWaitMs !== undefined && wantedWaitMs > 0
            ? `${capitalize(name)} is busy (${said}) and asked to wait ${seconds(wantedWaitMs)}; try again later.`
            : `${capitalize(name)} is busy (${said}); try again later.`;
      } else if (status >= 500) {
        message = `${capitalize(name)} failed: ${said}.`;
      } else if (status === 401 || status === 403) {
        message = `The AI model refused the request: ${said}. Check PLINTH_AI_API_KEY.`;
      } else if (status === 404) {
        message = `The AI model refused the request: ${said}. Check PLINTH_AI_MODEL (${this.config.model}) and PLINTH_AI_BASE_URL.`;
      } else {
        message = `The AI model refused the request: ${said}.`;
      }
    } else {
      const text = error instanceof Error ? error.message : String(error);
      const scrubbed = this.config.apiKey ? text.split(this.config.apiKey).join('***') : text;
      message = `${capitalize(name)} failed: ${scrubbed.slice(0, MAX_DETAIL_CHARS)}`;
    }
    this.log.warn({ reason: message }, 'An AI model call failed');
    return new AppError('UPSTREAM_ERROR', message);
  }
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** ` (ECONNREFUSED)`: the network error's code, found on the error or its causes; '' when none. */
function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Object; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return ` (${code})`;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

/**
 * The configured model, or null when PLINTH_AI_BASE_URL is not set (AI features answer 503).
 * @example const model = createChatModel(config.ai, log);
 */
export function createChatModel(config: AiConfig | null, log: Logger): ChatModel | null {
  return config ? new OpenAiCompatibleModel(config, log) : null;
}
