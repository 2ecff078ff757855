// app/blog/[slug]/page.tsx: one article. The Plinth editor opens it in its live preview through the
// collection's preview URL (…/blog/{slug}?id={id}&locale={locale}, to which Plinth adds
// plinth_preview=<token>): then it renders the draft and follows the editor's unsaved changes.
import { createClient } from '@plinth/sdk';
import { notFound } from 'next/navigation';
import type { Collections } from '@/plinth-types'; // written by plinth-sdk generate
import { ArticleView } from './article-view';
import { LiveArticle } from './live-article';

const url = process.env.PLINTH_URL ?? 'http://localhost:3000';
const projectId = process.env.PLINTH_PROJECT_ID;
// Published articles, with an API token with content:read; cached until the webhook route revalidates them.
const plinth = createClient<Collections>({
  url,
  projectId,
  token: process.env.PLINTH_TOKEN,
  fetch: (input, init) => fetch(input, { ...init, next: { revalidate: 300, tags: ['articles'] } }),
});
// Drafts, read with the preview token of the page's URL instead: never cached.
const preview = createClient<Collections>({
  url,
  projectId,
  fetch: (input, init) => fetch(input, { ...init, cache: 'no-store' }),
});
// The Plinth app's origin (or several, comma-separated): the only senders whose drafts the page shows.
const editorOrigins = (process.env.PLINTH_APP_ORIGIN ?? new URL(url).origin).split(',');

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ArticlePage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { plinth_preview: previewToken, id, locale } = await searchParams;
  const lang = typeof locale === 'string' ? locale : undefined;

  if (typeof previewToken === 'string' && typeof id === 'string') {
    const draft = await preview.collection('articles').get(id, { previewToken, locale: lang });
    return <LiveArticle draft={draft} origins={editorOrigins} />;
  }

  const { data } = await plinth.collection('articles').list({ filter: { slug }, locale: lang, limit: 1 });
  if (!data[0]) notFound();
  return <ArticleView article={data[0]} />;
}
