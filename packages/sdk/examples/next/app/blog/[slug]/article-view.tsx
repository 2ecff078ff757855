import type { PlinthDocument } from '@plinth/sdk';
import type { Article } from '@/plinth-types';

/** One article. In the editor's preview, a click on a `data-plinth-field` element focuses that field. */
export function ArticleView({ article }: { article: PlinthDocument<Article> }) {
  const { title, excerpt } = article.data;
  return (
    <article>
      <h1 data-plinth-field="title">{title}</h1>
      {excerpt ? <p data-plinth-field="excerpt">{excerpt}</p> : null}
    </article>
  );
}
