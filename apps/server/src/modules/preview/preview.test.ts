import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.js';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  dialectName,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
} from '../../test/harness.js';

/** Live preview (API.md "Live preview"): preview URLs, and tokens that read one document and nothing else. */
describe(`live preview (${dialectName})`, () => {
  const clock = createTestClock(new Date());
  const logLines: string[] = [];
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let otherProject: string;
  const ids: Record<string, string> = {};
  const docs = (collection: string, project = projectId) =>
    `/api/v1/projects/${project}/collections/${collection}/documents`;
  const issue = (credential: Session | string, id: string, payload?: Record<string, unknown>) =>
    call(t.app, credential, {
      method: 'POST',
      url: `${docs('articles')}/${id}/preview-token`,
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({
      clock: clock.clock,
      log: createLogger(
        'info',
        new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      ),
    });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    otherProject = await createProject(t.app, owner, { name: 'Elsewhere' });
    await createCollection(t.app, owner, projectId, {
      slug: 'authors',
      name: 'Authors',
      fields: [{ name: 'name', type: 'text', required: true }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      preview_url: 'https://site.example/blog/{slug}?locale={locale}&from={collection}',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'slug', type: 'slug', options: { from: 'title' } },
        { name: 'note', type: 'text', hidden: true },
        { name: 'author', type: 'reference', options: { collection: 'authors' } },
      ],
    });
    ids.ann = (await createDocument(t.app, owner, projectId, 'authors', { data: { name: 'Ann' } })).id;
    ids.bob = (await createDocument(t.app, owner, projectId, 'authors', { data: { name: 'Bob' } })).id;
    ids.draft = (
      await createDocument(t.app, owner, projectId, 'articles', {
        data: { title: 'Hello draft', note: 'internal only', author: ids.ann },
      })
    ).id;
    await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs('articles')}/${ids.draft}`,
      payload: { data: { title: 'Hola borrador' }, locale: 'es' },
    });
    ids.other = (await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Another' } })).id;
  });
  afterAll(async () => t.close());

  it('checks preview_url templates: http(s) URLs whose placeholders are id, collection, locale or a field', async () => {
    for (const preview_url of [
      'ftp://site.example/{slug}',
      'not a url {slug}',
      'https://site.example/{missing}',
      'https://site.example/{author}',
    ]) {
      const response = await call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${projectId}/collections/articles`,
        payload: { preview_url },
      });
      expect(expectError(response, 400, 'VALIDATION_FAILED').details?.[0]?.path).toBe('preview_url');
    }
    const kept = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/collections/articles` });
    expect(kept.json().data.preview_url).toBe('https://site.example/blog/{slug}?locale={locale}&from={collection}');
  });

  it('issues a token and the filled-in preview URL for members and content:preview tokens only', async () => {
    const issued = await issue(owner, ids.draft as string, { locale: 'es' });
    expect(issued.statusCode, issued.body).toBe(201);
    const { token, url, expires_at } = issued.json().data;
    expect(token).toMatch(/^plp_/);
    expect(new Date(expires_at).getTime() - clock.clock().getTime()).toBeGreaterThan(3_590_000);
    expect(new Date(expires_at).getTime() - clock.clock().getTime()).toBeLessThanOrEqual(3_600_000);
    const filled = new URL(url);
    expect(`${filled.origin}${filled.pathname}`).toBe('https://site.example/blog/hello-draft');
    expect(filled.searchParams.get('locale')).toBe('es');
    expect(filled.searchParams.get('from')).toBe('articles');
    expect(filled.searchParams.get('plinth_preview')).toBe(token);
    // Without a body: the default locale.
    expect(new URL((await issue(owner, ids.draft as string)).json().data.url).searchParams.get('locale')).toBe('en');

    const previewer = await createToken(t.app, owner, projectId, ['content:preview']);
    expect((await issue(previewer, ids.draft as string)).statusCode).toBe(201);
    const reader = await createToken(t.app, owner, projectId, ['content:read']);
    expectError(await issue(reader, ids.draft as string), 403, 'FORBIDDEN');
    expectError(await issue(owner, 'no-such-document'), 404, 'NOT_FOUND');
    expectError(await issue(owner, ids.draft as string, { locale: 'xx' }), 400, 'VALIDATION_FAILED');
  });

  it('answers 400, not 500, when the document’s values cannot fill the host part of preview_url', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'sites',
      name: 'Sites',
      fields: [{ name: 'site', type: 'text' }],
      preview_url: 'https://{site}.site.example/',
    });
    const docs = `/api/v1/projects/${projectId}/collections/sites/documents`;
    const good = await createDocument(t.app, owner, projectId, 'sites', { data: { site: 'docs' } });
    const issued = await call(t.app, owner, { method: 'POST', url: `${docs}/${good.id}/preview-token`, payload: {} });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(new URL(issued.json().data.url).host).toBe('docs.site.example');
    for (const site of ['two words', 'evil.example/x', 'a@b']) {
      const bad = await createDocument(t.app, owner, projectId, 'sites', { data: { site } });
      const response = await call(t.app, owner, {
        method: 'POST',
        url: `${docs}/${bad.id}/preview-token`,
        payload: {},
      });
      expect(expectError(response, 400, 'VALIDATION_FAILED').details).toEqual([
        {
          path: 'preview_url',
          message:
            "cannot be filled in with this document's values: they do not make a valid URL; change the values or the collection's preview URL",
        },
      ]);
    }
  });

  it('reads exactly its document’s working copy, and the documents it references, as Bearer or ?plinth_preview', async () => {
    const { token } = (await issue(owner, ids.draft as string, { locale: 'es' })).json().data;
    const viaHeader = await call(t.app, token, { method: 'GET', url: `${docs('articles')}/${ids.draft}?locale=es` });
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    expect(viaHeader.json().data).toMatchObject({ id: ids.draft, status: 'draft', data: { title: 'Hola borrador' } });
    // Hidden fields are the members' own.
    expect(viaHeader.json().data.data).not.toHaveProperty('note');
    const viaQuery = await t.app.inject({
      method: 'GET',
      url: `${docs('articles')}/${ids.draft}?populate=author&plinth_preview=${token}`,
    });
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);
    expect(viaQuery.json().data.data.author).toMatchObject({ id: ids.ann, data: { name: 'Ann' } });
    const referenced = await call(t.app, token, { method: 'GET', url: `${docs('authors')}/${ids.ann}` });
    expect(referenced.statusCode).toBe(200);
  });

  it('reads nothing else: other documents, lists, GraphQL, writes, history, trash, streams, other projects', async () => {
    const { token } = (await issue(owner, ids.draft as string)).json().data;
    const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      call(t.app, token, { method, url, ...(payload ? { payload } : {}) });
    expectError(await as('GET', `${docs('articles')}/${ids.other}`), 404, 'NOT_FOUND');
    expectError(await as('GET', `${docs('authors')}/${ids.bob}`), 404, 'NOT_FOUND');
    expectError(await as('GET', `${docs('articles')}/${ids.draft}?status=deleted`), 403, 'FORBIDDEN');
    for (const [method, url, payload] of [
      ['GET', docs('articles')],
      ['GET', `${docs('articles')}?filter[id][eq]=${ids.draft}`],
      ['PATCH', `${docs('articles')}/${ids.draft}`, { data: { title: 'Hijacked' } }],
      ['POST', `${docs('articles')}/${ids.draft}/publish`],
      ['DELETE', `${docs('articles')}/${ids.draft}`],
      ['GET', `${docs('articles')}/${ids.draft}/versions`],
      ['POST', `${docs('articles')}/${ids.draft}/preview-token`],
      ['POST', `/api/v1/projects/${projectId}/graphql`, { query: '{ articles { total } }' }],
      ['GET', `/api/v1/projects/${projectId}/collections`],
      ['GET', `/api/v1/projects/${projectId}/media`],
      ['GET', `/api/v1/projects/${projectId}/events`],
      ['GET', `/api/v1/projects/${projectId}/search?q=hello`],
      ['GET', `/api/v1/projects/${projectId}`],
    ] as const) {
      const response = await as(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
    }
    expectError(await as('GET', `${docs('articles', otherProject)}/${ids.draft}`), 404, 'NOT_FOUND');
    expectError(await as('GET', '/api/v1/projects'), 403, 'FORBIDDEN');
    expect((await as('GET', '/api/v1/auth/me')).statusCode).toBe(403);
    // The draft was left as it was.
    const draft = await call(t.app, owner, { method: 'GET', url: `${docs('articles')}/${ids.draft}` });
    expect(draft.json().data).toMatchObject({ version: 2, status: 'draft' });
  });

  it('takes only preview tokens in the URL, and expires after an hour', async () => {
    const apiToken = await createToken(t.app, owner, projectId, ['content:preview']);
    for (const credential of [apiToken, owner.accessToken, 'plp_not-a-token']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${docs('articles')}/${ids.draft}?plinth_preview=${credential}`,
      });
      expectError(response, 401, 'UNAUTHENTICATED');
    }
    const { token } = (await issue(owner, ids.draft as string)).json().data;
    clock.advance(61 * 60_000);
    try {
      const expired = await call(t.app, token, { method: 'GET', url: `${docs('articles')}/${ids.draft}` });
      expect(expectError(expired, 401, 'UNAUTHENTICATED').message).toContain('expired');
    } finally {
      clock.advance(-61 * 60_000);
      owner = await signIn(t.app, owner.email, owner.password);
    }
  });

  it('never writes a preview token or a stream ticket into the logs', async () => {
    const { token } = (await issue(owner, ids.draft as string)).json().data;
    await t.app.inject({ method: 'GET', url: `${docs('articles')}/${ids.draft}?plinth_preview=${token}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/events?ticket=plet_secret-ticket` });
    const logged = logLines.join('');
    expect(logged).toContain('plinth_preview=[redacted]');
    expect(logged).not.toContain(token.slice(4));
    expect(logged).not.toContain('secret-ticket');
  });
});
