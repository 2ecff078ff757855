// app/blog/page.tsx (Next.js App Router). A server component: the token never reaches the browser.
import { createClient, mediaUrl } from '@plinth/sdk';
import type { Collections } from '@/plinth-types'; // written by plinth-sdk generate

const plinth = createClient<Collections>({
  url: process.env.PLINTH_URL ?? 'http://localhost:3000',
  token: process.env.PLINTH_TOKEN, // an API token with content:read
  projectId: process.env.PLINTH_PROJECT_ID,
  // Next.js caches these fetches; the webhook route revalidates the tag when articles change.
  fetch: (input, init) => fetch(input, { ...init, next: { revalidate: 300, tags: ['articles'] } }),
});

// Rendered when asked for, not at build time (the fetches above are cached all the same).
export const dynamic = 'force-dynamic';

export default async function BlogPage() {
  const { data: articles } = await plinth.collection('articles').list({
    sort: '-published_at',
    limit: 10,
    fields: ['title', 'slug', 'cover'],
    populate: ['cover'],
  });
  return (
    <ul>
      {articles.map(({ id, data }) => (
        <li key={id}>
          {typeof data.cover === 'object' && data.cover ? (
            // biome-ignore lint/performance/noImgElement: Plinth resizes and converts the image (mediaUrl), not next/image
            <img src={mediaUrl(data.cover, { w: 400, format: 'webp' })} alt="" width={400} />
          ) : null}
          <a href={`/blog/${data.slug}`}>{data.title}</a>
        </li>
      ))}
    </ul>
  );
}
