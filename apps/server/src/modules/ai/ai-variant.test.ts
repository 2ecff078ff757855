import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { type FakeModel, type ModelRequest, startFakeModel } from '../../test/fake-model.js';
import {
  call,
  createTestApp,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

const messagesOf = (request: ModelRequest | undefined) =>
  (request?.body?.messages ?? []) as { role: string; content: string }[];

/** A model that rewrites every word it is sent as `word!`, leaving tags alone (`alter` may spoil its answer). */
const rewriter = (alter: (texts: Record<string, string>) => Record<string, string> = (texts) => texts) => ({
  kind: 'reply' as const,
  answer: (body: Record<string, unknown> | null) => {
    const messages = (body?.messages ?? []) as { content: string }[];
    const texts = JSON.parse(messages[1]?.content ?? '{}') as Record<string, string>;
    const rewrite = (value: string) =>
      value.replace(/(<[^>]*>)|([^\s<>]+)/g, (_match, tag: string | undefined, word: string) => tag ?? `${word}!`);
    return JSON.stringify(alter(Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, rewrite(text)]))));
  },
});

const SYSTEM_FRANCE = [
  "You adapt the content of a website's content management system for one audience of its visitors, in English (en).",
  'The audience is "Visitors from France": visitors for whom the visitor\'s country is "FR" and the visitor\'s device is one of "mobile", "tablet".',
  'You receive a JSON object whose values are texts of one page.',
  'Answer with a JSON object that has exactly the same keys, each holding its value rewritten for this audience, in the same language: no other keys, no explanation, no Markdown code fence.',
  'A value that contains HTML is rewritten as HTML: keep every tag and attribute exactly as it is, in the same order, and rewrite only the text between the tags.',
  'Keep URLs, e-mail addresses and line breaks as they are, and keep each text about as long as it is.',
].join('\n');

