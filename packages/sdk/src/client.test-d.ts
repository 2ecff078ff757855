import type { Asset, ErrorCode, EventTicket, Presence, PreviewToken } from '@plinth/contract';
import { describe, expectTypeOf, it } from 'vitest';
import { createClient } from './client.js';
import type { DocumentInput, DocumentList, PlinthDocument } from './documents.js';
import { listDocuments } from './documents.js';
import type { PlinthError, PlinthGraphqlError, PlinthNetworkError } from './errors.js';
import type { EventStreamErrorInfo, EventSubscription, PlinthEvent, PlinthEventName } from './events.js';
import { mergePreview, previewTokenFrom, subscribeToPreview } from './preview.js';

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

describe('personalized reads and the AI assistant', () => {
  it('take an audience or known visitor attributes, and stream text deltas', () => {
    void typed
      .collection('articles')
      .get('1', { audience: 'france', visitor: { country: 'FR', 'custom.plan': 'pro' } });
    // @ts-expect-error not a visitor attribute (custom ones are custom.<name>)
    void typed.collection('articles').list({ visitor: { planet: 'mars' } });
    expectTypeOf(typed.collection('articles').list()).resolves.toHaveProperty('meta').toHaveProperty('audience');
    expectTypeOf(typed.ai.stream({ prompt: 'x' })).toExtend<AsyncIterable<string>>();
    // @ts-expect-error a prompt is required
    void typed.ai.generate({ tone: 'formal' });
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

describe('per-locale publishing and preview tokens', () => {
  const articles = typed.collection('articles');

  it('publish and unpublish take locales, and still take nothing or call options', () => {
    expectTypeOf(articles.publish('1', { locales: ['es', 'fr'] })).resolves.toEqualTypeOf<PlinthDocument<Article>>();
    expectTypeOf(articles.unpublish('1', { locales: ['fr'] })).resolves.toEqualTypeOf<PlinthDocument<Article>>();
    void articles.publish('1');
    void articles.unpublish('1', { signal: new AbortController().signal });
    void articles.publish('1', { locales: ['es'] as const, headers: { 'x-trace': '1' } });
    // @ts-expect-error locales is a list
    void articles.publish('1', { locales: 'es' });
    // @ts-expect-error not an option of publish
    void articles.publish('1', { status: 'draft' });
  });

  it('makes preview tokens and reads with them', () => {
    expectTypeOf(articles.previewToken('1')).resolves.toEqualTypeOf<PreviewToken>();
    expectTypeOf(articles.previewToken('1', { locale: 'es' })).resolves.toEqualTypeOf<PreviewToken>();
    expectTypeOf<PreviewToken['url']>().toEqualTypeOf<string | null>();
    expectTypeOf(articles.get('1', { previewToken: 'plp_x', populate: ['author'] })).resolves.toEqualTypeOf<
      PlinthDocument<Article>
    >();
    expectTypeOf(previewTokenFrom).parameter(0).toEqualTypeOf<string | URL>();
    expectTypeOf(previewTokenFrom('https://site.example/')).toEqualTypeOf<string | null>();
    // @ts-expect-error a preview token is a string
    void articles.get('1', { previewToken: true });
  });
});

describe('real-time events', () => {
  it('types each event by its name', () => {
    const subscription = typed.events.subscribe({
      onEvent: (event) => {
        expectTypeOf(event).toEqualTypeOf<PlinthEvent>();
        expectTypeOf(event.id).toBeString();
        if (event.event === 'document.published') expectTypeOf(event.data.locales).toEqualTypeOf<string[]>();
        if (event.event === 'media.created') expectTypeOf(event.data).toEqualTypeOf<Asset>();
        if (event.event === 'presence.joined') expectTypeOf(event.data).toEqualTypeOf<Presence>();
      },
    });
    expectTypeOf(subscription).toEqualTypeOf<EventSubscription>();
    expectTypeOf(subscription.lastEventId).toEqualTypeOf<string | null>();
    expectTypeOf(subscription.close).toEqualTypeOf<() => void>();
    // @ts-expect-error the last event id is read-only
    subscription.lastEventId = '1';
  });

  it('narrows onEvent to the events asked for', () => {
    typed.events.subscribe({
      events: ['document.published', 'document.unpublished'],
      collections: ['articles'],
      lastEventId: '41',
      signal: new AbortController().signal,
      onEvent: (event) => {
        expectTypeOf(event.event).toEqualTypeOf<'document.published' | 'document.unpublished'>();
        expectTypeOf(event.data.locales).toEqualTypeOf<string[]>();
      },
      onReset: ({ reason }) => expectTypeOf(reason).toBeString(),
      onError: (error, info) => {
        expectTypeOf(error).toEqualTypeOf<PlinthError | PlinthNetworkError>();
        expectTypeOf(info).toEqualTypeOf<EventStreamErrorInfo>();
      },
      onOpen: () => undefined,
    });
    // @ts-expect-error not an event of the stream
    typed.events.subscribe({ events: ['document.exploded'], onEvent: () => undefined });
    // @ts-expect-error ping is for webhooks only
    typed.events.subscribe({ events: ['ping'], onEvent: () => undefined });
    // @ts-expect-error onEvent is required
    typed.events.subscribe({ events: ['media.created'] });
    expectTypeOf<'presence.left'>().toExtend<PlinthEventName>();
  });

  it('gives tickets for EventSource', () => {
    expectTypeOf(typed.events.ticket()).resolves.toEqualTypeOf<EventTicket>();
  });
});

describe('live preview', () => {
  it('types drafts with the document type', () => {
    const stop = subscribeToPreview<Article>({
      origin: ['https://cms.example.com'],
      documentId: '1',
      onPreview: (draft) => expectTypeOf(draft).toEqualTypeOf<PlinthDocument<Article>>(),
    });
    expectTypeOf(stop).toEqualTypeOf<() => void>();
    // @ts-expect-error origin is required
    subscribeToPreview({ onPreview: () => undefined });
  });

  it('merges a draft into a typed document', () => {
    const current = {} as PlinthDocument<Article>;
    expectTypeOf(mergePreview(current, null)).toEqualTypeOf<PlinthDocument<Article>>();
    expectTypeOf(mergePreview(current, {} as PlinthDocument<Record<string, unknown>>)).toEqualTypeOf<
      PlinthDocument<Article>
    >();
  });
});
