import { Link, useParams } from 'react-router';
import { PageMeta } from '../../components/ui/page-meta';
import { LoadError, Loading } from '../../components/ui/query-state';
import { usePost } from '../../features/blog/api/get-post';
import { PostMeta } from '../../features/blog/components/post-card';
import { isNotFound } from '../../lib/api-client';

export function Component() {
  const { id = '' } = useParams();
  const post = usePost(id);

  if (post.isPending) return <Loading label="Loading the post…" />;
  if (post.isError) {
    const isMissing = isNotFound(post.error);
    return (
      <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <PageMeta title="Blog" description="Product news and guides from the Plinth team." />
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">
          {isMissing ? 'Post not found' : 'This post could not be loaded'}
        </h1>
        <div className="mt-6">
          {isMissing ? (
            <p className="text-slate-600">It may have been moved or unpublished.</p>
          ) : (
            <LoadError title="Something went wrong." error={post.error} onRetry={() => post.refetch()} />
          )}
        </div>
        <Link to="/blog" className="mt-8 inline-block font-semibold text-indigo-600 hover:text-indigo-500">
          ← Back to the blog
        </Link>
      </section>
    );
  }

  const { data } = post.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <PageMeta title={data.title} description={data.excerpt} />
      <Link to="/blog" className="font-semibold text-indigo-600 text-sm hover:text-indigo-500">
        ← All posts
      </Link>
      <h1 className="mt-6 font-bold text-4xl text-slate-900 tracking-tight">{data.title}</h1>
      <div className="mt-4">
        <PostMeta post={data} />
      </div>
      {data.cover_url ? <img src={data.cover_url} alt="" className="mt-8 w-full rounded-2xl" /> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitizes rich text to an allow-list on write (API.md, richtext). */}
      <div className="prose-content mt-10" dangerouslySetInnerHTML={{ __html: data.body }} />
    </article>
  );
}
