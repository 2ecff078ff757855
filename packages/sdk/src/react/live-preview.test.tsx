// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlinthDocument } from '../documents.js';
import { useLivePreview } from './live-preview.js';

const EDITOR = 'https://cms.example.com';

interface Article {
  title: string;
  author: string | { id: string; data: { name: string } } | null;
}

const articleOf = (id: string, data: Article): PlinthDocument<Article> => ({
  id,
  collection: 'articles',
  locale: 'en',
  status: 'published',
  workflow_stage: null,
  version: 1,
  data,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  published_at: '2026-11-01T00:00:00.000Z',
  publish_at: null,
  unpublish_at: null,
  publish_locales: null,
  unpublish_locales: null,
  locale_status: { en: 'published' },
  created_by: null,
  updated_by: null,
});

const saved = articleOf('d1', { title: 'Saved title', author: { id: 'a1', data: { name: 'Ann' } } });

function ArticlePage({
  article,
  origin = EDITOR,
}: {
  article: PlinthDocument<Article> | undefined;
  origin?: string | string[];
}) {
  const live = useLivePreview(article, { origin });
  if (!live) return <p>Loading…</p>;
  const { author } = live.data;
  return (
    <article>
      <h1 data-plinth-field="title">{live.data.title}</h1>
      <p data-plinth-field="author">{typeof author === 'object' && author ? author.data.name : String(author)}</p>
    </article>
  );
}

const post = (data: unknown, origin = EDITOR) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

function frameThePage() {
  const sent: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => sent.push({ message, targetOrigin }) };
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  return sent;
}

afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
});

describe('useLivePreview', () => {
  it("renders the editor's drafts as they come, and nothing from other origins or documents", () => {
    render(<ArticlePage article={saved} />);
    const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
    expect(heading()).toBe('Saved title');

    post(
      { type: 'plinth:preview', document: articleOf('d1', { title: 'Evil', author: null }) },
      'https://evil.example',
    );
    post({ type: 'plinth:preview', document: articleOf('d2', { title: 'Another document', author: null }) });
    post({ type: 'plinth:preview', document: { id: 'd1', data: { title: 'No collection' } } });
    post({ type: 'plinth:ready' });
    expect(heading()).toBe('Saved title');

    post({ type: 'plinth:preview', document: articleOf('d1', { title: 'Typing…', author: 'a1' }) });
    expect(heading()).toBe('Typing…');
    // The author the page populated stays populated while the draft still points at it.
    expect(screen.getByText('Ann')).toBeTruthy();

    post({ type: 'plinth:preview', document: articleOf('d1', { title: 'Typing… done', author: 'a2' }) });
    expect(heading()).toBe('Typing… done');
    expect(screen.getByText('a2')).toBeTruthy();
  });

  it('keeps the draft over a refetched document, and waits for a document still loading', () => {
    const view = render(<ArticlePage article={undefined} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    post({ type: 'plinth:preview', document: articleOf('d1', { title: 'Early draft', author: 'a1' }) });
    view.rerender(<ArticlePage article={saved} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Early draft');
    view.rerender(<ArticlePage article={{ ...saved, version: 2 }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Early draft');
  });

  it('answers plinth:ready to the framing editor and forwards clicks on fields', () => {
    const sent = frameThePage();
    render(<ArticlePage article={saved} origin={[EDITOR]} />);
    expect(sent).toEqual([{ message: { type: 'plinth:ready' }, targetOrigin: EDITOR }]);

    act(() => screen.getByRole('heading', { level: 1 }).click());
    expect(sent.at(-1)).toEqual({ message: { type: 'plinth:focus', path: 'title' }, targetOrigin: EDITOR });
    expect(sent).toHaveLength(2);
  });

  it('stops listening when unmounted', () => {
    const sent = frameThePage();
    const view = render(<ArticlePage article={saved} />);
    view.unmount();
    document.body.innerHTML = '<h1 data-plinth-field="title">Gone</h1>';
    (document.querySelector('h1') as HTMLElement).click();
    expect(sent).toEqual([{ message: { type: 'plinth:ready' }, targetOrigin: EDITOR }]);
  });
});
