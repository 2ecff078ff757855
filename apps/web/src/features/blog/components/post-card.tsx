import type { BlogPost } from '@plinth/contract';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The byline: date · author · category. The site's posts are often signed by a team named like
 * their category (author "Engineering" in category Engineering), so an author who repeats the
 * category's name is left out rather than printed twice.
 */
export function PostMeta({ post }: { post: BlogPost }) {
  const date = formatDate(post.published_at);
  const author = post.author_name.trim();
  const isAuthorTheCategory =
    post.category !== null && author.localeCompare(post.category.name.trim(), 'en', { sensitivity: 'base' }) === 0;
  const parts: { key: string; node: ReactNode }[] = [];
  if (date && post.published_at) parts.push({ key: 'date', node: <time dateTime={post.published_at}>{date}</time> });
  if (author && !isAuthorTheCategory) parts.push({ key: 'author', node: <span>{author}</span> });
  if (post.category) {
    parts.push({
      key: 'category',
      node: (
        <Link to={`/blog/category/${post.category.slug}`} className="font-medium text-indigo-600 hover:underline">
          {post.category.name}
        </Link>
      ),
    });
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-slate-500 text-sm">
      {parts.map((part, index) => (
        <Fragment key={part.key}>
          {index > 0 ? <span aria-hidden="true">·</span> : null}
          {part.node}
        </Fragment>
      ))}
    </p>
  );
}

export function PostCard({ post }: { post: BlogPost }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {post.cover_url ? (
        <img src={post.cover_url} alt="" loading="lazy" className="aspect-[16/9] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <PostMeta post={post} />
        <h2 className="mt-3 font-semibold text-slate-900 text-xl">
          <Link to={`/blog/${post.id}`} className="hover:text-indigo-700">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 flex-1 text-slate-600 leading-7">{post.excerpt}</p>
        <Link to={`/blog/${post.id}`} className="mt-4 font-semibold text-indigo-600 text-sm hover:text-indigo-500">
          {/* The name keeps the visible words, so voice control users can say what they see. */}
          Read more<span className="sr-only"> of “{post.title}”</span> →
        </Link>
      </div>
    </article>
  );
}
