// src/articles.tsx (React with Vite). In browsers use a token with only the content:read scope:
// it reads published content and nothing else. CORS allows any origin for API-token requests.
import { createClient, mediaUrl } from '@plinth/sdk';
import { PlinthProvider, useDocuments } from '@plinth/sdk/react';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Article, Collections } from '@/plinth-types'; // written by plinth-sdk generate

const plinth = createClient<Collections>({
  url: import.meta.env.VITE_PLINTH_URL,
  token: import.meta.env.VITE_PLINTH_READ_TOKEN,
  projectId: import.meta.env.VITE_PLINTH_PROJECT_ID,
});
const queryClient = new QueryClient();

export function App() {
  return (
    <PlinthProvider client={plinth} queryClient={queryClient}>
      <ArticleList />
    </PlinthProvider>
  );
}

function ArticleList() {
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useDocuments<Article>('articles', {
    sort: '-published_at',
    page,
    limit: 10,
    populate: ['author', 'cover'],
  });
  if (isPending) return <p>Loading…</p>;
  if (error) return <p role="alert">{error.message}</p>; // every error carries a readable message
  const pages = Math.ceil(data.meta.total / data.meta.limit);
  return (
    <section>
      <ul>
        {data.data.map(({ id, data: article }) => (
          <li key={id}>
            {typeof article.cover === 'object' && article.cover ? (
              <img src={mediaUrl(article.cover, { w: 320, h: 180, fit: 'cover', format: 'webp' })} alt="" />
            ) : null}
            <h2>{article.title}</h2>
            {typeof article.author === 'object' && article.author ? <p>by {article.author.data.name}</p> : null}
          </li>
        ))}
      </ul>
      <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous
      </button>
      <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </button>
    </section>
  );
}
