// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlinthDocument } from './documents.js';
import { mergePreview, type PreviewDocument, previewTokenFrom, subscribeToPreview } from './preview.js';

const EDITOR = 'https://cms.example.com';

interface Author {
  name: string;
}
interface Article {
  title: string;
  views: number | null;
  author: string | PlinthDocument<Author> | null;
  related: (string | PlinthDocument<Article>)[] | null;
}

const documentOf = <T extends object>(id: string, data: T): PlinthDocument<T> => ({
  id,
  collection: 'articles',
  locale: 'en',
  status: 'published',
  workflow_stage: null,
  version: 3,
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

const post = (data: unknown, origin = EDITOR) => window.dispatchEvent(new MessageEvent('message', { data, origin }));

/** Makes the page look framed by the editor: window.parent is another window that records what it is sent. */
function frameThePage() {
  const sent: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => sent.push({ message, targetOrigin }) };
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  return sent;
}

let stops: (() => void)[] = [];
beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
});

describe('subscribeToPreview', () => {
  it("passes on drafts from the editor's origin, and ignores other origins and shapes", () => {
    const onPreview = vi.fn();
    stops.push(subscribeToPreview({ origin: `${EDITOR}/`, onPreview }));
    const draft = documentOf('d1', { title: 'Draft title' });

    post({ type: 'plinth:preview', document: draft }, 'https://evil.example');
    post({ type: 'plinth:preview', document: draft }, 'http://cms.example.com'); // another scheme is another origin
    post({ type: 'plinth:preview', document: { ...draft, data: 'no' } });
    post({ type: 'plinth:preview', document: { data: {} } });
    post({ type: 'plinth:preview' });
    post({ type: 'plinth:other', document: draft });
    post('plinth:preview');
    post(null);
    expect(onPreview).not.toHaveBeenCalled();

    post({ type: 'plinth:preview', document: draft });
    expect(onPreview).toHaveBeenCalledTimes(1);
    expect(onPreview).toHaveBeenCalledWith(draft);
  });

  it('accepts several origins, and only the given document with documentId', () => {
    const onPreview = vi.fn();
    stops.push(subscribeToPreview({ origin: [EDITOR, 'https://staging.example.com'], documentId: 'd1', onPreview }));
    post({ type: 'plinth:preview', document: documentOf('d2', { title: 'Other' }) });
    post({ type: 'plinth:preview', document: documentOf('d1', { title: 'Staging' }) }, 'https://staging.example.com');
    post({ type: 'plinth:preview', document: documentOf('d1', { title: 'Editor' }) });
    expect(onPreview.mock.calls.map(([document]) => document.data.title)).toEqual(['Staging', 'Editor']);
  });

  it('stops listening when unsubscribed', () => {
    const onPreview = vi.fn();
    const stop = subscribeToPreview({ origin: EDITOR, onPreview });
    stop();
    post({ type: 'plinth:preview', document: documentOf('d1', { title: 'Late' }) });
    expect(onPreview).not.toHaveBeenCalled();
  });

  it('refuses `*` and things that are not origins', () => {
    expect(() => subscribeToPreview({ origin: '*', onPreview: () => undefined })).toThrow(TypeError);
    expect(() => subscribeToPreview({ origin: 'cms.example.com', onPreview: () => undefined })).toThrow(TypeError);
    expect(() => subscribeToPreview({ origin: [], onPreview: () => undefined })).toThrow(TypeError);
  });

  it('tells the framing editor it is ready, to its origin only', () => {
    const sent = frameThePage();
    stops.push(subscribeToPreview({ origin: [EDITOR, 'https://staging.example.com/'], onPreview: () => undefined }));
    expect(sent).toEqual([
      { message: { type: 'plinth:ready' }, targetOrigin: EDITOR },
      { message: { type: 'plinth:ready' }, targetOrigin: 'https://staging.example.com' },
    ]);
  });

  it('forwards clicks on data-plinth-field elements as plinth:focus, once per click', () => {
    const sent = frameThePage();
    document.body.innerHTML = `
      <article>
        <h1 data-plinth-field="title"><em>Hello</em></h1>
        <section data-plinth-field="body.2"><h2 data-plinth-field="body.2.heading">Part</h2><p>Text</p></section>
        <footer>Not a field</footer>
      </article>`;
    // Two subscriptions on one page (a page and a component of it) still send one message per click.
    stops.push(subscribeToPreview({ origin: EDITOR, onPreview: () => undefined }));
    stops.push(subscribeToPreview({ origin: EDITOR, onPreview: () => undefined }));
    sent.length = 0;

    const click = (selector: string) => (document.querySelector(selector) as HTMLElement).click();
    click('em');
    click('h2');
    click('p');
    click('footer');
    expect(sent).toEqual([
      { message: { type: 'plinth:focus', path: 'title' }, targetOrigin: EDITOR },
      { message: { type: 'plinth:focus', path: 'body.2.heading' }, targetOrigin: EDITOR },
      { message: { type: 'plinth:focus', path: 'body.2' }, targetOrigin: EDITOR },
    ]);

    for (const stop of stops) stop();
    stops = [];
    click('em');
    expect(sent).toHaveLength(3);
  });

  it('posts nothing when the page is not framed', () => {
    const postMessage = vi.spyOn(window, 'postMessage');
    document.body.innerHTML = '<h1 data-plinth-field="title">Hello</h1>';
    stops.push(subscribeToPreview({ origin: EDITOR, onPreview: () => undefined }));
    (document.querySelector('h1') as HTMLElement).click();
    expect(postMessage).not.toHaveBeenCalled();
    postMessage.mockRestore();
  });
});

