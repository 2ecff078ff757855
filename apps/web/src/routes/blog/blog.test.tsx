import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchCall, fakeFetch, json, renderApp } from '../../test/render';

const post = (id: string, title: string, category: { slug: string; name: string } | null = null) => ({
  id,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  excerpt: `What ${title} is about.`,
  body: `<p>The body of ${title}.</p><h2>Details</h2>`,
  cover_url: null,
  category,
  author_name: 'Ada Lovelace',
  published_at: '2026-03-01T10:00:00.000Z',
});

const engineering = { slug: 'engineering', name: 'Engineering' };
const categories = {
  data: [
    { slug: 'engineering', name: 'Engineering', description: 'How we build Plinth.', post_count: 1 },
    { slug: 'product', name: 'Product', description: 'What is new.', post_count: 3 },
  ],
  meta: { total: 2, page: 1, limit: 100 },
};

function blogApi(posts: ReturnType<typeof post>[], total = posts.length) {
  return (call: FetchCall) => {
    if (call.path === '/api/v1/blog/categories') return json(200, categories);
    if (call.path === '/api/v1/blog/posts') return json(200, { data: posts, meta: { total, page: 1, limit: 10 } });
    const found = posts.find((candidate) => call.path === `/api/v1/blog/posts/${candidate.id}`);
    return found
      ? json(200, { data: found })
      : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Post not found' });
  };
}

/** Every URL fetched so far, with its query string (fakeFetch records paths only). */
function requestedUrls(): string[] {
  const spy = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
  return spy.mock.calls.map(([input]) => String(input));
}

describe('blog', () => {
  it('lists posts with their categories, and pages through them', async () => {
    fakeFetch(blogApi([post('p1', 'Launch week', engineering), post('p2', 'Modelling content')], 25));
    const { router, user } = renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 2, name: 'Launch week' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Modelling content' }).getAttribute('href')).toBe('/blog/p2');
    expect(await screen.findByRole('link', { name: /Product\s*3/ })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Older posts →' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(requestedUrls()).toContain('/api/v1/blog/posts?page=2'));
  });

  it('names the category once when the author is the team of the same name', async () => {
    // The site's own posts are signed "Engineering" in the category Engineering.
    const signed = { ...post('p1', 'Launch week', engineering), author_name: 'Engineering' };
    fakeFetch(blogApi([signed, post('p2', 'Modelling content', engineering)]));
    renderApp('/blog');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Launch week' });
    const card = heading.closest('article');
    if (!card) throw new Error('the post is not an article');
    expect(within(card).getAllByText('Engineering')).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'Engineering' }).getAttribute('href')).toBe(
      '/blog/category/engineering',
    );
    expect(card.querySelector('p')?.textContent).toBe('March 1, 2026·Engineering');
    // Another author is still named.
    const other = screen.getByRole('heading', { level: 2, name: 'Modelling content' }).closest('article');
    expect(other?.querySelector('p')?.textContent).toBe('March 1, 2026·Ada Lovelace·Engineering');
  });

  it('asks for one category on its page', async () => {
    fakeFetch(blogApi([post('p1', 'Launch week', engineering)]));
    renderApp('/blog/category/engineering');
    expect(await screen.findByRole('heading', { level: 1, name: 'Engineering' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Launch week' })).toBeTruthy();
    expect(requestedUrls()).toContain('/api/v1/blog/posts?category=engineering');
  });

  it('says when there are no posts yet', async () => {
    fakeFetch(blogApi([]));
    renderApp('/blog');
    expect(await screen.findByText('No posts here yet.')).toBeTruthy();
  });

  it('shows an error when the posts cannot be loaded', async () => {
    fakeFetch(() => json(500, { statusCode: 500, code: 'INTERNAL', message: 'Internal Server Error' }));
    renderApp('/blog');
    expect(await screen.findByText('The posts could not be loaded.')).toBeTruthy();
  });

  it('shows a post with its sanitized HTML body', async () => {
    fakeFetch(blogApi([post('p1', 'Launch week', engineering)]));
    renderApp('/blog/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Launch week' })).toBeTruthy();
    expect(screen.getByText('The body of Launch week.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Engineering' }).getAttribute('href')).toBe('/blog/category/engineering');
    await waitFor(() => expect(document.title).toBe('Launch week | Plinth'));
  });

  it('says when a post does not exist', async () => {
    fakeFetch(blogApi([]));
    renderApp('/blog/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeTruthy();
  });
});
