import type { Field } from '@plinth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken, uploadAsset } from '../../test/content.js';
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
import { measureSeo } from './seo-checks.js';

const FIGURE: Field[] = [
  { name: 'image', type: 'media' },
  { name: 'caption', type: 'text' },
] as Field[];
const FIELDS: Field[] = [
  { name: 'title', type: 'text', localized: true },
  { name: 'description', type: 'text', localized: true },
  { name: 'slug', type: 'slug' },
  { name: 'body', type: 'richtext', localized: true },
  { name: 'cover', type: 'media' },
  { name: 'sections', type: 'blocks', options: { components: ['figure'] } },
] as Field[];

const TITLE = 'Tides explained: how the moon moves the sea';
const DESCRIPTION = 'Why the sea rises and falls twice a day, and what the moon and the sun have to do with tides.';
const BODY =
  '<h2>What tides are</h2><p>Tides are the regular rise and fall of the sea. The moon pulls the water toward it.</p>' +
  '<h2>Spring and neap tides</h2><p>When the sun and the moon line up, tides are higher. Read <a href="/blog/moon">about the moon</a>.</p>';

async function setUp(t: TestApp) {
  const owner = await signUp(t.app);
  const projectId = await createProject(t.app, owner);
  const component = await call(t.app, owner, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/components`,
    payload: { name: 'figure', fields: FIGURE },
  });
  expect(component.statusCode, component.body).toBe(201);
  await createCollection(t.app, owner, projectId, { slug: 'articles', name: 'Articles', fields: FIELDS });
  const assetId = await uploadAsset(t.app, owner, projectId);
  const doc = await createDocument(t.app, owner, projectId, 'articles', {
    data: {
      title: TITLE,
      description: DESCRIPTION,
      slug: 'tides-explained',
      body: BODY,
      cover: assetId,
      sections: [{ _component: 'figure', _key: 'f1', image: assetId, caption: 'The moon over the sea' }],
    },
  });
  return { owner, projectId, assetId, doc };
}

/** SEO checks and suggestions (API.md "AI assistant"). */
describe(`AI SEO without a model (${dialectName})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the measured checks of the working copy, with suggestions null', async () => {
    const { owner, projectId, assetId, doc } = await setUp(t);
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/ai/seo`,
      payload: { document_id: doc.id, keyword: 'tides' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.suggestions).toBeNull();
    expect(data.checks.map((check: { id: string }) => check.id)).toEqual([
      'title_length',
      'description_length',
      'headings',
      'keyword_in_title',
      'keyword_density',
      'image_alt',
      'readability',
      'slug',
      'links',
    ]);
    const byId = Object.fromEntries(data.checks.map((check: { id: string }) => [check.id, check]));
    expect(byId.keyword_in_title.status).toBe('pass');
    expect(byId.title_length.status).toBe('pass');
    // The uploaded image has no alt text: found through the media library, in the cover and in the block.
    expect(byId.image_alt).toEqual({
      id: 'image_alt',
      status: 'fail',
      message: '2 of 2 images have no alt text (cover, sections.0.image): describe each image in its alt text.',
    });
    const expected = measureSeo({
      collection: { display_field: null, fields: FIELDS },
      data: {
        title: TITLE,
        description: DESCRIPTION,
        slug: 'tides-explained',
        body: BODY,
        cover: assetId,
        sections: [{ _component: 'figure', _key: 'f1', image: assetId, caption: 'The moon over the sea' }],
      },
      locale: 'en',
      keyword: 'tides',
      components: new Map([['figure', FIGURE]]),
      assetAlts: new Map([[assetId, null]]),
    });
    expect(data).toEqual({ score: expected.score, checks: expected.checks, suggestions: null });
  });

  it('checks the locale and the document', async () => {
    const { owner, projectId, doc } = await setUp(t);
    const url = `/api/v1/projects/${projectId}/ai/seo`;
    const body = expectError(
      await call(t.app, owner, { method: 'POST', url, payload: { document_id: doc.id, locale: 'de' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(body.message).toBe("locale must be one of the project's locales (en, es, fr, zh)");
    expectError(await call(t.app, owner, { method: 'POST', url, payload: { document_id: 'nope' } }), 404, 'NOT_FOUND');
    const spanish = await call(t.app, owner, { method: 'POST', url, payload: { document_id: doc.id, locale: 'es' } });
    expect(spanish.statusCode).toBe(200);
    // Spanish has no values of its own: it reads as delivery shows it (the default locale's), measured as Spanish.
    expect(spanish.json().data.checks[6]).toEqual({
      id: 'readability',
      status: 'pass',
      message: 'Readability (Flesch reading ease) is only measured for English; not measured for "es".',
    });
  });
});

describe(`AI SEO with a model (${dialectName})`, () => {
  let model: FakeModel;
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let docId: string;
  let readToken: string;
  let writeToken: string;

  const seo = (credential: Session | string | null, payload: Record<string, unknown>) =>
    call(t.app, credential, { method: 'POST', url: `/api/v1/projects/${projectId}/ai/seo`, payload });

  beforeAll(async () => {
    model = await startFakeModel();
    t = await createTestApp({
      env: { PLINTH_AI_BASE_URL: model.baseUrl, PLINTH_AI_MODEL: 'test-model', PLINTH_AI_TIMEOUT_MS: '3000' },
    });
    const made = await setUp(t);
    owner = made.owner;
    projectId = made.projectId;
    docId = made.doc.id;
    readToken = await createToken(t.app, owner, projectId, ['content:read']);
    writeToken = await createToken(t.app, owner, projectId, ['content:write']);
  });

  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  beforeEach(() => model.reset());

  it('sends the exact prompt and answers the suggestions, trimmed', async () => {
    model.enqueue({
      kind: 'text',
      text: '```json\n{"meta_title": " Tides explained ", "meta_description": "How the moon moves the sea.", "keywords": ["tides", " moon "]}\n```',
    });
    const response = await seo(writeToken, { document_id: docId, keyword: 'tides' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.suggestions).toEqual({
      meta_title: 'Tides explained',
      meta_description: 'How the moon moves the sea.',
      keywords: ['tides', 'moon'],
    });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.body?.messages).toEqual([
      {
        role: 'system',
        content: [
          'You are an SEO editor for a website.',
          'Answer with a JSON object only, no explanation and no Markdown code fence: {"meta_title": string, "meta_description": string, "keywords": string[]}.',
          'meta_title: at most 60 characters; meta_description: at most 160 characters; keywords: 3 to 8 short search phrases.',
          'Write in English (en).',
          'The page should rank for "tides": use it in the meta title and description.',
        ].join('\n'),
      },
      {
        role: 'user',
        content: [
          `Title: ${TITLE}`,
          `Description: ${DESCRIPTION}`,
          'Content:',
          TITLE,
          DESCRIPTION,
          'What tides are Tides are the regular rise and fall of the sea. The moon pulls the water toward it. Spring and neap tides When the sun and the moon line up, tides are higher. Read about the moon .',
          'The moon over the sea',
        ].join('\n'),
      },
    ]);
  });

  it('answers 502 for an answer of the wrong shape or length', async () => {
    const cases: [string, string][] = [
      ['Sure! Here are some ideas.', 'the answer is not JSON'],
      ['{"meta_title": "Tides", "keywords": []}', 'meta_description is not a text'],
      [
        JSON.stringify({ meta_title: 'x'.repeat(61), meta_description: 'Fine.', keywords: ['a'] }),
        'meta_title is longer than 60 characters',
      ],
      [
        JSON.stringify({ meta_title: 'Tides', meta_description: 'Fine.', keywords: 'tides' }),
        'keywords is not a list of at most 20 texts',
      ],
    ];
    for (const [text, reason] of cases) {
      model.enqueue({ kind: 'text', text });
      const body = expectError(await seo(owner, { document_id: docId }), 502, 'UPSTREAM_ERROR');
      expect(body.message).toBe(`The AI model's SEO suggestions were not the JSON object asked for (${reason}).`);
    }
    model.enqueue({ kind: 'status', status: 400, message: 'Nope' });
    expectError(await seo(owner, { document_id: docId }), 502, 'UPSTREAM_ERROR');
  });

  it('needs a credential and content:write for tokens', async () => {
    expectError(await seo(null, { document_id: docId }), 401, 'UNAUTHENTICATED');
    expectError(await seo(readToken, { document_id: docId }), 403, 'FORBIDDEN');
    expect(model.requests).toHaveLength(0);
  });
});