describe('mergePreview', () => {
  const author = documentOf<Author>('a1', { name: 'Ann' });
  const current = documentOf<Article>('d1', {
    title: 'Saved',
    views: 3,
    author,
    related: [documentOf('d9', { title: 'Nine', views: null, author: null, related: null })],
  });

  it("puts the draft's data over the document when the ids match", () => {
    const draft: PreviewDocument = {
      ...documentOf('d1', { title: 'Unsaved', views: 4, author: 'a1', related: ['d9', 'd10'] }),
      status: 'changed',
      version: 4,
    };
    const merged = mergePreview(current, draft);
    expect(merged.data.title).toBe('Unsaved');
    expect(merged.data.views).toBe(4);
    // Populated values stay populated while the draft points at the same ids.
    expect(merged.data.author).toBe(author);
    expect(merged.data.related).toEqual([current.data.related?.[0], 'd10']);
    // Only data comes from the draft.
    expect(merged.version).toBe(3);
    expect(merged.status).toBe('published');
    expect(current.data.title).toBe('Saved');
  });

  it('takes a new reference as the id the draft holds', () => {
    const merged = mergePreview(current, documentOf('d1', { author: 'a2' }));
    expect(merged.data.author).toBe('a2');
    expect(merged.data.title).toBe('Saved');
  });

  it('returns the document itself for another document or no draft', () => {
    expect(mergePreview(current, documentOf('d2', { title: 'Other' }))).toBe(current);
    expect(mergePreview(current, null)).toBe(current);
    expect(mergePreview(current, undefined)).toBe(current);
  });
});

describe('previewTokenFrom', () => {
  it('reads plinth_preview from absolute and relative URLs', () => {
    expect(previewTokenFrom('https://site.example/blog/hello?locale=es&plinth_preview=plp_abc123')).toBe('plp_abc123');
    expect(previewTokenFrom(new URL('https://site.example/?plinth_preview=plp_x'))).toBe('plp_x');
    expect(previewTokenFrom('/blog/hello?plinth_preview=plp_rel')).toBe('plp_rel');
  });

  it('is null without a preview token', () => {
    expect(previewTokenFrom('https://site.example/blog/hello')).toBeNull();
    expect(previewTokenFrom('https://site.example/?plinth_preview=')).toBeNull();
    expect(previewTokenFrom('https://site.example/?plinth_preview=plt_api_token')).toBeNull();
    expect(previewTokenFrom('http://[bad')).toBeNull();
  });
});
