import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCollection, createProject, createToken } from '../../test/content.js';
import { type FakeModel, startFakeModel } from '../../test/fake-model.js';
import {
  call,
  createTestApp,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

const API_KEY = 'sk-test-0123456789-secret';
const TIMEOUT_MS = 2500;

/** The events of a server-sent event answer, in order, with their data parsed. */
function sseEvents(response: LightMyRequestResponse): { event: string; data: Record<string, unknown> }[] {
  return response.body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** Text generation (API.md "AI assistant") against a fake OpenAI-compatible model over real HTTP. */
describe(`AI text generation (${dialectName})`, () => {
  let model: FakeModel;
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let otherProject: string;
  let writeToken: string;
  let readToken: string;
  let otherToken: string;

  const generate = (
    credential: Session | string | null,
    payload: Record<string, unknown>,
    options: { project?: string; stream?: boolean } = {},
  ) =>
    call(t.app, credential, {
      method: 'POST',
      url: `/api/v1/projects/${options.project ?? projectId}/ai/generate`,
      payload,
      ...(options.stream ? { headers: { accept: 'text/event-stream' } } : {}),
    });
  const usage = async (project = projectId) => {
    const response = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project}/usage` });
    expect(response.statusCode).toBe(200);
    return response.json().data as { api_requests: { used: number }; ai_tokens: { used: number } };
  };

  beforeAll(async () => {
    model = await startFakeModel();
    t = await createTestApp({
      env: {
        PLINTH_AI_BASE_URL: model.baseUrl,
        PLINTH_AI_MODEL: 'test-model',
        PLINTH_AI_API_KEY: API_KEY,
        PLINTH_AI_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    otherProject = await createProject(t.app, owner, { name: 'Elsewhere' });
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        {
          name: 'title',
          type: 'text',
          label: 'Headline',
          help: 'Short and concrete',
          options: { max_length: 80 },
        },
        { name: 'body', type: 'richtext' },
        { name: 'rating', type: 'number' },
      ],
    });
    writeToken = await createToken(t.app, owner, projectId, ['content:write']);
    readToken = await createToken(t.app, owner, projectId, ['content:read']);
    otherToken = await createToken(t.app, owner, otherProject, ['content:write']);
  });

  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  beforeEach(() => model.reset());

  it('sends the exact prompt for a field, tone, length and locale, and answers the text', async () => {
    model.enqueue({ kind: 'text', text: 'Mareas que cuentan historias' });
    const response = await generate(owner, {
      prompt: 'A title about tides',
      field: 'articles.title',
      tone: 'Friendly',
      max_length: 120,
      locale: 'es',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { text: 'Mareas que cuentan historias' } });
    expect(model.requests).toHaveLength(1);
    const [sent] = model.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.body).toMatchObject({ model: 'test-model' });
    expect(sent?.body?.stream).not.toBe(true);
    expect(sent?.body?.messages).toEqual([
      {
        role: 'system',
        content: [
          "You write content for a website's content management system.",
          'Answer with the requested text only: no preamble, no explanation, no quotation marks around it.',
          'The text is the value of the field "Headline" (title) of a document in the collection "Articles".',
          "The field's guidance for editors: Short and concrete",
          'Write a single line of plain text: no line breaks, no Markdown, no HTML.',
          // The field's own limit (80) is smaller than the request's (120).
          'Use at most 80 characters.',
          'Use a friendly tone.',
          'Write in Spanish (es).',
        ].join('\n'),
      },
      { role: 'user', content: 'A title about tides' },
    ]);
  });

  it('sends only the base instructions and the prompt when nothing else is asked', async () => {
    const response = await generate(owner, { prompt: 'Two sentences about lighthouses' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.text).toBe('Generated text.');
    expect(model.requests[0]?.body?.messages).toEqual([
      {
        role: 'system',
        content:
          "You write content for a website's content management system.\n" +
          'Answer with the requested text only: no preamble, no explanation, no quotation marks around it.',
      },
      { role: 'user', content: 'Two sentences about lighthouses' },
    ]);
  });

  it('asks for HTML for a rich-text field', async () => {
    await generate(owner, { prompt: 'An intro', field: 'articles.body' });
    const messages = (model.requests[0]?.body?.messages ?? []) as { content: string }[];
    const system = messages[0]?.content ?? '';
    expect(system).toContain('The text is the value of the field "body" of a document in the collection "Articles".');
    expect(system).toContain('Write HTML using only these elements:');
  });

  it('streams server-sent events: deltas, then done with the whole text and the usage', async () => {
    model.enqueue({
      kind: 'text',
      text: 'Tides rise and fall.',
      chunks: ['Tides ', 'rise ', 'and fall.'],
      usage: { prompt_tokens: 30, completion_tokens: 6 },
    });
    const response = await generate(owner, { prompt: 'About tides' }, { stream: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(sseEvents(response)).toEqual([
      { event: 'delta', data: { text: 'Tides ' } },
      { event: 'delta', data: { text: 'rise ' } },
      { event: 'delta', data: { text: 'and fall.' } },
      { event: 'done', data: { text: 'Tides rise and fall.', usage: { prompt_tokens: 30, completion_tokens: 6 } } },
    ]);
    expect(model.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('retries a 429 after the Retry-After it names, then answers', async () => {
    model.enqueue(
      { kind: 'status', status: 429, message: 'Slow down', headers: { 'retry-after': '1' } },
      { kind: 'text', text: 'After the wait' },
    );
    const response = await generate(owner, { prompt: 'Anything' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.text).toBe('After the wait');
    expect(model.requests).toHaveLength(2);
    const [first, second] = model.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('retries a 500 and a 503 (at most twice), then answers', async () => {
    model.enqueue(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 503, headers: { 'retry-after': '0' } },
      { kind: 'text', text: 'Third time' },
    );
    const response = await generate(owner, { prompt: 'Anything' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.text).toBe('Third time');
    expect(model.requests).toHaveLength(3);
  });

  it('gives up after two retries with a 502 that says what failed', async () => {
    model.enqueue(
      { kind: 'status', status: 500, headers: { 'retry-after': '0' } },
      { kind: 'status', status: 502, headers: { 'retry-after': '0' } },
      { kind: 'status', status: 500, message: 'model crashed', headers: { 'retry-after': '0' } },
    );
    const body = expectError(await generate(owner, { prompt: 'Anything' }), 502, 'UPSTREAM_ERROR');
    expect(body.message).toBe(`The AI model at ${model.baseUrl} failed: 500 model crashed.`);
    expect(model.requests).toHaveLength(3);
  });

  it('does not wait for a Retry-After past the timeout', async () => {
    model.enqueue({ kind: 'status', status: 429, message: 'Quota', headers: { 'retry-after': '30' } });
    const started = Date.now();
    const body = expectError(await generate(owner, { prompt: 'Anything' }), 502, 'UPSTREAM_ERROR');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(body.message).toBe(
      `The AI model at ${model.baseUrl} is busy (429 Quota) and asked to wait 30 s; try again later.`,
    );
    expect(model.requests).toHaveLength(1);
  });

  it('answers 502 with a clear sentence when the model does not answer within PLINTH_AI_TIMEOUT_MS', async () => {
    model.enqueue({ kind: 'hang' });
    const started = Date.now();
    const body = expectError(await generate(owner, { prompt: 'Anything' }), 502, 'UPSTREAM_ERROR');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(body.message).toBe(`The AI model at ${model.baseUrl} did not answer within 2.5 s.`);
  });

  it('ends a stream with one error event when the model does not answer in time', async () => {
    model.enqueue({ kind: 'hang' });
    const response = await generate(owner, { prompt: 'Anything' }, { stream: true });
    expect(response.statusCode).toBe(200);
    expect(sseEvents(response)).toEqual([
      {
        event: 'error',
        data: {
          statusCode: 502,
          error: 'Bad Gateway',
          code: 'UPSTREAM_ERROR',
          message: `The AI model at ${model.baseUrl} did not answer within 2.5 s.`,
        },
      },
    ]);
  });

  it('ends a stream cut by the model with the deltas so far and one error event', async () => {
    model.enqueue({ kind: 'fail-mid-stream', chunks: ['Half ', 'a '] });
    const events = sseEvents(await generate(owner, { prompt: 'Anything' }, { stream: true }));
    expect(events.slice(0, 2)).toEqual([
      { event: 'delta', data: { text: 'Half ' } },
      { event: 'delta', data: { text: 'a ' } },
    ]);
    expect(events).toHaveLength(3);
    expect(events[2]).toMatchObject({ event: 'error', data: { statusCode: 502, code: 'UPSTREAM_ERROR' } });
    expect(String(events[2]?.data.message)).toMatch(
      /^The AI model at http:\/\/127\.0\.0\.1:\d+\/v1 stopped in the middle of its answer( \(\w+\))?; try again\.$/,
    );
  });

  it('says the model refused the request, and never shows the API key', async () => {
    model.enqueue({ kind: 'status', status: 401, message: `Incorrect API key provided: ${API_KEY}` });
    const response = await generate(owner, { prompt: 'Anything' });
    const body = expectError(response, 502, 'UPSTREAM_ERROR');
    expect(body.message).toBe(
      'The AI model refused the request: 401 Incorrect API key provided: ***. Check PLINTH_AI_API_KEY.',
    );
    expect(response.body).not.toContain(API_KEY);
    expect(model.requests).toHaveLength(1);
  });

  it('checks what the request names before calling the model', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ prompt: 'x', field: 'pages.title' }, 'field names no collection of this project (pages)'],
      [{ prompt: 'x', field: 'articles.summary' }, 'field names no field of the collection articles (summary)'],
      [
        { prompt: 'x', field: 'articles.rating' },
        'field is a number field; text can be written for text, longtext and richtext fields',
      ],
      [{ prompt: 'x', locale: 'de' }, "locale must be one of the project's locales (en, es, fr, zh)"],
    ];
    for (const [payload, message] of cases) {
      expect(expectError(await generate(owner, payload), 400, 'VALIDATION_FAILED').message).toBe(message);
    }
    for (const payload of [{}, { prompt: '' }, { prompt: 'x', extra: 1 }, { prompt: 'x', field: 'title' }]) {
      expectError(await generate(owner, payload), 400, 'VALIDATION_FAILED');
    }
    expect(model.requests).toHaveLength(0);
  });

  it('needs a credential, content:write for tokens, and the project of the token', async () => {
    expectError(await generate(null, { prompt: 'x' }), 401, 'UNAUTHENTICATED');
    expectError(await generate(readToken, { prompt: 'x' }), 403, 'FORBIDDEN');
    expectError(await generate(otherToken, { prompt: 'x' }), 404, 'NOT_FOUND');
    expect(model.requests).toHaveLength(0);
    const response = await generate(writeToken, { prompt: 'x' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-quota-limit']).toBe('1000');
  });

  it('records the tokens used per project in usage.ai_tokens', async () => {
    const before = (await usage()).ai_tokens.used;
    model.enqueue(
      { kind: 'text', text: 'One', usage: { prompt_tokens: 20, completion_tokens: 5 } },
      { kind: 'text', text: 'Two', usage: { prompt_tokens: 3, completion_tokens: 4 } },
    );
    expect((await generate(owner, { prompt: 'x' })).statusCode).toBe(200);
    expect((await generate(writeToken, { prompt: 'x' }, { stream: true })).statusCode).toBe(200);
    expect((await usage()).ai_tokens.used).toBe(before + 32);
    // Failed calls use nothing, and other projects are apart.
    model.enqueue({ kind: 'status', status: 400 });
    expectError(await generate(owner, { prompt: 'x' }), 502, 'UPSTREAM_ERROR');
    expect((await usage()).ai_tokens.used).toBe(before + 32);
    expect((await usage(otherProject)).ai_tokens.used).toBe(0);
  });

  it('counts each AI call as one API request, whoever makes it', async () => {
    const before = (await usage()).api_requests.used;
    await generate(owner, { prompt: 'x' });
    // The member's other calls (reading usage) do not count.
    expect((await usage()).api_requests.used).toBe(before + 1);
    await generate(writeToken, { prompt: 'x' });
    // Counted once, as the token request it is.
    expect((await usage()).api_requests.used).toBe(before + 2);
  });

  it('refuses AI calls past the monthly quota without calling the model', async () => {
    const project = await createProject(t.app, owner, { name: 'Busy' });
    const { used } = (await usage(project)).api_requests;
    for (let i = used; i < 1000; i++) await t.services.meter.admit(project, 1000);
    const body = expectError(await generate(owner, { prompt: 'x' }, { project }), 429, 'QUOTA_EXCEEDED');
    expect(body.message).toMatch(/^This project used its 1,000 API requests for the month/);
    expect(model.requests).toHaveLength(0);
  });
});
