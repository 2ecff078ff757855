import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlinthClient } from './client.js';
import { PlinthError, PlinthGraphqlError } from './errors.js';
import { clientOf, createBlogModel, type SdkTestServer, startSdkServer } from './test/server.js';

interface ArticlesQuery {
  articles: { total: number; items: { id: string; title: string; author: { name: string } | null }[] };
}

describe('GraphQL through the SDK, over HTTP', () => {
  let server: SdkTestServer;
  let client: PlinthClient;

  beforeAll(async () => {
    server = await startSdkServer();
    await createBlogModel(server);
    client = clientOf(server);
    const ann = await client.collection('authors').create({ name: 'Ann' }, { status: 'published' });
    for (const [title, views] of [
      ['Kilo', 3],
      ['Lima', 30],
    ] as const) {
      await client.collection('articles').create({ title, views, author: ann.id }, { status: 'published' });
    }
  });
  afterAll(() => server.close());

  it('runs a query with variables and returns its data', async () => {
    const data = await client.graphql<ArticlesQuery>(
      `query ($min: Int) {
        articles(filter: { views: { gte: $min } }, sort: ["title"]) { total items { id title author { name } } }
      }`,
      { min: 1 },
    );
    expect(data.articles.total).toBe(2);
    expect(data.articles.items.map((item) => [item.title, item.author?.name])).toEqual([
      ['Kilo', 'Ann'],
      ['Lima', 'Ann'],
    ]);
  });

  it('runs mutations, and turns answer errors into a PlinthGraphqlError with their code', async () => {
    const UPDATE = `mutation ($id: ID!, $data: ArticleInput!, $version: Int) {
      updateArticle(id: $id, data: $data, version: $version) { id version views }
    }`;
    const { createArticle } = await client.graphql<{ createArticle: { id: string; version: number } }>(
      'mutation ($data: ArticleInput!) { createArticle(data: $data) { id version } }',
      { data: { title: 'Mike' } },
    );
    expect(createArticle.version).toBe(1);
    const { updateArticle } = await client.graphql<{ updateArticle: { version: number; views: number } }>(UPDATE, {
      id: createArticle.id,
      data: { views: 9 },
      version: 1,
    });
    expect(updateArticle).toMatchObject({ version: 2, views: 9 });

    const stale = await client
      .graphql(UPDATE, { id: createArticle.id, data: { views: 10 }, version: 1 })
      .catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(PlinthGraphqlError);
    expect(stale).toBeInstanceOf(PlinthError);
    // updateArticle is non-null, so its failure empties `data` (GraphQL's null propagation).
    expect(stale).toMatchObject({ status: 200, code: 'CONFLICT', data: null });
    expect((stale as PlinthGraphqlError).errors[0]?.path).toEqual(['updateArticle']);
  });

  it('reports requests refused before running with their HTTP status and GraphQL errors', async () => {
    const refused = await client.graphql('{ articles { items { nope } } }').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlinthGraphqlError);
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((refused as PlinthGraphqlError).errors[0]?.message).toMatch(/nope/);
  });

  it('reports what a token may not do with the API code in a 200 answer, as GraphQL does', async () => {
    const reader = clientOf(server, { token: await server.token(['content:read']) });
    await expect(reader.graphql('mutation { createArticle(data: { title: "x" }) { id } }')).rejects.toMatchObject({
      name: 'PlinthGraphqlError',
      status: 200,
      code: 'FORBIDDEN',
    });
  });
});
