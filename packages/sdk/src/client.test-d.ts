import type { Asset, ErrorCode } from '@plinth/contract';
import { describe, expectTypeOf, it } from 'vitest';
import { createClient } from './client.js';
import type { DocumentInput, DocumentList, PlinthDocument } from './documents.js';
import { listDocuments } from './documents.js';
import type { PlinthError, PlinthGraphqlError } from './errors.js';

interface Author {
  name: string;
}
interface Article {
  title: string;
  views: number | null;
  tags: ('cms' | 'api')[] | null;
  author: string | PlinthDocument<Author> | null;
  cover: string | Asset | null;
  related: (string | PlinthDocument<Article>)[] | null;
}
interface Collections {
  articles: Article;
  authors: Author;
}

const untyped = createClient({ url: 'https://cms.example.com', projectId: 'p1' });
const typed = createClient<Collections>({ url: 'https://cms.example.com', projectId: 'p1' });

describe('generic typing of documents', () => {
  it('takes the data type as a type argument', () => {
    const articles = untyped.collection<Article>('articles');
    expectTypeOf(articles.list()).resolves.toEqualTypeOf<DocumentList<Article>>();
    expectTypeOf(articles.get('1')).resolves.toEqualTypeOf<PlinthDocument<Article>>();
    expectTypeOf(articles.publish('1')).resolves.toEqualTypeOf<PlinthDocument<Article>>();
    expectTypeOf(articles.delete('1')).resolves.toBeVoid();
  });

  it('takes the data type from the collection map', () => {
    expectTypeOf(typed.collection('articles').list()).resolves.toEqualTypeOf<DocumentList<Article>>();
    expectTypeOf(typed.collection('authors').get('1')).resolves.toEqualTypeOf<PlinthDocument<Author>>();
    // A type argument still wins for slugs the map does not know.
    expectTypeOf(typed.collection<Author>('people').get('1')).resolves.toEqualTypeOf<PlinthDocument<Author>>();
  });

  it('leaves field values unknown without a type', () => {
    expectTypeOf(untyped.collection('anything').get('1')).resolves.toEqualTypeOf<
      PlinthDocument<Record<string, unknown>>
    >();
  });

  it('iterates typed documents and pages', () => {
    expectTypeOf(typed.collection('articles').iterate()).toEqualTypeOf<AsyncGenerator<PlinthDocument<Article>>>();
    expectTypeOf(typed.collection('articles').pages()).toEqualTypeOf<AsyncGenerator<DocumentList<Article>>>();
  });

  it('types the pure request functions the same way', () => {
    expectTypeOf(
      typed.request(listDocuments<Article>({ projectId: 'p1', collection: 'articles' })),
    ).resolves.toEqualTypeOf<DocumentList<Article>>();
  });
});

describe('queries name the fields of the type', () => {
  const articles = typed.collection('articles');

  it('accepts fields, columns, reference paths and the operators of API.md', () => {
    void articles.list({
      filter: {
        views: { gte: 10, lt: 100 },
        tags: { contains: 'cms' },
        title: 'Hello',
        created_at: { gt: new Date() },
        id: { in: ['a', 'b'] },
        cover: { exists: true },
        'author.name': { starts_with: 'A' },
      },
      sort: ['-views', 'title', '-published_at'],
      fields: ['title', 'views'],
      populate: ['author', 'cover'],
      depth: 2,
      status: 'published',
      locale: '*',
    });
    void articles.list({ populate: '*', sort: 'title' });
  });

  it('refuses unknown names and mistyped operators', () => {
    // @ts-expect-error not a field of Article
    void articles.list({ filter: { nope: 1 } });
    // @ts-expect-error not an operator
    void articles.list({ filter: { views: { between: 1 } } });
    // @ts-expect-error exists takes a boolean
    void articles.list({ filter: { views: { exists: 'yes' } } });
    // @ts-expect-error in takes a list
    void articles.list({ filter: { views: { in: 1 } } });
    // @ts-expect-error not a field to sort on
    void articles.list({ sort: '-nope' });
    // @ts-expect-error not a field to project
    void articles.list({ fields: ['nope'] });
    // @ts-expect-error depth is 1 to 3
    void articles.list({ depth: 4 });
    // @ts-expect-error iterate walks cursors itself
    void articles.iterate({ cursor: 'abc' });
  });
});

describe('writes', () => {
  it('take ids where reads may hold populated documents or assets', () => {
    expectTypeOf<DocumentInput<Article>['author']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<DocumentInput<Article>['cover']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<DocumentInput<Article>['related']>().toEqualTypeOf<string[] | null | undefined>();
    expectTypeOf<DocumentInput<Article>['tags']>().toEqualTypeOf<('cms' | 'api')[] | null | undefined>();
  });

  it('check field names and value types', () => {
    const articles = typed.collection('articles');
    void articles.create({ title: 'x', author: 'author-id' }, { status: 'published', idempotencyKey: 'k1' });
    void articles.update('1', { views: 2 }, { version: 3, locale: 'es' });
    // @ts-expect-error views are numbers
    void articles.update('1', { views: 'many' });
    // @ts-expect-error not a field
    void articles.create({ nope: 1 });
    // @ts-expect-error only drafts and published documents can be created
    void articles.create({ title: 'x' }, { status: 'changed' });
  });
});

describe('errors and GraphQL', () => {
  it('carry the code union of the contract', () => {
    expectTypeOf<PlinthError['code']>().toEqualTypeOf<ErrorCode>();
    expectTypeOf<PlinthGraphqlError>().toExtend<PlinthError>();
  });

  it('types GraphQL data from a type argument', () => {
    expectTypeOf(typed.graphql<{ articles: { total: number } }>('{ articles { total } }')).resolves.toEqualTypeOf<{
      articles: { total: number };
    }>();
  });
});
