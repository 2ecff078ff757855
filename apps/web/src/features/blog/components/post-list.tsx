import { Link, useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { usePosts } from '../api/get-posts';
import { CategoryNav } from './category-nav';
import { PostCard } from './post-card';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Posts, newest first, ten or so a page (the server decides), optionally of one category. */
export function PostList({ category }: { category?: string }) {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const posts = usePosts({ category, page });
  const meta = posts.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / Math.max(1, meta.limit))) : 1;
  const base = category ? `/blog/category/${category}` : '/blog';
  const pageLink = (target: number) => (target === 1 ? base : `${base}?page=${target}`);

  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-24 sm:px-6 lg:grid-cols-4 lg:px-8">
      <aside className="lg:order-last">
        <CategoryNav />
      </aside>
      <section aria-label="Posts" className="min-h-[40rem] lg:col-span-3" aria-busy={posts.isFetching}>
        {posts.isPending ? <Loading label="Loading posts…" /> : null}
        {posts.isError ? (
          <LoadError title="The posts could not be loaded." error={posts.error} onRetry={() => posts.refetch()} />
        ) : null}
        {posts.data && posts.data.data.length === 0 ? (
          <div className="rounded-xl bg-slate-50 p-10 text-center ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">No posts here yet.</p>
            <p className="mt-1 text-slate-600 text-sm">
              {page > 1 ? 'This page is past the last post. ' : 'New articles are on their way. '}
              <Link to="/blog" className="font-medium text-indigo-600 hover:underline">
                See all posts
              </Link>
            </p>
          </div>
        ) : null}
        {posts.data && posts.data.data.length > 0 ? (
          <>
            <div className="grid gap-8 md:grid-cols-2">
              {posts.data.data.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
            {pages > 1 ? (
              <nav aria-label="Pagination" className="mt-12 flex items-center justify-between text-sm">
                {page > 1 ? (
                  <Link to={pageLink(page - 1)} className="font-semibold text-indigo-600 hover:text-indigo-500">
                    ← Newer posts
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-slate-600">
                  Page {page} of {pages}
                </span>
                {page < pages ? (
                  <Link to={pageLink(page + 1)} className="font-semibold text-indigo-600 hover:text-indigo-500">
                    Older posts →
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
