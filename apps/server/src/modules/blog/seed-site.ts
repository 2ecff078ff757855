import type { Logger } from '../../lib/logger.js';
import type { AuthService } from '../auth/auth.service.js';
import type { CollectionsService } from '../collections/collections.service.js';
import type { DocumentWrites } from '../documents/document-writes.js';
import type { ProjectAccess } from '../projects/project-access.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { InstanceSettings } from '../settings/instance-settings.js';
import { SITE_CATEGORIES, SITE_POSTS } from './site-content.js';

/** What seeding the site project uses: the services the API uses, nothing of HTTP. */
export interface SiteSeeding {
  accounts: AuthService;
  projects: ProjectsService;
  access: ProjectAccess;
  collections: CollectionsService;
  documentWrites: DocumentWrites;
  settings: InstanceSettings;
}

/**
 * Creates the built-in site project (the product blog's content) once, owned by the first
 * instance admin, through the same services the API uses.
 */
export async function seedSite(services: SiteSeeding, log: Logger): Promise<void> {
  const { accounts, projects, access, collections, documentWrites, settings } = services;
  if (await settings.get('site_project_id')) return;
  const admin = await accounts.findFirstAdmin();
  if (!admin) return;
  const project = await projects.create(admin.id, { name: 'Plinth site', locales: ['en'], default_locale: 'en' });
  const principal = { kind: 'user', userId: admin.id, sessionId: 'seed', isAdmin: true } as const;
  const grant = await access.authorize(principal, project.id, 'project.read', '127.0.0.1');
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
    const created = await documentWrites.create(grant, 'categories', { data: { ...category }, status: 'published' });
    categoryIds.set(category.slug, created.id);
  }
  for (const post of SITE_POSTS) {
    await documentWrites.create(grant, 'posts', {
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
  await settings.getOrCreate('site_project_id', () => project.id);
  log.info({ projectId: project.id }, 'Seeded the site project with the blog');
}
