// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlinthClient } from '../client.js';
import type { PlinthDocument } from '../documents.js';
import { clientOf, createBlogModel, type SdkTestServer, startSdkServer } from '../test/server.js';
import { useCreateDocument, usePublishDocument, useUpdateDocument } from './mutations.js';
import { PlinthProvider } from './provider.js';
import { useDocument, useDocuments } from './queries.js';

interface Author {
  name: string;
}
interface Article {
  title: string;
  views: number | null;
  author: string | PlinthDocument<Author> | null;
}

function ArticleList() {
  const { data, error, isPending } = useDocuments<Article>('articles', { sort: 'title', fields: ['title'] });
  const create = useCreateDocument<Article>('articles');
  if (isPending) return <p>Loading…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  return (
    <div>
      <ul aria-label="articles">
        {data.data.map((article) => (
          <li key={article.id}>{article.data.title}</li>
        ))}
      </ul>
      <button type="button" onClick={() => create.mutate({ data: { title: 'Zulu' } })}>
        Add Zulu
      </button>
      {create.isSuccess ? <p>Created {create.data.data.title}</p> : null}
    </div>
  );
}

function ArticleEditor({ id }: { id: string }) {
  const { data: article, error } = useDocument<Article>('articles', id, { populate: ['author'] });
  const update = useUpdateDocument<Article>('articles');
  const publish = usePublishDocument<Article>('articles');
  if (error) return <p role="alert">{error.message}</p>;
  if (!article) return <p>Loading…</p>;
  const author = article.data.author;
  return (
    <div>
      <h1>{article.data.title}</h1>
      <p>
        by {typeof author === 'object' && author ? author.data.name : 'nobody'}, version {article.version},{' '}
        {article.status}
      </p>
      <p>Spanish: {article.locale_status.es}</p>
      <button type="button" onClick={() => update.mutate({ id, data: { views: 1 }, version: article.version })}>
        Count a view
      </button>
      <button type="button" onClick={() => update.mutate({ id, data: { views: 2 }, version: 1 })}>
        Save an old copy
      </button>
      <button type="button" onClick={() => publish.mutate({ id, locales: ['en'] })}>
        Publish English
      </button>
      <button type="button" onClick={() => publish.mutate(id)}>
        Publish
      </button>
      {update.error ? (
        <p role="alert">{`${update.error.message} (${'code' in update.error ? update.error.code : 'network'})`}</p>
      ) : null}
    </div>
  );
}

describe('React hooks against the real server', () => {
  let server: SdkTestServer;
  let client: PlinthClient;

  beforeAll(async () => {
    server = await startSdkServer();
    await createBlogModel(server);
    client = clientOf(server);
    await client.collection('articles').create({ title: 'Yankee' });
  });
  afterEach(cleanup);
  afterAll(() => server.close());

  const renderWithPlinth = (ui: ReactNode, withClient: PlinthClient = client) =>
    render(
      <PlinthProvider
        client={withClient}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        {ui}
      </PlinthProvider>,
    );

  it('lists documents, and a create refreshes the list', async () => {
    renderWithPlinth(<ArticleList />);
    const list = await screen.findByRole('list', { name: 'articles' });
    expect(list.textContent).toBe('Yankee');

    act(() => screen.getByRole('button', { name: 'Add Zulu' }).click());
    await screen.findByText('Created Zulu');
    await waitFor(() => expect(screen.getByRole('list', { name: 'articles' }).textContent).toBe('YankeeZulu'));
  });

  it('reads one document, updates it with its version, publishes it, and shows a CONFLICT', async () => {
    const author = await client.collection('authors').create({ name: 'Ann' });
    const article = await client.collection('articles').create({ title: 'X-ray', author: author.id });
    renderWithPlinth(<ArticleEditor id={article.id} />);
    await screen.findByText('X-ray');
    expect(screen.getByText(/^by /).textContent).toBe('by Ann, version 1, draft');

    act(() => screen.getByRole('button', { name: 'Count a view' }).click());
    await screen.findByText('by Ann, version 2, draft');
    act(() => screen.getByRole('button', { name: 'Publish English' }).click());
    await screen.findByText('by Ann, version 2, published');
    expect(screen.getByText(/^Spanish/).textContent).toBe('Spanish: draft');
    act(() => screen.getByRole('button', { name: 'Publish' }).click());
    await screen.findByText('Spanish: published');

    act(() => screen.getByRole('button', { name: 'Save an old copy' }).click());
    expect((await screen.findByRole('alert')).textContent).toMatch(/\(CONFLICT\)$/);
    expect((await client.collection('articles').get(article.id)).data.views).toBe(1);
  });

  it('puts error answers in `error`', async () => {
    renderWithPlinth(<ArticleList />, clientOf(server, { token: 'plt_revoked' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/\S/);
  });
});
