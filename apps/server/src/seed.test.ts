import type { ProjectOverview } from '@plinth/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from './lib/logger.js';
import { DEMO_EMAIL, seedDemo } from './seed.js';
import { call, createTestApp, dialectName, type Session, signIn, type TestApp } from './test/harness.js';

describe(`the demo seed (${dialectName})`, () => {
  let t: TestApp;
  let demo: Session;
  let projectId: string;
  let printed = '';

  const read = async <T>(url: string): Promise<T> => {
    const response = await call(t.app, demo, { method: 'GET', url: `/api/v1/projects/${projectId}${url}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed += String(chunk);
      return true;
    });
    try {
      await seedDemo(t.services, createLogger('silent'));
      // A second run on an instance with users does nothing.
      await seedDemo(t.services, createLogger('silent'));
    } finally {
      write.mockRestore();
    }
    const [, password = ''] = /password:\s+(\S+)/.exec(printed) ?? [];
    demo = await signIn(t.app, DEMO_EMAIL, password);
    const projects = await call(t.app, demo, { method: 'GET', url: '/api/v1/projects' });
    projectId = projects.json<{ data: { id: string; slug: string }[] }>().data.find((p) => p.slug === 'demo')?.id ?? '';
  });
  afterAll(async () => t.close());

  it('prints the demo account once', () => {
    expect(printed.match(/Plinth demo account/g)).toHaveLength(1);
    expect(printed).toContain(DEMO_EMAIL);
  });

  it('gives the demo project a model, about 30 documents in every state, and pictures', async () => {
    const { data } = await read<{ data: ProjectOverview }>('/overview');
    expect(data).toMatchObject({
      collections: 4,
      components: 10,
      documents: { total: 30, draft: 5, published: 24, changed: 1, in_review: 1, scheduled: 1 },
      media: { count: 14 },
    });
    const collections = await read<{ data: { slug: string; kind: string }[] }>('/collections');
    expect(collections.data.map((collection) => [collection.slug, collection.kind])).toEqual(
      expect.arrayContaining([
        ['articles', 'collection'],
        ['authors', 'collection'],
        ['categories', 'collection'],
        ['home', 'singleton'],
      ]),
    );
  });

  it('has translations, block bodies, version history and a scheduled publish', async () => {
    const articles = await read<{
      data: { id: string; status: string; publish_at: string | null; data: Record<string, unknown> }[];
    }>('/collections/articles/documents?limit=100&locale=fr');
    expect(articles.data).toHaveLength(20);
    const bySlug = new Map(articles.data.map((article) => [article.data.slug, article]));
    expect(bySlug.get('welcome')?.data.title).toBe('Bienvenue dans votre nouvel espace de contenu');
    const body = bySlug.get('welcome')?.data.body as { _component: string }[];
    expect(body.map((block) => block._component)).toEqual(['text_block', 'quote', 'text_block']);
    expect(bySlug.get('holiday-campaign')?.publish_at).not.toBeNull();
    expect(bySlug.get('modeling-content')?.status).toBe('changed');

    const versions = await read<{ data: unknown[] }>(
      `/collections/articles/documents/${bySlug.get('fast-pages')?.id}/versions`,
    );
    expect(versions.data.length).toBeGreaterThanOrEqual(4);
    const home = await read<{ data: { data: { title: string; sections: { heading?: string }[] } }[] }>(
      '/collections/home/documents?locale=zh',
    );
    expect(home.data[0]?.data.title).toBe('首页');
    expect(home.data[0]?.data.sections[0]?.heading).toBe('打造客户喜爱的页面');
  });
});

describe(`the demo seed when its sample content fails (${dialectName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('still prints the password and leaves a working account with an empty project', async () => {
    let printed = '';
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed += String(chunk);
      return true;
    });
    const install = vi.spyOn(t.services.starters, 'install').mockRejectedValue(new Error('libvips is missing'));
    try {
      await seedDemo(t.services, createLogger('silent'));
    } finally {
      write.mockRestore();
      install.mockRestore();
    }
    const [, password = ''] = /password:\s+(\S+)/.exec(printed) ?? [];
    const demo = await signIn(t.app, DEMO_EMAIL, password);
    const projects = await call(t.app, demo, { method: 'GET', url: '/api/v1/projects' });
    expect(projects.json<{ data: { slug: string }[] }>().data.map((project) => project.slug)).toContain('demo');
  });
});
