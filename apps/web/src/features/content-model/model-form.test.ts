import { type Field, fillPreviewUrl } from '@plinth/contract';
import { describe, expect, it } from 'vitest';
import { graphqlOf, typeScriptOf } from './api-shape';
import { draftPathOf, draftToField, fieldToDraft } from './model-form';
import { defaultSingular, pascalCase, toModelName } from './model-rules';

const FIELDS: Field[] = [
  {
    name: 'title',
    type: 'text',
    required: true,
    localized: true,
    options: { min_length: 2, max_length: 200, pattern: '^A' },
  },
  { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
  { name: 'tags', type: 'select', default: ['a'], options: { choices: ['a', 'b'], multiple: true } },
  { name: 'meta', type: 'json', hidden: true, default: { a: 1 } },
  { name: 'cover', type: 'media', options: { accept: ['image/*'], multiple: true } },
  { name: 'author', type: 'reference', label: 'Author', help: 'Who wrote it', options: { collection: 'authors' } },
  { name: 'body', type: 'blocks', options: { components: ['hero'] } },
];

describe('model form', () => {
  it('turns every saved field into a draft and back unchanged', () => {
    for (const field of FIELDS) expect(draftToField(fieldToDraft(field))).toEqual(field);
  });

  it('maps server detail paths onto the form, by index (400) or by name (409)', () => {
    const drafts = FIELDS.map(fieldToDraft);
    expect(draftPathOf('fields.0.options.min_length', 'collection', drafts)).toBe('fields.0.minLength');
    expect(draftPathOf('fields.2.options.choices.1', 'collection', drafts)).toBe('fields.2.choices');
    expect(draftPathOf('fields.3.default.a', 'collection', drafts)).toBe('fields.3.defaultValue');
    expect(draftPathOf('fields.1.unique', 'collection', drafts)).toBe('fields.1.unique');
    expect(draftPathOf('fields.slug', 'collection', drafts)).toBe('fields.1.type');
    expect(draftPathOf('fields.9.name', 'collection', drafts)).toBeNull();
    expect(draftPathOf('preview_url', 'collection', drafts)).toBe('previewUrl');
    expect(draftPathOf('label', 'component', drafts)).toBe('name');
    expect(draftPathOf('name', 'component', drafts)).toBe('slug');
  });

  it('names things as the server does', () => {
    expect(defaultSingular('articles')).toBe('article');
    expect(defaultSingular('news')).toBe('new');
    expect(defaultSingular('staff')).toBe('staff_item');
    expect(pascalCase('blog_post')).toBe('BlogPost');
    expect(toModelName('Published on (UTC)')).toBe('published_on_utc');
    expect(toModelName('2 Évènements')).toBe('evenements');
    expect(fillPreviewUrl('https://s.example/{slug}?l={locale}&x={missing}', { slug: 'a b', locale: 'en' })).toBe(
      'https://s.example/a%20b?l=en&x=',
    );
  });
});

describe('API shape', () => {
  const context = {
    collections: [{ slug: 'authors', singular: 'author' }],
    components: [{ name: 'hero', fields: [{ name: 'heading', type: 'text' as const, required: true }] }],
    locale: 'en',
  };
  const model = { slug: 'articles', singular: '', mode: 'collection' as const, fields: FIELDS };

  it('types documents in TypeScript: required or optional, choices as literals, blocks as component unions', () => {
    const ts = typeScriptOf(model, context);
    expect(ts).toContain('export interface Article {');
    expect(ts).toContain('  title: string;');
    expect(ts).toContain('  tags?: ("a" | "b")[] | null;');
    expect(ts).toContain('  cover?: string[] | null;');
    expect(ts).toContain('  body?: HeroComponent[] | null;');
    expect(ts).toContain("  _component: 'hero';");
    expect(ts).toContain('  heading: string;');
  });

  it('types documents in GraphQL like the server: references as their type, hidden fields left out', () => {
    const graphql = graphqlOf(model, context);
    expect(graphql).toContain('type Article {');
    expect(graphql).toContain('  author: Author');
    expect(graphql).toContain('  "Author: Who wrote it"');
    expect(graphql).toContain('  cover: [Asset]');
    expect(graphql).toContain('  body: [ArticleBodyBlock]');
    expect(graphql).toContain('union ArticleBodyBlock = HeroComponent');
    expect(graphql).not.toContain('meta:');
  });
});
