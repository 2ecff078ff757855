import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { toBool } from '../../db/database.js';
import { CollectionsService } from '../collections/collections.service.js';
import { ModelCache } from '../collections/model-cache.js';
import { DocumentsService } from '../documents/documents.service.js';
import { toProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SITE_PROJECT_SETTING } from './blog.service.js';
import { SITE_CATEGORIES, SITE_POSTS } from './site-content.js';

/**
 * Creates the built-in site project (the product blog's content) once, owned by the first
 * instance admin, through the same services the API uses.
 */
export async function seedSite(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const existing = await ctx.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SITE_PROJECT_SETTING)
    .executeTakeFirst();
  if (existing) return;
  const admin = await ctx.db
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where('is_admin', '=', 1)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .executeTakeFirst();
  if (!admin || !toBool(admin.is_admin)) return;
  const projects = new ProjectsService(ctx);
  const project = await projects.create(admin.id, { name: 'Plinth site', locales: ['en'], default_locale: 'en' });
  const row = await projects.repository.findLive(project.id);
  if (!row) return;
  const principal = { kind: 'user', userId: admin.id, sessionId: 'seed', isAdmin: true } as const;
  const grant: ProjectGrant = {
    project: toProjectRecord(row),
    principal,
    role: 'owner',
    ip: '127.0.0.1',
    can: () => true,
  };
  const models = new ModelCache(ctx.db, ctx.delivery);
  const collections = new CollectionsService(ctx, models);
  const documents = new DocumentsService(ctx, models);
  await collections.create(grant, {
    slug: 'categories',
    name: 'Categories',
    fields: [
      { name: 'name', type: 'text', required: true },
      { name: 'slug', type: 'slug', unique: true, options: { from: 'name' } },
      { name: 'description', type: 'longtext' },
    ],
  });
  await collections.create(grant, {
    slug: 'posts',
    name: 'Posts',
    fields: [
      { name: 'title', type: 'text', required: true, options: { max_length: 200 } },
      { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
      { name: 'excerpt', type: 'longtext', options: { max_length: 500 } },
      { name: 'body', type: 'richtext' },
      { name: 'cover_url', type: 'url' },
      { name: 'category', type: 'reference', options: { collection: 'categories' } },
      { name: 'author_name', type: 'text' },
    ],
  });
  const categoryIds = new Map<string, string>();
  for (const category of SITE_CATEGORIES) {
    const created = await documents.create(grant, 'categories', { data: { ...category }, status: 'published' });
    categoryIds.set(category.slug, created.id);
  }
  for (const post of SITE_POSTS) {
    await documents.create(grant, 'posts', {
      status: 'published',
      data: {
        title: post.title,
        excerpt: post.excerpt,
        body: post.body,
        category: categoryIds.get(post.category) ?? null,
        author_name: post.author,
      },
    });
  }
  await ctx.db.insertInto('settings').values({ key: SITE_PROJECT_SETTING, value: project.id }).execute();
  log.info({ projectId: project.id }, 'Seeded the site project with the blog');
}
