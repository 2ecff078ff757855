import type { BlogCategory, BlogPost, BlogPostQuery, Document, ListMeta } from '@plinth/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { DEFAULT_LIMIT } from '../../lib/pagination.js';
import type { DocumentsService } from '../documents/documents.service.js';
import type { ProjectAccess } from '../projects/project-access.js';

/** Where the built-in site project's id is kept (see seed-site.ts). */
export const SITE_PROJECT_SETTING = 'site_project_id';

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

/**
 * The product's own blog: published posts and categories of the built-in site project, read
 * through the same documents service (and rules) as any published-content reader.
 */
export class BlogService {
  constructor(
    private readonly ctx: AppContext,
    private readonly access: ProjectAccess,
    private readonly documents: DocumentsService,
  ) {}

  private async reader(ip: string) {
    const row = await this.ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SITE_PROJECT_SETTING)
      .executeTakeFirst();
    return row ? this.access.publicReader(row.value, ip) : null;
  }

  async posts(query: BlogPostQuery, ip: string): Promise<{ data: BlogPost[]; meta: ListMeta }> {
    const page = query.page ?? 1;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const grant = await this.reader(ip);
    if (!grant) return { data: [], meta: { total: 0, page, limit } };
    const list = await this.documents.list(grant, 'posts', {
      sort: '-published_at',
      page,
      limit,
      populate: 'category',
      ...(query.category ? { 'filter[category.slug][eq]': query.category } : {}),
    });
    return { data: list.data.map(toPost), meta: { total: list.meta.total, page, limit } };
  }

  async post(id: string, ip: string): Promise<BlogPost> {
    const grant = await this.reader(ip);
    if (!grant) throw notFound('Post');
    return toPost(await this.documents.get(grant, 'posts', id, { populate: 'category' }));
  }

  async categories(ip: string): Promise<BlogCategory[]> {
    const grant = await this.reader(ip);
    if (!grant) return [];
    const categories = await this.documents.list(grant, 'categories', { sort: 'name', limit: 100 });
    return Promise.all(
      categories.data.map(async (category) => {
        const slug = text(category.data.slug);
        const posts = await this.documents.list(grant, 'posts', { limit: 1, ...{ 'filter[category.slug][eq]': slug } });
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
