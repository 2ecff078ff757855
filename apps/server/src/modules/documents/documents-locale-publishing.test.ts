import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { graphqlData } from '../../test/graphql.js';
import {
  call,
  createTestClock,
  dialectName,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
} from '../../test/harness.js';
import { createWebhookTestApp, eventually, type Receiver, startReceiver } from '../../test/webhooks.js';

/**
 * Per-locale publishing (API.md "Per-locale publishing"): the snapshot a `content:read` token
 * reads, checked locale by locale after each publish and unpublish.
 */
describe(`documents: per-locale publishing (${dialectName})`, () => {
  const clock = createTestClock(new Date());
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let reader: string;
  let receiver: Receiver;
  const docs = `/articles/documents`;
  const url = (path: string) => `/api/v1/projects/${projectId}/collections${docs}${path}`;
  const post = (path: string, payload?: Record<string, unknown>) =>
    call(t.app, owner, { method: 'POST', url: url(path), ...(payload ? { payload } : {}) });
  const patch = (id: string, payload: Record<string, unknown>) =>
    call(t.app, owner, { method: 'PATCH', url: url(`/${id}`), payload });
  /** What a content:read token reads of the document in `locale`. */
  const published = async (id: string, locale: string) => {
    const response = await call(t.app, reader, { method: 'GET', url: url(`/${id}?locale=${locale}`) });
    return response.statusCode === 200 ? response.json().data : response.statusCode;
  };
  const working = async (id: string) => (await call(t.app, owner, { method: 'GET', url: url(`/${id}`) })).json().data;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createWebhookTestApp({ env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }, clock: clock.clock });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    const component = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/components`,
      payload: { name: 'note', fields: [{ name: 'text', type: 'text' }] },
    });
    expect(component.statusCode, component.body).toBe(201);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'body', type: 'blocks', localized: true, options: { components: ['note'] } },
        { name: 'views', type: 'integer' },
      ],
    });
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    const hook = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: receiver.url, events: ['document.published', 'document.unpublished'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** A document with English and Spanish values, never published. */
  async function bilingual(title: string) {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: `${title} EN`, views: 1, body: [{ _component: 'note', _key: 'a', text: 'one' }] },
    });
    await patch(created.id, {
      data: { title: `${title} ES`, body: [{ _component: 'note', _key: 'a', text: 'uno' }] },
      locale: 'es',
    });
    return created.id as string;
  }

  it('publishes the default locale alone first; other locales read its values until they are published', async () => {
    const id = await bilingual('First');
    const first = await post(`/${id}/publish`, { locales: ['en'] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 'published',
      locale_status: { en: 'published', es: 'draft', fr: 'draft', zh: 'draft' },
    });
    expect((await published(id, 'en')).data).toMatchObject({ title: 'First EN', views: 1 });
    // Spanish readers fall back to English: the Spanish values are not published.
    const spanish = await published(id, 'es');
    expect(spanish.data.title).toBe('First EN');
    expect(spanish.data.body).toEqual([{ _component: 'note', _key: 'a', text: 'one' }]);
    expect(spanish.locale_status).toEqual({ en: 'published', es: 'draft', fr: 'draft', zh: 'draft' });

    // English moves on (title and the shared views), then only Spanish is published.
    await patch(id, { data: { title: 'First EN v2', views: 2 } });
    expect((await working(id)).locale_status).toMatchObject({ en: 'changed', es: 'draft' });
    const es = await post(`/${id}/publish`, { locales: ['es'] });
    expect(es.statusCode, es.body).toBe(200);
    expect(es.json().data).toMatchObject({
      status: 'changed',
      locale_status: { en: 'changed', es: 'published', fr: 'draft', zh: 'draft' },
    });
    // English kept exactly what was published before; shared fields follow the default locale.
    expect((await published(id, 'en')).data).toMatchObject({ title: 'First EN', views: 1 });
    const spanishNow = (await published(id, 'es')).data;
    expect(spanishNow).toMatchObject({ title: 'First ES', views: 1 });
    expect(spanishNow.body).toEqual([{ _component: 'note', _key: 'a', text: 'uno' }]);
    // French has nothing of its own: the default locale's values.
    expect((await published(id, 'fr')).data.title).toBe('First EN');

    const everything = await call(t.app, reader, { method: 'GET', url: url(`/${id}?locale=*`) });
    expect(everything.json().data.data.title).toEqual({ en: 'First EN', es: 'First ES' });

    // Publishing English now brings the shared value with it.
    await post(`/${id}/publish`, { locales: ['en'] });
    expect((await published(id, 'es')).data).toMatchObject({ title: 'First ES', views: 2 });
    expect(await working(id)).toMatchObject({
      status: 'published',
      locale_status: { en: 'published', es: 'published', fr: 'draft', zh: 'draft' },
    });
  });

  it('refuses a first publish without the default locale, unknown locales and empty lists', async () => {
    const id = await bilingual('Refused');
    const spanishFirst = expectError(await post(`/${id}/publish`, { locales: ['es'] }), 400, 'VALIDATION_FAILED');
    expect(spanishFirst.details?.[0]?.path).toBe('locales');
    expect(spanishFirst.message).toContain('en');
    for (const locales of [['de'], [], ['en', 'en'], 'en']) {
      expectError(await post(`/${id}/publish`, { locales }), 400, 'VALIDATION_FAILED');
      expectError(await post(`/${id}/unpublish`, { locales }), 400, 'VALIDATION_FAILED');
    }
    expectError(await post(`/${id}/publish`, { locales: ['en'], extra: true }), 400, 'VALIDATION_FAILED');
    expect(await published(id, 'en')).toBe(404);
    expect((await working(id)).status).toBe('draft');
  });

  it('publishes every locale without a body, and unpublishes one locale or the whole document', async () => {
    const id = await bilingual('Whole');
    const all = await post(`/${id}/publish`);
    expect(all.json().data.locale_status).toEqual({
      en: 'published',
      es: 'published',
      fr: 'published',
      zh: 'published',
    });
    expect((await published(id, 'es')).data.title).toBe('Whole ES');

    const withdrawn = await post(`/${id}/unpublish`, { locales: ['es'] });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({
      status: 'published',
      locale_status: { en: 'published', es: 'draft', fr: 'published', zh: 'published' },
    });
    // Spanish readers get the default locale's values; English is untouched.
    expect((await published(id, 'es')).data.title).toBe('Whole EN');
    expect((await published(id, 'en')).data.title).toBe('Whole EN');

    // Unpublishing the default locale unpublishes the document.
    const gone = await post(`/${id}/unpublish`, { locales: ['en'] });
    expect(gone.json().data).toMatchObject({
      status: 'draft',
      published_at: null,
      locale_status: { en: 'draft', es: 'draft', fr: 'draft', zh: 'draft' },
    });
    expect(await published(id, 'en')).toBe(404);
  });

  it('carries locale_status on lists, GraphQL and snapshots, and an undone edit is no change', async () => {
    const id = await bilingual('Listed');
    await post(`/${id}/publish`, { locales: ['en', 'es'] });
    await patch(id, { data: { title: 'Listed ES edited' }, locale: 'es' });
    const list = await call(t.app, owner, { method: 'GET', url: url(`?filter[id][eq]=${id}`) });
    expect(list.json().data[0].locale_status).toEqual({ en: 'published', es: 'changed', fr: 'draft', zh: 'draft' });
    // A reader of the snapshot learns which locales are published, never that drafts moved on.
    const readerList = await call(t.app, reader, { method: 'GET', url: url(`?filter[id][eq]=${id}`) });
    expect(readerList.json().data[0].locale_status).toEqual({
      en: 'published',
      es: 'published',
      fr: 'draft',
      zh: 'draft',
    });
    const graphql = await graphqlData<{ article: { locale_status: Record<string, string>; status: string } }>(
      t.app,
      owner,
      projectId,
      `{ article(id: "${id}") { status locale_status } }`,
    );
    expect(graphql.article).toEqual({
      status: 'changed',
      locale_status: { en: 'published', es: 'changed', fr: 'draft', zh: 'draft' },
    });
    await patch(id, { data: { title: 'Listed ES' }, locale: 'es' });
    expect(await working(id)).toMatchObject({ status: 'published', locale_status: { es: 'published' } });
  });

  it('publishes and unpublishes locales through GraphQL', async () => {
    const id = await bilingual('Graph');
    const data = await graphqlData<{ publishArticle: { locale_status: Record<string, string> } }>(
      t.app,
      owner,
      projectId,
      `mutation { publishArticle(id: "${id}", locales: ["en", "fr"]) { locale_status } }`,
    );
    expect(data.publishArticle.locale_status).toEqual({ en: 'published', es: 'draft', fr: 'published', zh: 'draft' });
    const after = await graphqlData<{ unpublishArticle: { status: string; locale_status: Record<string, string> } }>(
      t.app,
      owner,
      projectId,
      `mutation { unpublishArticle(id: "${id}", locales: ["fr"]) { status locale_status } }`,
    );
    expect(after.unpublishArticle).toEqual({
      status: 'published',
      locale_status: { en: 'published', es: 'draft', fr: 'draft', zh: 'draft' },
    });
  });

  it('names the locales in webhook payloads, and versions record what was published from them', async () => {
    const id = await bilingual('Hooked');
    await post(`/${id}/publish`, { locales: ['en'] });
    await post(`/${id}/publish`, { locales: ['es', 'zh'] });
    await post(`/${id}/unpublish`, { locales: ['zh'] });
    await post(`/${id}/unpublish`);
    const forDocument = (request: { body: string }) => JSON.parse(request.body).data.id === id;
    const bodies = (await receiver.waitFor(4, forDocument))
      .map((request) => JSON.parse(request.body))
      .sort((a, b) => a.sequence - b.sequence);
    expect(bodies.map((body) => [body.event, body.data.locales])).toEqual([
      ['document.published', ['en']],
      ['document.published', ['es', 'zh']],
      ['document.unpublished', ['zh']],
      ['document.unpublished', ['en', 'es', 'fr', 'zh']],
    ]);
    // The payload of a locale's publish is the snapshot, with the other locales as they were.
    expect(bodies[1].data.data.title).toEqual({ en: 'Hooked EN', es: 'Hooked ES' });

    const versions = await call(t.app, owner, { method: 'GET', url: url(`/${id}/versions`) });
    expect(
      versions
        .json()
        .data.map((v: { version: number; published_locales: string[] }) => [v.version, v.published_locales]),
    ).toEqual([
      [2, ['en', 'es', 'zh']],
      [1, []],
    ]);
  });

  it('records every locale as published from the first version of a document created published', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Born published' },
      status: 'published',
    });
    expect(created.locale_status).toEqual({ en: 'published', es: 'published', fr: 'published', zh: 'published' });
    const versions = await call(t.app, owner, { method: 'GET', url: url(`/${created.id}/versions`) });
    expect(versions.json().data[0]).toMatchObject({ version: 1, published_locales: ['en', 'es', 'fr', 'zh'] });
  });

  it('schedules a publish of some locales, and runs it on time', async () => {
    const id = await bilingual('Scheduled');
    await post(`/${id}/publish`, { locales: ['en'] });
    const at = new Date(clock.clock().getTime() + 3_600_000).toISOString();
    const refused = await post(`/${id}/schedule`, { publish_at: at, locales: ['xx'] });
    expectError(refused, 400, 'VALIDATION_FAILED');
    const scheduled = await post(`/${id}/schedule`, { publish_at: at, locales: ['es'] });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data).toMatchObject({ publish_at: at, publish_locales: ['es'], unpublish_locales: null });
    const list = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/schedules` });
    expect(list.json().data).toContainEqual({
      document_id: id,
      collection: 'articles',
      action: 'publish',
      at,
      locales: ['es'],
    });
    // A publish of other locales leaves the scheduled one in place.
    await post(`/${id}/publish`, { locales: ['fr'] });
    expect(await working(id)).toMatchObject({ publish_at: at, publish_locales: ['es'] });

    clock.advance(3_600_001);
    // An hour on, the access token has expired: sign in again.
    owner = await signIn(t.app, owner.email, owner.password);
    await eventually(async () => (await working(id)).locale_status.es === 'published');
    expect(await working(id)).toMatchObject({ publish_at: null, publish_locales: null });
    expect((await published(id, 'es')).data.title).toBe('Scheduled ES');

    // A document never published cannot be scheduled to appear in Spanish alone.
    const fresh = await bilingual('Never');
    const never = await post(`/${fresh}/schedule`, {
      publish_at: new Date(clock.clock().getTime() + 60_000).toISOString(),
      locales: ['es'],
    });
    expect(expectError(never, 400, 'VALIDATION_FAILED').details?.[0]?.path).toBe('locales');
  });
});
