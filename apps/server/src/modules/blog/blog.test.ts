import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import { seedSite } from './seed-site.js';
import { SITE_POSTS } from './site-content.js';

describe('the product blog', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is empty (not an error) before the site project exists', async () => {
    const posts = await t.app.inject({ url: '/api/v1/blog/posts' });
    expect(posts.statusCode).toBe(200);
    expect(posts.json()).toEqual({ data: [], meta: { total: 0, page: 1, limit: 25 } });
    expect((await t.app.inject({ url: '/api/v1/blog/categories' })).json().data).toEqual([]);
  });

  it('serves the seeded posts newest first, with their categories, to anyone', async () => {
    admin = await signUp(t.app);
    await seedSite(t.services, t.services.log);
    await seedSite(t.services, t.services.log); // a second start seeds nothing more
    const posts = await t.app.inject({ url: '/api/v1/blog/posts' });
    expect(posts.statusCode).toBe(200);
    const body = posts.json();
    expect(body.meta.total).toBe(SITE_POSTS.length);
    expect(body.data[0]).toMatchObject({
      title: expect.any(String),
      slug: expect.stringMatching(/^[a-z0-9-]+$/),
      author_name: expect.any(String),
      category: { slug: expect.any(String), name: expect.any(String) },
    });
    expect(body.data[0].body).toContain('<p>');
    const times = body.data.map((post: { published_at: string }) => post.published_at);
    expect([...times].sort().reverse()).toEqual(times);

    const guides = (await t.app.inject({ url: '/api/v1/blog/posts?category=guides' })).json();
    expect(guides.meta.total).toBe(SITE_POSTS.filter((post) => post.category === 'guides').length);
    expect(guides.data.every((post: { category: { slug: string } }) => post.category.slug === 'guides')).toBe(true);

    const one = await t.app.inject({ url: `/api/v1/blog/posts/${body.data[0].id}` });
    expect(one.json().data.title).toBe(body.data[0].title);
    expectError(await t.app.inject({ url: '/api/v1/blog/posts/no-such-post' }), 404, 'NOT_FOUND');

    const categories = (await t.app.inject({ url: '/api/v1/blog/categories' })).json().data;
    expect(categories.map((category: { slug: string }) => category.slug).sort()).toEqual([
      'engineering',
      'guides',
      'product',
    ]);
    const product = categories.find((category: { slug: string }) => category.slug === 'product');
    expect(product.post_count).toBe(SITE_POSTS.filter((post) => post.category === 'product').length);
    expectError(await t.app.inject({ url: '/api/v1/blog/posts?category=Not%20A%20Slug' }), 400, 'VALIDATION_FAILED');
  });

  it('never shows a draft post, and shows edits only once published', async () => {
    const { value: siteId } = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'site_project_id')
      .executeTakeFirstOrThrow();
    const posts = `/api/v1/projects/${siteId}/collections/posts/documents`;
    const draft = await call(t.app, admin, {
      method: 'POST',
      url: posts,
      payload: { data: { title: 'Secret draft' } },
    });
    expect(draft.statusCode).toBe(201);
    const listed = (await t.app.inject({ url: '/api/v1/blog/posts?limit=100' })).json();
    expect(listed.data.map((post: { title: string }) => post.title)).not.toContain('Secret draft');
    expectError(await t.app.inject({ url: `/api/v1/blog/posts/${draft.json().data.id}` }), 404, 'NOT_FOUND');
  });
});
