import type { BlogPost } from '@plinth/contract';
import { Link } from 'react-router';

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export function PostMeta({ post }: { post: BlogPost }) {
  const date = formatDate(post.published_at);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-slate-500 text-sm">
      {date && post.published_at ? <time dateTime={post.published_at}>{date}</time> : null}
      {date ? <span aria-hidden="true">·</span> : null}
      <span>{post.author_name}</span>
      {post.category ? (
        <>
          <span aria-hidden="true">·</span>
          <Link to={`/blog/category/${post.category.slug}`} className="font-medium text-indigo-600 hover:underline">
            {post.category.name}
          </Link>
        </>
      ) : null}
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
