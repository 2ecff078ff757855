'use client';
import type { PlinthDocument } from '@plinth/sdk';
import { useLivePreview } from '@plinth/sdk/react';
import type { Article } from '@/plinth-types';
import { ArticleView } from './article-view';

/** The draft, re-rendered with each unsaved change the editor posts (messages from other origins are ignored). */
export function LiveArticle({ draft, origins }: { draft: PlinthDocument<Article>; origins: readonly string[] }) {
  const article = useLivePreview(draft, { origin: origins });
  return <ArticleView article={article} />;
}