/** Variant writing (API.md "Personalization") against a fake model over real HTTP. */
describe(`AI variant writing (${dialectName})`, () => {
  let model: FakeModel;
  let t: TestApp;
  let owner: Session;
  let author: Session;
  let projectId: string;
  let writeToken: string;
  let readToken: string;

  const write = (credential: Session | string | null, payload: Record<string, unknown>) =>
    call(t.app, credential, { method: 'POST', url: `/api/v1/projects/${projectId}/ai/variant`, payload });
  const documentUrl = (id: string) => `/api/v1/projects/${projectId}/collections/pages/documents/${id}`;
  const variantsOf = async (id: string) => {
    const response = await call(t.app, owner, { method: 'GET', url: `${documentUrl(id)}/variants?locale=*` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    model = await startFakeModel();
    t = await createTestApp({
      env: { PLINTH_AI_BASE_URL: model.baseUrl, PLINTH_AI_MODEL: 'test-model', PLINTH_AI_TIMEOUT_MS: '3000' },
    });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    author = await addMember(t.app, owner, projectId, 'author');
    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'summary', type: 'longtext', localized: true },
        { name: 'body', type: 'richtext', localized: true },
        { name: 'tagline', type: 'text' },
        { name: 'rating', type: 'number' },
        { name: 'note', type: 'text', hidden: true },
      ],
    });
    for (const audience of [
      {
        key: 'france',
        name: 'Visitors from France',
        rules: [
          { attribute: 'country', op: 'eq', value: 'FR' },
          { attribute: 'device', op: 'in', value: ['mobile', 'tablet'] },
        ],
      },
      { key: 'pro', name: 'Pro plan', match: 'any', rules: [{ attribute: 'custom.plan', op: 'eq', value: 'pro' }] },
    ]) {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/audiences`,
        payload: audience,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    writeToken = await createToken(t.app, owner, projectId, ['content:write']);
    readToken = await createToken(t.app, owner, projectId, ['content:read']);
  });

  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  beforeEach(() => model.reset());

  const page = () =>
    createDocument(t.app, owner, projectId, 'pages', {
      data: {
        title: 'Hello world',
        summary: 'First line.\n\nSecond line.',
        body: '<h2 id="top">Intro</h2><p>Read <a href="https://example.com/a?x=1&amp;y=2" rel="noopener noreferrer">the story</a> now.</p>',
        tagline: 'Plain',
        rating: 4,
      },
    });

  it('sends the exact prompt: the audience by its name and rules, the chosen texts as JSON', async () => {
    const doc = await page();
    model.enqueue(rewriter());
    const response = await write(owner, { document_id: doc.id, audience: 'france', fields: ['title', 'body'] });
    expect(response.statusCode, response.body).toBe(201);
    expect(model.requests).toHaveLength(1);
    expect(messagesOf(model.requests[0])).toEqual([
      { role: 'system', content: SYSTEM_FRANCE },
      {
        role: 'user',
        content: JSON.stringify({
          '1': 'Hello world',
          '2': '<h2 id="top">Intro</h2><p>Read <a href="https://example.com/a?x=1&amp;y=2" rel="noopener noreferrer">the story</a> now.</p>',
        }),
      },
    ]);
  });

  it('writes the variant as the PUT does, delivered with ?audience= for the chosen fields only, markup kept', async () => {
    const doc = await page();
    model.enqueue(rewriter());
    const response = await write(writeToken, { document_id: doc.id, audience: 'france', fields: ['title', 'body'] });
    expect(response.statusCode, response.body).toBe(201);
    const body =
      '<h2 id="top">Intro!</h2><p>Read! <a href="https://example.com/a?x=1&amp;y=2" rel="noopener noreferrer">the! story!</a> now.!</p>';
    expect(response.json().data).toMatchObject({
      audience: 'france',
      locale: 'en',
      data: { title: 'Hello! world!', body },
      published_data: null,
    });
    expect(Object.keys(response.json().data.data).sort()).toEqual(['body', 'title']);
    const [listed] = await variantsOf(doc.id);
    expect(listed.data).toEqual({ title: { en: 'Hello! world!' }, body: { en: body } });

    const delivered = await call(t.app, owner, { method: 'GET', url: `${documentUrl(doc.id)}?audience=france` });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().meta.audience).toBe('france');
    expect(delivered.json().data.data).toMatchObject({
      title: 'Hello! world!',
      body,
      summary: 'First line.\n\nSecond line.',
      tagline: 'Plain',
      rating: 4,
    });

    // Written again for another field: the variant's other overrides stay, and it answers 200.
    model.enqueue(rewriter());
    const again = await write(owner, { document_id: doc.id, audience: 'france', fields: ['tagline'] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.data).toEqual({ title: 'Hello! world!', body, tagline: 'Plain!' });
  });

  it('rewrites every text field with a value by default, in the locale asked for', async () => {
    const doc = await page();
    const patch = await call(t.app, owner, {
      method: 'PATCH',
      url: documentUrl(doc.id),
      payload: { locale: 'es', data: { title: 'Hola' } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    model.enqueue(rewriter(), rewriter());
    const english = await write(owner, { document_id: doc.id, audience: 'pro' });
    expect(english.statusCode, english.body).toBe(201);
    expect(JSON.parse(messagesOf(model.requests[0])[1]?.content ?? '{}')).toEqual({
      '1': 'Hello world',
      '2': 'First line.\n\nSecond line.',
      '3': '<h2 id="top">Intro</h2><p>Read <a href="https://example.com/a?x=1&amp;y=2" rel="noopener noreferrer">the story</a> now.</p>',
      '4': 'Plain',
    });
    expect(messagesOf(model.requests[0])[0]?.content).toContain(
      'The audience is "Pro plan": visitors for whom the visitor\'s custom attribute "plan" is "pro".',
    );
    const spanish = await write(owner, { document_id: doc.id, audience: 'pro', locale: 'es' });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(messagesOf(model.requests[1])[0]?.content).toContain('in Spanish (es).');
    expect(JSON.parse(messagesOf(model.requests[1])[1]?.content ?? '{}')).toEqual({ '1': 'Hola', '2': 'Plain' });
    expect(spanish.json().data).toMatchObject({ locale: 'es', data: { title: 'Hola!', tagline: 'Plain!' } });
    const [variant] = await variantsOf(doc.id);
    expect(variant.data.title).toEqual({ en: 'Hello! world!', es: 'Hola!' });
  });

  it('answers 502 and writes nothing when the answer is malformed or changes the markup', async () => {
    const doc = await page();
    for (const behaviour of [
      { kind: 'text' as const, text: 'Sure! Here is your variant.' },
      { kind: 'text' as const, text: '{"1":"Only one"}' },
      rewriter((texts) => ({ ...texts, '2': '<p>Markup gone</p>' })),
    ]) {
      model.enqueue(behaviour);
      expectError(
        await write(owner, { document_id: doc.id, audience: 'france', fields: ['title', 'body'] }),
        502,
        'UPSTREAM_ERROR',
      );
    }
    expect(model.requests).toHaveLength(3);
    expect(await variantsOf(doc.id)).toEqual([]);
  });

  it('answers 404 for an unknown document or audience and 400 for fields that cannot be written', async () => {
    const doc = await page();
    expectError(
      await write(owner, { document_id: '01J00000000000000000000000', audience: 'france' }),
      404,
      'NOT_FOUND',
    );
    expectError(await write(owner, { document_id: doc.id, audience: 'nobody' }), 404, 'NOT_FOUND');
    for (const fields of [['nope'], ['rating'], ['title', 'rating']]) {
      const body = expectError(
        await write(owner, { document_id: doc.id, audience: 'france', fields }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.[0]?.path).toBe(`fields.${fields.length - 1}`);
    }
    // A hidden field is not a field for a token; a field without text cannot be rewritten.
    expectError(
      await write(writeToken, { document_id: doc.id, audience: 'france', fields: ['note'] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await write(owner, { document_id: doc.id, audience: 'france', fields: ['summary'], locale: 'es' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await write(owner, { document_id: doc.id, audience: 'france', locale: 'xx' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await write(owner, { document_id: doc.id, audience: 'france', extra: 1 }), 400, 'VALIDATION_FAILED');
    expect(model.requests).toHaveLength(0);
  });

  it('needs a credential, content:write for tokens, and the right to edit the document', async () => {
    const doc = await page();
    const payload = { document_id: doc.id, audience: 'france', fields: ['title'] };
    expectError(await write(null, payload), 401, 'UNAUTHENTICATED');
    expectError(await write(readToken, payload), 403, 'FORBIDDEN');
    expect(model.requests).toHaveLength(0);
    // An author may create documents but edit only their own, as with the PUT: refused before the model is paid.
    expectError(await write(author, payload), 403, 'FORBIDDEN');
    expect(model.requests).toHaveLength(0);
    expect(await variantsOf(doc.id)).toEqual([]);
  });
});
