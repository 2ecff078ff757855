import type {
  AppliedStarter,
  Asset,
  Collection,
  Component,
  Document,
  ProjectOverview,
  Starter,
} from '@plinth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.js';
import { createCollection, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';
import { fillStorage } from '../../test/media.js';
import { mediaQuota } from '../plans/plans.js';
import { BLOG_STARTER } from './catalog/blog.js';
import { StartersService } from './starters.service.js';

describe(`project starters (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;

  const ok = async (promise: Promise<LightMyRequestResponse>, status = 200) => {
    const response = await promise;
    expect(response.statusCode, response.body).toBe(status);
    return response;
  };
  const get = async <T>(projectId: string, suffix: string, credential: Session | string = owner) =>
    (await ok(call(t.app, credential, { method: 'GET', url: `/api/v1/projects/${projectId}${suffix}` }))).json<T>();
  const apply = (projectId: string, starter: string, credential: Session | string | null = owner) =>
    call(t.app, credential, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/starter`,
      payload: { starter },
    });
  const applied = async (projectId: string, starter: string) =>
    (await ok(apply(projectId, starter), 201)).json<{ data: AppliedStarter }>().data;
  const documents = (projectId: string, collection: string, query = '', credential: Session | string = owner) =>
    get<{ data: Document[]; meta: { total: number } }>(
      projectId,
      `/collections/${collection}/documents?limit=100${query}`,
      credential,
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
  });
  afterAll(async () => t.close());

  it('lists the starters to anyone, with what each creates', async () => {
    const response = await ok(t.app.inject({ method: 'GET', url: '/api/v1/starters' }));
    const starters = response.json<{ data: Starter[] }>().data;
    expect(starters.map((starter) => starter.id)).toEqual(['blog', 'docs', 'landing', 'empty']);
    expect(starters[0]).toMatchObject({
      name: 'Blog',
      collections: ['authors', 'categories', 'posts'],
      components: ['seo'],
    });
    expect(starters[2]?.components).toEqual(
      expect.arrayContaining(['hero', 'feature_grid', 'call_to_action', 'testimonials']),
    );
    expect(starters[3]).toMatchObject({ collections: [], components: [] });
  });

  it('applies the blog: model, sample images and documents in every locale it has text for', async () => {
    const projectId = await createProject(t.app, owner);
    const result = await applied(projectId, 'blog');
    expect(result).toEqual({
      starter: 'blog',
      collections: ['authors', 'categories', 'posts'],
      components: ['seo'],
      documents: 13,
      media: 9,
    });

    const collections = (await get<{ data: Collection[] }>(projectId, '/collections')).data;
    expect(collections.map((collection) => collection.slug).sort()).toEqual(['authors', 'categories', 'posts']);
    const posts = collections.find((collection) => collection.slug === 'posts');
    expect(posts?.fields.map((field) => [field.name, field.type])).toEqual(
      expect.arrayContaining([
        ['body', 'richtext'],
        ['author', 'reference'],
        ['cover', 'media'],
        ['seo', 'blocks'],
      ]),
    );
    const components = (await get<{ data: Component[] }>(projectId, '/components')).data;
    expect(components.map((component) => component.name)).toEqual(['seo']);

    // Some published, some drafts; the default locale first, translations in the others.
    const list = await documents(projectId, 'posts', '&sort=published_on');
    expect(list.meta.total).toBe(6);
    expect(list.data.map((post) => post.status)).toEqual([
      'published',
      'published',
      'published',
      'published',
      'draft',
      'draft',
    ]);
    const welcome = list.data[0];
    expect(welcome?.data).toMatchObject({ title: 'Welcome to your new content hub', slug: 'welcome' });
    expect(welcome?.data.body).toContain('<p>Everything you publish lives in collections');
    const spanish = await get<{ data: Document }>(projectId, `/collections/posts/documents/${welcome?.id}?locale=es`);
    expect(spanish.data.data.title).toBe('Bienvenido a tu nuevo centro de contenidos');
    const chinese = await get<{ data: Document }>(projectId, `/collections/posts/documents/${welcome?.id}?locale=zh`);
    expect(chinese.data.data.title).toBe('欢迎来到你的全新内容中心');

    // Readers of published content get the published posts with every translation live.
    const reader = await createToken(t.app, owner, projectId, ['content:read']);
    const live = await documents(projectId, 'posts', '&locale=fr', reader);
    expect(live.meta.total).toBe(4);
    expect(live.data.map((post) => post.data.title)).toContain('Bienvenue dans votre nouvel espace de contenu');

    // References and pictures resolve.
    const populated = await get<{ data: Document }>(
      projectId,
      `/collections/posts/documents/${welcome?.id}?populate=author,cover,categories`,
    );
    expect(populated.data.data.author).toMatchObject({ collection: 'authors', data: { name: 'Ada Okafor' } });
    expect(populated.data.data.cover).toMatchObject({ mime_type: 'image/png', width: 1200, height: 675 });
    expect((populated.data.data.categories as Document[]).map((category) => category.data.name)).toEqual([
      'News',
      'Guides',
    ]);
    const seo = welcome?.data.seo as Record<string, unknown>[];
    expect(seo[0]).toMatchObject({ _component: 'seo', meta_title: 'Welcome to your new content hub' });

    const media = await get<{ data: Asset[]; meta: { total: number } }>(projectId, '/media?limit=100');
    expect(media.meta.total).toBe(9);
    expect(media.data.every((asset) => asset.folder === 'samples' && asset.mime_type === 'image/png')).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: new URL(media.data[0]?.url ?? '').pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    const overview = (await get<{ data: ProjectOverview }>(projectId, '/overview')).data;
    expect(overview).toMatchObject({ collections: 3, components: 1, documents: { total: 13, draft: 2 } });
    expect(overview.media.count).toBe(9);
  });

  it('applies the docs site (a page tree) and landing pages (nested blocks), in the project’s own locales', async () => {
    const docs = await createProject(t.app, owner, { name: 'Docs', locales: ['fr', 'en'], default_locale: 'fr' });
    expect(await applied(docs, 'docs')).toMatchObject({ collections: ['sections', 'pages'], documents: 9, media: 3 });
    const pages = await documents(docs, 'pages', '&sort=order');
    const byKey = new Map(pages.data.map((page) => [page.data.slug, page]));
    expect(byKey.get('system-requirements')?.data.parent).toBe(byKey.get('installation')?.id);
    // French is the default locale here: French text where there is some, English where not.
    expect(byKey.get('introduction')?.data.title).toBe('Introduction');
    expect(byKey.get('first-page')?.data.title).toBe('Publier votre première page');
    expect(byKey.get('configuration')?.data.title).toBe('Configuration');
    expect(pages.data.filter((page) => page.status === 'draft')).toHaveLength(2);
    const english = await get<{ data: Document }>(
      docs,
      `/collections/pages/documents/${byKey.get('first-page')?.id}?locale=en`,
    );
    expect(english.data.data.title).toBe('Publish your first page');

    const landing = await createProject(t.app, owner);
    expect(await applied(landing, 'landing')).toMatchObject({
      collections: ['pages'],
      components: ['seo', 'hero', 'feature', 'feature_grid', 'call_to_action', 'testimonial', 'testimonials'],
      documents: 3,
      media: 6,
    });
    const home = (await documents(landing, 'pages', '&filter[slug][eq]=home')).data[0];
    const sections = home?.data.sections as Record<string, unknown>[];
    expect(sections.map((section) => section._component)).toEqual([
      'hero',
      'feature_grid',
      'testimonials',
      'call_to_action',
    ]);
    expect(sections[1]?.features).toHaveLength(4);
    const spanish = await get<{ data: Document }>(landing, `/collections/pages/documents/${home?.id}?locale=es`);
    expect((spanish.data.data.sections as Record<string, unknown>[])[0]?.heading).toBe(
      'Crea páginas que encanten a tus clientes',
    );
  });

  it('creates nothing for the empty starter', async () => {
    const projectId = await createProject(t.app, owner);
    expect(await applied(projectId, 'empty')).toEqual({
      starter: 'empty',
      collections: [],
      components: [],
      documents: 0,
      media: 0,
    });
    expect((await get<{ data: Collection[] }>(projectId, '/collections')).data).toEqual([]);
  });

  it('refuses a project that has a model already (409), and a second apply', async () => {
    const projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'x', type: 'text' }],
    });
    const refused = expectError(await apply(projectId, 'blog'), 409, 'CONFLICT');
    expect(refused.message).toBe(
      'This project already has a content model (1 collection, 0 components); starters apply to empty projects only',
    );
    expect((await get<{ data: Collection[] }>(projectId, '/collections')).data).toHaveLength(1);

    const fresh = await createProject(t.app, owner);
    await applied(fresh, 'landing');
    expectError(await apply(fresh, 'docs'), 409, 'CONFLICT');
  });

  it('is for owners and admins; others get a 403, strangers a 404, bad input a 400', async () => {
    const projectId = await createProject(t.app, owner);
    for (const role of ['editor', 'viewer'] as const) {
      const member = await signUp(t.app);
      await ok(
        call(t.app, owner, {
          method: 'POST',
          url: `/api/v1/projects/${projectId}/members`,
          payload: { email: member.email, role },
        }),
        201,
      );
      expectError(await apply(projectId, 'blog', member), 403, 'FORBIDDEN');
    }
    const schemaToken = await createToken(t.app, owner, projectId, ['schema:write']);
    expect(expectError(await apply(projectId, 'blog', schemaToken), 403, 'FORBIDDEN').message).toContain(
      'publish content and upload media',
    );
    const stranger = await signUp(t.app);
    expectError(await apply(projectId, 'blog', stranger), 404, 'NOT_FOUND');
    expectError(await apply(projectId, 'blog', null), 401, 'UNAUTHENTICATED');
    expectError(await apply(projectId, 'wiki'), 400, 'VALIDATION_FAILED');
    expectError(
      await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/starter`,
        payload: { starter: 'blog', extra: true },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await get<{ data: Collection[] }>(projectId, '/collections')).data).toEqual([]);
  });

  it('refuses (413) before creating anything when the images would not fit the plan’s storage', async () => {
    const projectId = await createProject(t.app, owner);
    await fillStorage(t, projectId, (mediaQuota('starter') ?? 0) - 100_000);
    const refused = expectError(await apply(projectId, 'blog'), 413, 'STORAGE_QUOTA_EXCEEDED');
    expect(refused.message).toMatch(/sample images .* would exceed your plan's media storage of 100 MB/);
    expect((await get<{ data: Collection[] }>(projectId, '/collections')).data).toEqual([]);
    expect((await get<{ data: Component[] }>(projectId, '/components')).data).toEqual([]);
  });

  it('takes back what it created when a step fails midway, so the starter can be applied again', async () => {
    const projectId = await createProject(t.app, owner);
    const { services } = t;
    let writes = 0;
    const failing = new StartersService({
      collections: services.collections,
      documents: {
        create: (grant, slug, body) => {
          writes += 1;
          if (writes === 5) return Promise.reject(new Error('disk full'));
          return services.documentWrites.create(grant, slug, body);
        },
        update: (grant, slug, id, body) => services.documentWrites.update(grant, slug, id, body),
      },
      lifecycle: services.documentLifecycle,
      media: services.media,
      log: createLogger('silent'),
    });
    const principal = { kind: 'user', userId: owner.userId, sessionId: 'test', isAdmin: false } as const;
    const grant = await services.access.authorize(principal, projectId, 'schema.write', '127.0.0.1');
    await expect(failing.install(grant, BLOG_STARTER)).rejects.toThrow('disk full');

    expect((await get<{ data: Collection[] }>(projectId, '/collections')).data).toEqual([]);
    expect((await get<{ data: Component[] }>(projectId, '/components')).data).toEqual([]);
    expect((await get<{ meta: { total: number } }>(projectId, '/media')).meta.total).toBe(0);
    const overview = (await get<{ data: ProjectOverview }>(projectId, '/overview')).data;
    expect(overview).toMatchObject({ collections: 0, components: 0, documents: { total: 0 }, media: { count: 0 } });

    expect((await applied(projectId, 'blog')).documents).toBe(13);
  });
});
