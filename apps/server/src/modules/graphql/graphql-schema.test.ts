import type { Field } from '@plinth/contract';
import { type GraphQLObjectType, type GraphQLSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { CollectionModel, ComponentModel } from '../collections/model.js';
import type { ProjectModel } from '../collections/model-cache.js';
import { documentFilters } from './graphql-filters.js';
import { camelCase, NameRegistry, pascalCase } from './names.js';
import { buildSchema } from './schema-builder.js';
import { GraphqlSchemaCache } from './schema-cache.js';

const collection = (slug: string, singular: string, fields: Field[]): CollectionModel => ({
  id: `id-${slug}`,
  projectId: 'p',
  slug,
  name: slug,
  singular,
  description: '',
  kind: 'collection',
  displayField: null,
  requiresApproval: false,
  previewUrl: null,
  fields,
  components: new Map(),
  revision: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const component = (name: string, fields: Field[]): ComponentModel => ({
  id: `id-${name}`,
  name,
  label: name,
  description: '',
  fields,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function projectModel(collections: CollectionModel[], components: ComponentModel[] = []): ProjectModel {
  return {
    collections: new Map(collections.map((model) => [model.slug, model])),
    collectionsById: new Map(collections.map((model) => [model.id, model])),
    components: new Map(components.map((model) => [model.name, model])),
    componentFields: new Map(components.map((model) => [model.name, model.fields])),
  };
}

const model = projectModel(
  [
    collection('blog_posts', 'blog_post', [
      { name: 'title', type: 'text', localized: true },
      { name: 'views', type: 'integer' },
      { name: 'author', type: 'reference', options: { collection: 'people' } },
      { name: 'cover', type: 'media' },
      { name: 'body', type: 'blocks', options: { components: ['hero'] } },
      { name: 'meta', type: 'json' },
      { name: 'secret', type: 'text', hidden: true },
    ]),
    collection('people', 'person', [{ name: 'name', type: 'text' }]),
    // A singular whose PascalCase form is taken by a built-in type.
    collection('uploads', 'asset', [{ name: 'name', type: 'text' }]),
  ],
  [component('hero', [{ name: 'heading', type: 'text' }])],
);

/** `name(arg: Type, …): Type`, as API.md writes root fields. */
function signature(schema: GraphQLSchema, type: 'Query' | 'Mutation', name: string): string {
  const root = schema.getType(type) as GraphQLObjectType;
  const field = root.getFields()[name];
  if (!field) return `no ${type}.${name}`;
  const args = field.args.map((arg) => `${arg.name}: ${String(arg.type)}`).join(', ');
  return `${name}(${args}): ${String(field.type)}`;
}

describe('GraphQL schema generation', () => {
  it('names types and root fields from slug and singular (API.md)', () => {
    expect(camelCase('blog_posts')).toBe('blogPosts');
    expect(pascalCase('blog_post')).toBe('BlogPost');
    const schema = buildSchema(model, 'members');
    expect(signature(schema, 'Query', 'blogPosts')).toBe(
      'blogPosts(filter: BlogPostFilter, sort: [String!], limit: Int, offset: Int, locale: String, status: ReadStatus, search: String, audience: String, visitor: VisitorInput): BlogPostList!',
    );
    expect(signature(schema, 'Query', 'blogPost')).toBe(
      'blogPost(id: ID!, locale: String, status: ReadStatus, audience: String, visitor: VisitorInput): BlogPost',
    );
    expect(signature(schema, 'Mutation', 'createBlogPost')).toBe(
      'createBlogPost(data: BlogPostInput!, locale: String): BlogPost!',
    );
    expect(signature(schema, 'Mutation', 'updateBlogPost')).toBe(
      'updateBlogPost(id: ID!, data: BlogPostInput!, locale: String, version: Int): BlogPost!',
    );
    expect(signature(schema, 'Mutation', 'deleteBlogPost')).toBe('deleteBlogPost(id: ID!): Boolean!');
    expect(signature(schema, 'Mutation', 'publishBlogPost')).toBe(
      'publishBlogPost(id: ID!, locales: [String!]): BlogPost!',
    );
    expect(signature(schema, 'Mutation', 'unpublishBlogPost')).toBe(
      'unpublishBlogPost(id: ID!, locales: [String!]): BlogPost!',
    );
    const sdl = printSchema(schema);
    expect(sdl).toMatch(/type BlogPostList \{\s+items: \[BlogPost!\]!\s+"""[^"]+"""\s+total: Int!/);
    expect(sdl).toContain('author: Person');
    expect(sdl).toContain('cover: Asset');
    expect(sdl).toContain('body: [BlogPostBodyBlock!]');
    expect(sdl).toContain('union BlogPostBodyBlock = HeroComponent');
    expect(sdl).toContain('meta: JSON');
    expect(sdl).toContain('author: PersonReferenceFilter');
    expect(sdl).toContain('type AssetDocument {');
    expect(signature(schema, 'Query', 'uploads')).toMatch(/^uploads\(.*\): AssetDocumentList!$/);
    const asset = schema.getType('Asset') as GraphQLObjectType;
    expect(Object.entries(asset.getFields()).map(([name, field]) => `${name}: ${String(field.type)}`)).toEqual([
      'id: ID!',
      'filename: String!',
      'mime_type: String!',
      'size: Float!',
      'width: Int',
      'height: Int',
      'alt: String',
      'folder: String',
      'url: String!',
      'created_at: String!',
    ]);
  });

  it('leaves hidden fields out of the tokens schema, and out of every filter', () => {
    const members = printSchema(buildSchema(model, 'members'));
    const tokens = printSchema(buildSchema(model, 'tokens'));
    const typeBlock = (sdl: string, name: string) => sdl.slice(sdl.indexOf(name), sdl.indexOf('}', sdl.indexOf(name)));
    expect(typeBlock(members, 'type BlogPost {')).toContain('secret: String');
    expect(typeBlock(members, 'input BlogPostInput {')).toContain('secret: String');
    expect(typeBlock(members, 'input BlogPostFilter {')).not.toContain('secret');
    expect(tokens).not.toContain('secret');
  });

  it('builds a schema for a project without collections', () => {
    const sdl = printSchema(buildSchema(projectModel([]), 'tokens'));
    expect(sdl).toContain('_empty: Boolean');
    expect(sdl).not.toContain('type Mutation');
  });

  it('caches schemas per model version, not per request or per content change', () => {
    const cache = new GraphqlSchemaCache();
    const first = cache.schema('p', model, 'tokens');
    expect(cache.schema('p', model, 'tokens')).toBe(first);
    expect(cache.schema('p', model, 'members')).not.toBe(first);
    // ModelCache re-reads the model after content changes: an equal model keeps the schema.
    const reread = projectModel(
      [...model.collections.values()].map((c) => ({ ...c })),
      [...model.components.values()],
    );
    expect(cache.schema('p', reread, 'tokens')).toBe(first);
    const changed = projectModel([collection('people', 'person', [{ name: 'age', type: 'integer' }])]);
    const rebuilt = cache.schema('p', changed, 'tokens');
    expect(rebuilt).not.toBe(first);
    expect(printSchema(rebuilt)).toContain('age: Int');
  });

  it('gives unique names when model names clash', () => {
    const names = new NameRegistry();
    expect(names.claim('Query', 'Document')).toBe('QueryDocument');
    expect(names.claim('Post')).toBe('Post');
    expect(names.claim('Post')).toBe('Post2');
    expect(names.claim('Post', 'Document')).toBe('PostDocument');
  });
});

describe('GraphQL filters as typed document conditions', () => {
  it('turns filter inputs into the conditions of a document list, values keeping their types', () => {
    expect(
      documentFilters({
        views: { gt: 10, lte: 20.5 },
        title: { contains: 'x', eq: null },
        featured: { eq: false },
        tags: { in: ['a', 'b'] },
        author: { nin: ['1'], where: { name: { starts_with: 'A' }, id: { exists: true } } },
      }),
    ).toEqual([
      { field: 'views', op: 'gt', value: 10 },
      { field: 'views', op: 'lte', value: 20.5 },
      { field: 'title', op: 'contains', value: 'x' },
      { field: 'featured', op: 'eq', value: false },
      { field: 'tags', op: 'in', value: ['a', 'b'] },
      { field: 'author', op: 'nin', value: ['1'] },
      { field: 'author.name', op: 'starts_with', value: 'A' },
      { field: 'author.id', op: 'exists', value: true },
    ]);
    expect(documentFilters(null)).toEqual([]);
  });

  it('keeps each value of a list whole, commas included, and refuses an empty list', () => {
    expect(documentFilters({ title: { in: ['a,b', 'c'] } })).toEqual([
      { field: 'title', op: 'in', value: ['a,b', 'c'] },
    ]);
    expect(() => documentFilters({ title: { nin: [] } })).toThrow('filter.title.nin must list at least one value');
  });
});
