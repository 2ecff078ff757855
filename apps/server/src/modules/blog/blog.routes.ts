import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BlogCategory, BlogPost, BlogPostQuery, DataOf, Id, ListOf } from '@plinth/contract';
import { Type } from 'typebox';
import { errorResponses, publicAccess } from '../../lib/route-schemas.js';
import type { BlogService } from './blog.service.js';

const tags = ['site'];

export const blogRoutes: FastifyPluginAsyncTypebox<{ blog: BlogService }> = async (app, { blog: service }) => {
  app.get('/blog/posts', {
    schema: {
      operationId: 'listBlogPosts',
      summary: 'List blog posts',
      security: publicAccess,
      tags,
      description: 'Published posts of the product blog, newest first.',
      querystring: BlogPostQuery,
      response: { 200: ListOf(BlogPost), ...errorResponses },
    },
    handler: async (request) => service.posts(request.query, request.ip),
  });

  app.get('/blog/posts/:id', {
    schema: {
      operationId: 'getBlogPost',
      summary: 'Get a blog post',
      security: publicAccess,
      tags,
      params: Type.Object({ id: Id }),
      response: { 200: DataOf(BlogPost), ...errorResponses },
    },
    handler: async (request) => ({ data: await service.post(request.params.id, request.ip) }),
  });

  app.get('/blog/categories', {
    schema: {
      operationId: 'listBlogCategories',
      summary: 'List blog categories',
      security: publicAccess,
      tags,
      response: { 200: ListOf(BlogCategory), ...errorResponses },
    },
    handler: async (request) => {
      const categories = await service.categories(request.ip);
      return { data: categories, meta: { total: categories.length, page: 1, limit: 100 } };
    },
  });
};
