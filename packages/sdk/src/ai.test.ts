import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCollection } from '../../../apps/server/src/test/content.js';
import { type FakeModel, startFakeModel } from '../../../apps/server/src/test/fake-model.js';
import type { PlinthClient } from './client.js';
import { PlinthError, PlinthNetworkError } from './errors.js';
import { clientOf, type SdkTestServer, startSdkServer } from './test/server.js';

/** A model that answers the JSON object of texts it is sent with each text prefixed by `prefix`. */
const rewriting = (prefix: string) => ({
  kind: 'reply' as const,
  answer: (body: Record<string, unknown> | null) => {
    const messages = (body?.messages ?? []) as { content: string }[];
    const texts = JSON.parse(messages[1]?.content ?? '{}') as Record<string, string>;
    return JSON.stringify(Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, `${prefix}${text}`])));
  },
});

/** Everything a stream yields, in order. */
async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

describe('the AI assistant through the SDK, over HTTP', () => {
  let model: FakeModel;
  let server: SdkTestServer;
  let client: PlinthClient;
  let documentId: string;

  beforeAll(async () => {
    model = await startFakeModel();
    server = await startSdkServer({
      env: { PLINTH_AI_BASE_URL: model.baseUrl, PLINTH_AI_MODEL: 'test-model', PLINTH_AI_TIMEOUT_MS: '5000' },
    });
    await createCollection(server.t.app, server.owner, server.projectId, {
      slug: 'articles',
      name: 'Articles',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', localized: true },
        { name: 'body', type: 'richtext', localized: true },
      ],
    });
    await server.t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${server.projectId}/audiences`,
      headers: { authorization: `Bearer ${server.owner.accessToken}` },
      payload: {
        key: 'france',
        name: 'Visitors from France',
        rules: [{ attribute: 'country', op: 'eq', value: 'FR' }],
      },
    });
    client = clientOf(server, { token: await server.token(['content:read', 'content:preview', 'content:write']) });
    documentId = (
      await client
        .collection('articles')
        .create({ title: 'Tides', body: '<p>The sea rises <strong>twice</strong>.</p>' })
    ).id;
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  it('generates text whole', async () => {
    model.enqueue({ kind: 'text', text: 'Mareas que cuentan historias' });
    expect(await client.ai.generate({ prompt: 'A title about tides', field: 'articles.title', locale: 'es' })).toEqual({
      text: 'Mareas que cuentan historias',
    });
    expect(model.requests).toHaveLength(1);
  });

  it('streams the deltas in order, then holds the whole text and usage', async () => {
    model.enqueue({
      kind: 'text',
      text: 'Tides turn twice a day.',
      chunks: ['Tides ', 'turn ', 'twice ', 'a ', 'day.'],
      usage: { prompt_tokens: 30, completion_tokens: 5 },
    });
    const stream = client.ai.stream({ prompt: 'A sentence about tides' });
    expect(stream.result).toBeNull();
    expect(await collect(stream)).toEqual(['Tides ', 'turn ', 'twice ', 'a ', 'day.']);
    expect(stream.result).toEqual({
      text: 'Tides turn twice a day.',
      usage: { prompt_tokens: 30, completion_tokens: 5 },
    });
    expect(model.requests[0]?.body?.stream).toBe(true);
  });

  it('closes the request when the loop is left early', async () => {
    model.enqueue({ kind: 'text', text: 'One two three', chunks: ['One ', 'two ', 'three'] });
    const signals: AbortSignal[] = [];
    const watched = clientOf(server, {
      token: await server.token(['content:write']),
      fetch: (input, init) => {
        if (init?.signal) signals.push(init.signal);
        return globalThis.fetch(input, init);
      },
    });
    for await (const delta of watched.ai.stream({ prompt: 'Count' })) {
      expect(delta).toBe('One ');
      break;
    }
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it("throws the stream's error event as a PlinthError after the deltas that came before it", async () => {
    model.enqueue({ kind: 'fail-mid-stream', chunks: ['Half ', 'a '] });
    const deltas: string[] = [];
    const failure = await (async () => {
      for await (const delta of client.ai.stream({ prompt: 'Anything' })) deltas.push(delta);
    })().catch((error: unknown) => error);
    expect(deltas).toEqual(['Half ', 'a ']);
    expect(failure).toBeInstanceOf(PlinthError);
    expect(failure).toMatchObject({ status: 502, code: 'UPSTREAM_ERROR' });
  });

  it('stops with the abort reason when aborted, and sends nothing when already aborted', async () => {
    model.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const reason = new Error('the user closed the panel');
    setTimeout(() => controller.abort(reason), 200);
    await expect(collect(client.ai.stream({ prompt: 'Anything' }, { signal: controller.signal }))).rejects.toBe(reason);
    const aborted = AbortSignal.abort(reason);
    await expect(collect(client.ai.stream({ prompt: 'Anything' }, { signal: aborted }))).rejects.toBe(reason);
    // The second call never left: only the first reached the model.
    expect(model.requests).toHaveLength(1);
  });

  it('refuses a credential that may not write with the typed error, before any delta', async () => {
    const reader = clientOf(server, { token: await server.token(['content:read']) });
    const failure = await collect(reader.ai.stream({ prompt: 'Anything' })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlinthError);
    expect(failure).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await expect(reader.ai.generate({ prompt: 'Anything' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(model.requests).toHaveLength(0);
  });

  it('translates a document into other locales, as unpublished changes', async () => {
    model.enqueue(rewriting('ES '), rewriting('FR '));
    const translated = await client.ai.translate({
      document_id: documentId,
      source_locale: 'en',
      target_locales: ['es', 'fr'],
    });
    expect(translated.id).toBe(documentId);
    expect(translated.data.title).toMatchObject({ en: 'Tides', es: 'ES Tides', fr: 'FR Tides' });
    expect(model.requests).toHaveLength(2);
    const spanish = await client.collection('articles').get(documentId, { locale: 'es' });
    expect(spanish.data.title).toBe('ES Tides');
  });

  it("answers an SEO report with the model's suggestions", async () => {
    model.enqueue({
      kind: 'text',
      text: '{"meta_title": "Tides", "meta_description": "How the sea rises twice a day.", "keywords": ["tides"]}',
    });
    const report = await client.ai.seo({ document_id: documentId, keyword: 'tides' });
    expect(report.score).toBeGreaterThanOrEqual(0);
    expect(report.checks.map((check) => check.id)).toContain('keyword_in_title');
    expect(report.suggestions).toEqual({
      meta_title: 'Tides',
      meta_description: 'How the sea rises twice a day.',
      keywords: ['tides'],
    });
  });

  it("writes an audience's variant through the model", async () => {
    model.enqueue(rewriting('Bonjour! '));
    const variant = await client.ai.variant({ document_id: documentId, audience: 'france', fields: ['title'] });
    expect(variant).toMatchObject({ audience: 'france', data: { title: 'Bonjour! Tides' }, published_data: null });
    expect((await client.variants.list('articles', documentId)).data.map((each) => each.audience)).toEqual(['france']);
  });
});

describe('the AI assistant through the SDK, without a model', () => {
  let server: SdkTestServer;
  let client: PlinthClient;

  beforeAll(async () => {
    server = await startSdkServer();
    await createCollection(server.t.app, server.owner, server.projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'title', type: 'text' }],
    });
    client = clientOf(server);
  });
  afterAll(() => server?.close());

  it('surfaces 503 AI_NOT_CONFIGURED as a PlinthError, whole or streamed', async () => {
    const whole = await client.ai.generate({ prompt: 'Anything' }).catch((error: unknown) => error);
    expect(whole).toBeInstanceOf(PlinthError);
    expect(whole).toMatchObject({ status: 503, code: 'AI_NOT_CONFIGURED' });
    const streamed = await collect(client.ai.stream({ prompt: 'Anything' })).catch((error: unknown) => error);
    expect(streamed).toBeInstanceOf(PlinthError);
    expect(streamed).not.toBeInstanceOf(PlinthNetworkError);
    expect(streamed).toMatchObject({ status: 503, code: 'AI_NOT_CONFIGURED' });
  });

  it('still measures SEO, with no suggestions', async () => {
    const note = await client.collection('notes').create({ title: 'A note' });
    const report = await client.ai.seo({ document_id: note.id });
    expect(report.suggestions).toBeNull();
    expect(report.checks.length).toBeGreaterThan(0);
  });
});
