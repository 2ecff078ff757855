import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  createCollection,
  createDocument,
  createProject,
  createToken,
  uploadAsset,
} from '../../test/content.js';
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

/** A stand-in translation: every word gets the locale after it; tags are left alone. */
const fakeTranslate = (value: string, locale: string): string =>
  value.replace(/(<[^>]*>)|([^\s<>]+)/g, (_match, tag: string | undefined, word: string) => tag ?? `${word}~${locale}`);

const messagesOf = (request: ModelRequest | undefined) =>
  (request?.body?.messages ?? []) as { role: string; content: string }[];

/** The target locale a translation request names (`… to Spanish (es).`). */
const targetOf = (request: ModelRequest | undefined): string =>
  /to .+ \(([a-zA-Z-]+)\)\.\n/.exec(messagesOf(request)[0]?.content ?? '')?.[1] ?? '?';

/** A model that translates what it is sent with fakeTranslate (`alter` may spoil its answer). */
const translator = (alter: (texts: Record<string, string>) => Record<string, string> = (texts) => texts) => ({
  kind: 'reply' as const,
  answer: (body: Record<string, unknown> | null) => {
    const messages = (body?.messages ?? []) as { content: string }[];
    const locale = /to .+ \(([a-zA-Z-]+)\)\.\n/.exec(messages[0]?.content ?? '')?.[1] ?? '?';
    const texts = JSON.parse(messages[1]?.content ?? '{}') as Record<string, string>;
    return JSON.stringify(
      alter(Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, fakeTranslate(text, locale)]))),
    );
  },
});

const SYSTEM_ES = [
  "You translate the content of a website's content management system from English (en) to Spanish (es).",
  'You receive a JSON object whose values are texts to translate.',
  'Answer with a JSON object that has exactly the same keys, each holding the translation of its value: no other keys, no explanation, no Markdown code fence.',
  'A value that contains HTML is translated as HTML: keep every tag and attribute exactly as it is, in the same order, and translate only the text between the tags.',
  'Keep URLs, e-mail addresses, numbers and line breaks as they are.',
].join('\n');

