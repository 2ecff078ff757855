import type { BlogCategory, BlogPost, BlogPostQuery, Document, ListMeta } from '@plinth/contract';
import { notFound } from '../../lib/errors.js';
import { DEFAULT_LIMIT } from '../../lib/pagination.js';
import type { DocumentReads } from '../documents/document-reads.js';
import type { ProjectAccess } from '../projects/project-access.js';
import type { InstanceSettings } from '../settings/instance-settings.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function toPost(document: Document): BlogPost {
  const { data } = document;
  const category = data.category as Document | null;
  return {
    id: document.id,
    title: text(data.title),
    slug: text(data.slug),
    excerpt: text(data.excerpt),
    body: text(data.body),
    cover_url: typeof data.cover_url === 'string' ? data.cover_url : null,
    category: category?.data ? { slug: text(category.data.slug), name: text(category.data.name) } : null,
    author_name: text(data.author_name),
    published_at: document.published_at,
  };
}

/** Posts of one category: a condition through the `category` reference. */
const inCategory = (slug: string) => [{ field: 'category.slug', op: 'eq', value: slug }] as const;

/**
 * The product's own blog: published posts and categories of the built-in site project, read
 * through the same document reads (and rules) as any published-content reader.
 */
export class BlogService {
  constructor(private readonly deps: { reads: DocumentReads; access: ProjectAccess; settings: InstanceSettings }) {}

  private async reader(ip: string) {
    const projectId = await this.deps.settings.get('site_project_id');
    return projectId ? this.deps.access.publicReader(projectId, ip) : null;
  }

  async posts(query: BlogPostQuery, ip: string): Promise<{ data: BlogPost[]; meta: ListMeta }> {
    const page = query.page ?? 1;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const grant = await this.reader(ip);
    if (!grant) return { data: [], meta: { total: 0, page, limit } };
    const list = await this.deps.reads.list(grant, 'posts', {
      sort: [{ field: 'published_at', descending: true }],
      page,
      limit,
      populate: ['category'],
      ...(query.category ? { filter: inCategory(query.category) } : {}),
    });
    return { data: list.data.map(toPost), meta: { total: list.meta.total, page, limit } };
  }

  async post(id: string, ip: string): Promise<BlogPost> {
    const grant = await this.reader(ip);
    if (!grant) throw notFound('Post');
    return toPost(await this.deps.reads.find(grant, 'posts', id, { populate: ['category'] }));
  }

  async categories(ip: string): Promise<BlogCategory[]> {
    const grant = await this.reader(ip);
    if (!grant) return [];
    const { reads } = this.deps;
    const categories = await reads.list(grant, 'categories', {
      sort: [{ field: 'name', descending: false }],
      limit: 100,
    });
    return Promise.all(
      categories.data.map(async (category) => {
        const slug = text(category.data.slug);
        const posts = await reads.list(grant, 'posts', { limit: 1, filter: inCategory(slug) });
        return {
          slug,
          name: text(category.data.name),
          description: text(category.data.description),
          post_count: posts.meta.total,
        };
      }),
    );
  }
}
