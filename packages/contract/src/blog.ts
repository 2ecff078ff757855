import { type Static, Type } from 'typebox';
import { Id, PageQuery, Timestamp } from './common.js';

export const BlogCategory = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  post_count: Type.Integer(),
});
export type BlogCategory = Static<typeof BlogCategory>;

export const BlogPost = Type.Object({
  id: Id,
  title: Type.String(),
  slug: Type.String(),
  excerpt: Type.String(),
  /** Sanitized HTML. */
  body: Type.String(),
  cover_url: Type.Union([Type.String(), Type.Null()]),
  category: Type.Union([Type.Object({ slug: Type.String(), name: Type.String() }), Type.Null()]),
  author_name: Type.String(),
  published_at: Type.Union([Timestamp, Type.Null()]),
});
export type BlogPost = Static<typeof BlogPost>;

export const BlogPostQuery = Type.Object(
  {
    ...PageQuery.properties,
    category: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,200}$' })),
  },
  { additionalProperties: false },
);
export type BlogPostQuery = Static<typeof BlogPostQuery>;
