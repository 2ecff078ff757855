import type { Collection, Component, Role } from '@plinth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  type FetchCall,
  fakeAppApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testProject,
} from '../../test/render';

const PATH = '/app/projects/p1/collections';
const API = '/api/v1/projects/p1';

const ARTICLES = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  description: 'News and stories',
  requires_approval: true,
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'body', type: 'blocks', options: { components: ['hero', 'quote'] } },
  ],
});
const HOME = testCollection({
  slug: 'home',
  name: 'Home page',
  singular: 'home_page',
  kind: 'singleton',
  fields: [{ name: 'sections', type: 'blocks', options: { components: ['hero'] } }],
});
const component = (name: string, label: string, fields: Component['fields'] = []): Component => ({
  name,
  label,
  description: '',
  fields,
  created_at: '2026-02-01T00:00:00.000Z',
  updated_at: '2026-02-01T00:00:00.000Z',
});
const HERO = component('hero', 'Hero', [
  { name: 'heading', type: 'text' },
  { name: 'image', type: 'media' },
]);
const QUOTE = component('quote', 'Quote', [{ name: 'text', type: 'longtext' }]);
const GALLERY = component('gallery', 'Gallery');

function serveModel(
  options: {
    role?: Role;
    collections?: Collection[];
    components?: Component[];
    counts?: Record<string, number>;
    answer?: (call: FetchCall) => Response | undefined;
  } = {},
) {
  const collections = options.collections ?? [ARTICLES, HOME];
  const components = options.components ?? [HERO, QUOTE, GALLERY];
  const counts = options.counts ?? { articles: 1234, home: 1 };
  return fakeAppApi(
    (call) => {
      const custom = options.answer?.(call);
      if (custom) return custom;
      if (call.method !== 'GET') return undefined;
      if (call.path === `${API}/collections`) return json(200, { data: collections });
      if (call.path === `${API}/components`) return json(200, { data: components });
      const documents = new RegExp(`^${API}/collections/([^/]+)/documents$`).exec(call.path);
      if (documents) {
        const total = counts[documents[1] ?? ''] ?? 0;
        return json(200, { data: [], meta: { total, page: 1, limit: Number(call.query.get('limit')) } });
      }
      return undefined;
    },
    { projects: [testProject({ role: options.role ?? 'owner' })] },
  );
}

/** The row of a model in one card of the list ("Collections", "Singletons", "Components"). */
const row = async (region: string, name: string) => {
  const link = await screen.findByRole('link', { name });
  const card = link.closest('section');
  expect(card?.getAttribute('aria-labelledby')).toBe(`card-${region.toLowerCase()}`);
  const item = link.closest('li');
  if (!item) throw new Error(`No row for ${name}`);
  return within(item);
};

describe('content model list', () => {
  it('lists collections, singletons and components with field counts, document counts and where components are used', async () => {
    signIn();
    const calls = serveModel();
    renderApp(PATH);
    expect(await screen.findByRole('status', { name: 'Loading the content model' })).toBeTruthy();
    const articles = await row('Collections', 'Articles');
    expect(articles.getByRole('link', { name: 'Articles' }).getAttribute('href')).toBe(
      '/app/projects/p1/collection-editor/articles',
    );
    expect(articles.getByText('News and stories')).toBeTruthy();
    expect(articles.getByText('2 fields')).toBeTruthy();
    expect(await articles.findByText('1,234 documents')).toBeTruthy();
    expect(articles.getByText('Needs approval')).toBeTruthy();

    const home = await row('Singletons', 'Home page');
    expect(home.getByText('1 field')).toBeTruthy();
    expect(await home.findByText('Document created')).toBeTruthy();

    const hero = await row('Components', 'Hero');
    expect(hero.getByRole('link', { name: 'Hero' }).getAttribute('href')).toBe(
      '/app/projects/p1/collection-editor?component=hero',
    );
    expect(hero.getByText('2 fields')).toBeTruthy();
    expect(hero.getByText(/Used in/).textContent).toBe('Used in articles.body, home.sections');
    expect((await row('Components', 'Gallery')).getByText('Not used yet')).toBeTruthy();

    // One cheap request per collection: a single document, for its total.
    const counts = calls.filter((call) => call.path.endsWith('/documents'));
    expect(counts.map((call) => [call.path, call.query.get('limit')])).toEqual([
      [`${API}/collections/articles/documents`, '1'],
      [`${API}/collections/home/documents`, '1'],
    ]);
    expect(screen.getByRole('link', { name: 'New collection' }).getAttribute('href')).toBe(
      '/app/projects/p1/collection-editor',
    );
    expect(screen.getByRole('link', { name: 'New component' }).getAttribute('href')).toBe(
      '/app/projects/p1/collection-editor?new=component',
    );
  });

  it('offers the first collection when the model is empty', async () => {
    signIn();
    serveModel({ collections: [], components: [] });
    renderApp(PATH);
    expect(await screen.findByText('No content model yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'New collection' })).toHaveLength(2);
  });

  it('says when the model cannot be loaded, and loads it again on request', async () => {
    signIn();
    let failures = 1;
    serveModel({
      answer: (call) =>
        call.path === `${API}/components` && failures-- > 0
          ? apiError(500, 'The database is not answering.')
          : undefined,
    });
    const { user } = renderApp(PATH);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the content model.')).toBeTruthy();
    expect(within(alert).getByText('The database is not answering.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await row('Collections', 'Articles')).toBeTruthy();
  });

  it('shows editors the model read-only, and why', async () => {
    signIn();
    serveModel({ role: 'editor' });
    renderApp(PATH);
    expect(await row('Collections', 'Articles')).toBeTruthy();
    expect(screen.getByText(/you can read the model, and only owners and admins can change it/)).toBeTruthy();
    const create = screen.getByRole('button', { name: 'New collection' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(create.title).toBe('Only owners and admins can change the content model');
    expect(screen.queryByRole('link', { name: 'New component' })).toBeNull();
  });
});