/** Document translation (API.md "AI assistant") against a fake model over real HTTP. */
describe(`AI translation (${dialectName})`, () => {
  let model: FakeModel;
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let writeToken: string;
  let readToken: string;
  let assetId: string;
  let author: Session;

  const translate = (credential: Session | string | null, payload: Record<string, unknown>) =>
    call(t.app, credential, { method: 'POST', url: `/api/v1/projects/${projectId}/ai/translate`, payload });
  const documentUrl = (id: string) => `/api/v1/projects/${projectId}/collections/pages/documents/${id}`;
  const read = async (id: string) => {
    const response = await call(t.app, owner, { method: 'GET', url: `${documentUrl(id)}?locale=*` });
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
    for (const component of [
      {
        name: 'hero',
        fields: [
          { name: 'heading', type: 'text' },
          { name: 'text', type: 'richtext' },
          { name: 'image', type: 'media' },
          { name: 'style', type: 'select', options: { choices: ['light', 'dark'] } },
        ],
      },
      {
        name: 'group',
        fields: [
          { name: 'title', type: 'text' },
          { name: 'items', type: 'blocks', options: { components: ['hero'] } },
        ],
      },
    ]) {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/components`,
        payload: component,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'summary', type: 'longtext', localized: true },
        { name: 'body', type: 'richtext', localized: true },
        { name: 'sections', type: 'blocks', localized: true, options: { components: ['hero', 'group'] } },
        { name: 'category', type: 'select', localized: true, options: { choices: ['news', 'guide'] } },
        { name: 'code', type: 'text' },
        { name: 'rating', type: 'number' },
      ],
    });
    writeToken = await createToken(t.app, owner, projectId, ['content:write']);
    readToken = await createToken(t.app, owner, projectId, ['content:read']);
    assetId = await uploadAsset(t.app, owner, projectId);
    author = await addMember(t.app, owner, projectId, 'author');
  });

  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  beforeEach(() => model.reset());

  const SECTIONS = () => [
    {
      _component: 'hero',
      _key: 'k-hero',
      heading: 'Big news',
      text: '<p>Read <a href="https://example.com/a?x=1&amp;y=2" class="cta">the story</a> now.</p>',
      image: assetId,
      style: 'dark',
    },
    {
      _component: 'group',
      _key: 'k-group',
      title: 'More',
      items: [{ _component: 'hero', _key: 'k-inner', heading: 'Inner heading', style: 'light' }],
    },
  ];

  it('sends the exact prompt, one request per target locale', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'pages', {
      data: { title: 'Hello', body: '<p>Hi <strong>there</strong></p>' },
    });
    model.enqueue(translator(), translator());
    const response = await translate(owner, { document_id: doc.id, source_locale: 'en', target_locales: ['es', 'fr'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(model.requests).toHaveLength(2);
    expect(messagesOf(model.requests[0])).toEqual([
      { role: 'system', content: SYSTEM_ES },
      { role: 'user', content: '{"1":"Hello","2":"<p>Hi <strong>there</strong></p>"}' },
    ]);
    expect(messagesOf(model.requests[1])[0]?.content).toBe(SYSTEM_ES.replace('Spanish (es)', 'French (fr)'));
    expect(response.json().data.data.title).toEqual({ en: 'Hello', es: 'Hello~es', fr: 'Hello~fr' });
  });

  it('fills the target locales keeping markup, blocks and other values; only they change, as one new version', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'pages', {
      data: {
        title: 'Hello world',
        summary: 'First line.\n\nSecond paragraph here.',
        body: '<h2 id="top">Intro</h2><p>Some <em>rich</em> text<br>and more.</p>',
        sections: SECTIONS(),
        category: 'news',
        code: 'ABC-1',
        rating: 4,
      },
    });
    // Spanish already has its own choice; Chinese is never asked for.
    const patch = await call(t.app, owner, {
      method: 'PATCH',
      url: documentUrl(doc.id),
      payload: { locale: 'es', data: { category: 'guide' } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const publish = await call(t.app, owner, { method: 'POST', url: `${documentUrl(doc.id)}/publish`, payload: {} });
    expect(publish.statusCode, publish.body).toBe(200);
    const before = await read(doc.id);

    model.enqueue(translator(), translator());
    const response = await translate(writeToken, {
      document_id: doc.id,
      source_locale: 'en',
      target_locales: ['es', 'fr'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(model.requests.map(targetOf)).toEqual(['es', 'fr']);
    const answered = response.json().data;
    expect(answered).toEqual(await read(doc.id));
    expect(answered.version).toBe(before.version + 1);
    expect(answered.locale_status).toMatchObject({ en: 'published', es: 'changed', fr: 'changed' });

    const expected = (locale: string) => {
      const sections = SECTIONS();
      const [hero, group] = sections as unknown as [Record<string, unknown>, Record<string, unknown>];
      hero.heading = fakeTranslate('Big news', locale);
      hero.text = fakeTranslate(before.data.sections.en[0].text, locale);
      group.title = fakeTranslate('More', locale);
      (group.items as Record<string, unknown>[])[0] = {
        _component: 'hero',
        _key: 'k-inner',
        heading: fakeTranslate('Inner heading', locale),
        style: 'light',
      };
      return {
        title: `Hello~${locale} world~${locale}`,
        summary: `First~${locale} line.~${locale}\n\nSecond~${locale} paragraph~${locale} here.~${locale}`,
        // Rich text is stored as the server cleaned it (`<br />`).
        body: fakeTranslate(before.data.body.en, locale),
        sections,
      };
    };
    const { data } = answered;
    for (const name of ['title', 'summary', 'body', 'sections']) {
      expect(data[name].en, name).toEqual(before.data[name].en);
      expect(data[name].es, name).toEqual(expected('es')[name as 'title']);
      expect(data[name].fr, name).toEqual(expected('fr')[name as 'title']);
      expect(data[name].zh, name).toEqual(before.data[name].zh);
    }
    expect(before.data.body.en).toBe('<h2 id="top">Intro</h2><p>Some <em>rich</em> text<br />and more.</p>');
    expect(data.sections.es[0].text).toBe(
      '<p>Read~es <a href="https://example.com/a?x=1&amp;y=2" rel="noopener noreferrer">the~es story~es</a> now.~es</p>',
    );
    // Choices stay as each locale had them; fields that are not localized are untouched.
    expect(data.category).toEqual(before.data.category);
    expect(data.category.es).toBe('guide');
    expect(data.code).toBe('ABC-1');
    expect(data.rating).toBe(4);
    // The published snapshot is as it was: the translation waits to be published.
    const published = await call(t.app, readToken, { method: 'GET', url: `${documentUrl(doc.id)}?locale=es` });
    expect(published.json().data.data.title).toBe('Hello world');
  });

  it('writes nothing when one of two target locales fails', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'pages', {
      data: { title: 'Hello', summary: 'Two words' },
    });
    const before = await read(doc.id);
    model.enqueue(translator(), { kind: 'status', status: 400, message: 'Bad request' });
    const body = expectError(
      await translate(owner, { document_id: doc.id, source_locale: 'en', target_locales: ['es', 'fr'] }),
      502,
      'UPSTREAM_ERROR',
    );
    expect(body.message).toBe('The AI model refused the request: 400 Bad request.');
    expect(model.requests).toHaveLength(2);
    expect(await read(doc.id)).toEqual(before);
  });

  it('answers 502 and writes nothing when the model changes the markup', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'pages', {
      data: { title: 'Hello', body: '<p>Hi <strong>there</strong></p>' },
    });
    const before = await read(doc.id);
    model.enqueue(
      translator((texts) =>
        Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, text.replace(/strong>/g, 'b>')])),
      ),
    );
    const body = expectError(
      await translate(owner, { document_id: doc.id, source_locale: 'en', target_locales: ['es'] }),
      502,
      'UPSTREAM_ERROR',
    );
    expect(body.message).toBe(
      'The AI model changed the markup of a rich text while translating into Spanish (es); nothing was written.',
    );
    expect(await read(doc.id)).toEqual(before);
  });

  it('answers 502 when the answer misses a key or is not JSON', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Hello', summary: 'There' } });
    const before = await read(doc.id);
    model.enqueue(translator(({ '1': first = '' }) => ({ '1': first })));
    expect(
      expectError(
        await translate(owner, { document_id: doc.id, source_locale: 'en', target_locales: ['es'] }),
        502,
        'UPSTREAM_ERROR',
      ).message,
    ).toBe(
      "The AI model's translation into Spanish (es) was not the JSON object asked for (keys missing: 2); nothing was written.",
    );
    model.enqueue({ kind: 'text', text: 'Hola' });
    expect(
      expectError(
        await translate(owner, { document_id: doc.id, source_locale: 'en', target_locales: ['es'] }),
        502,
        'UPSTREAM_ERROR',
      ).message,
    ).toBe(
      "The AI model's translation into Spanish (es) was not the JSON object asked for (the answer is not JSON); nothing was written.",
    );
    expect(await read(doc.id)).toEqual(before);
  });

  it('splits a long document into requests within the budget', async () => {
    const sentence = (n: number) => `Sentence number ${n} tells a little more about the tides and the "moon".`;
    const paragraphs = Array.from(
      { length: 30 },
      (_, p) => `<p>${Array.from({ length: 5 }, (_, s) => sentence(p * 5 + s)).join(' ')}</p>`,
    );
    const body = `<h2>Tides</h2>${paragraphs.join('\n')}`;
    const summary = Array.from({ length: 90 }, (_, n) => sentence(n)).join(' ');
    expect(body.length + summary.length).toBeGreaterThan(15_000);
    const doc = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Tides', summary, body } });
    model.enqueue(...Array.from({ length: 20 }, () => translator()));
    const response = await translate(owner, { document_id: doc.id, source_locale: 'en', target_locales: ['es'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(model.requests.length).toBeGreaterThanOrEqual(3);
    for (const request of model.requests) {
      const size = messagesOf(request).reduce((sum, message) => sum + message.content.length, 0);
      expect(size).toBeLessThanOrEqual(6000);
      expect(targetOf(request)).toBe('es');
    }
    const data = response.json().data.data;
    expect(data.body.es).toBe(fakeTranslate(body, 'es'));
    expect(data.summary.es).toBe(fakeTranslate(summary, 'es'));
  });

  it('checks the document and the locales before calling the model', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Hello' } });
    expectError(
      await translate(owner, { document_id: 'no-such-document', source_locale: 'en', target_locales: ['es'] }),
      404,
      'NOT_FOUND',
    );
    const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
      [
        { source_locale: 'de', target_locales: ['es'] },
        [{ path: 'source_locale', message: "must be one of the project's locales (en, es, fr, zh)" }],
      ],
      [
        { source_locale: 'en', target_locales: ['es', 'en', 'es', 'it'] },
        [
          { path: 'target_locales.1', message: 'is the source locale' },
          { path: 'target_locales.2', message: 'names es a second time' },
          { path: 'target_locales.3', message: "must be one of the project's locales (en, es, fr, zh)" },
        ],
      ],
    ];
    for (const [payload, details] of cases) {
      const body = expectError(await translate(owner, { document_id: doc.id, ...payload }), 400, 'VALIDATION_FAILED');
      expect(body.details).toEqual(details);
    }
    const empty = expectError(
      await translate(owner, { document_id: doc.id, source_locale: 'en', target_locales: [] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(empty.details?.[0]?.path).toMatch(/target_locales/);
    expect(model.requests).toHaveLength(0);
  });

  it('needs a credential, content:write for tokens, and the right to edit the document', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Hello' } });
    const payload = { document_id: doc.id, source_locale: 'en', target_locales: ['es'] };
    expectError(await translate(null, payload), 401, 'UNAUTHENTICATED');
    expectError(await translate(readToken, payload), 403, 'FORBIDDEN');
    // An author edits only their own documents: refused before the model is paid.
    expectError(await translate(author, payload), 403, 'FORBIDDEN');
    expect(model.requests).toHaveLength(0);
    expect((await read(doc.id)).version).toBe(doc.version);
  });
});
