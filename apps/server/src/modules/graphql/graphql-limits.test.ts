import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { graphql, graphqlData, graphqlErrors } from '../../test/graphql.js';
import { call, createTestApp, type Session, signUp, type TestApp } from '../../test/harness.js';
import { ROOT_FIELD_COST } from './query-limits.js';

describe('GraphQL limits, introspection, request errors and the explorer link', () => {
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let schemaReader: string;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    schemaReader = await createToken(t.app, owner, projectId, ['content:read', 'schema:read']);
    await createCollection(t.app, owner, projectId, {
      slug: 'people',
      name: 'People',
      singular: 'person',
      fields: [
        { name: 'name', type: 'text' },
        { name: 'friend', type: 'reference', options: { collection: 'people' } },
        { name: 'friends', type: 'reference', options: { collection: 'people', multiple: true } },
      ],
    });
    const ada = await createDocument(t.app, owner, projectId, 'people', { data: { name: 'Ada' }, status: 'published' });
    await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/people/documents/${ada.id}`,
      payload: { data: { friend: ada.id } },
    });
  });
  afterAll(async () => t.close());

  const nested = (levels: number) => {
    let selection = 'name';
    for (let i = 0; i < levels; i++) selection = `friend { ${selection} }`;
    return `{ people { items { ${selection} } } }`;
  };

  it('refuses an over-deep query before running it, with a clear error', async () => {
    // people › items › friend ×5 › name: 8 levels, the limit.
    await graphqlData(t.app, owner, projectId, nested(5));
    t.queries.length = 0;
    const refused = await graphqlErrors(t.app, owner, projectId, nested(6));
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: 'The query is 9 levels deep; the limit is 8',
        extensions: { code: 'VALIDATION_FAILED', limit: 'depth', max: 8, actual: 9 },
      }),
    ]);
    expect(Object.keys(refused.body)).toEqual(['errors']);
    // Refused before any content was read (only the credential and the project were checked).
    expect(t.queries.filter((sql) => sql.includes('"documents"'))).toEqual([]);
    // Fragments count where they are spread.
    const viaFragments = await graphqlErrors(
      t.app,
      owner,
      projectId,
      `{ people { items { ...A } } }
       fragment A on Person { friend { ...B } }
       fragment B on Person { friend { friend { friend { friend { friend { name } } } } } }`,
    );
    expect(viaFragments.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ limit: 'depth' }) }),
    ]);
  });

  it('refuses an over-costly query before running it, counting the page size', async () => {
    const wide = (limit: number) =>
      `{ people(limit: ${limit}) { items { name friends { name friends { name friends { name } } } } } }`;
    const refused = await graphqlErrors(t.app, owner, projectId, wide(100));
    expect(refused.status).toBe(400);
    expect(refused.errors[0]?.message).toMatch(/^The query would cost \d+ points; the limit is 10000/);
    expect(refused.errors[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', limit: 'cost', max: 10000 });
    // The same shape on a small page is fine; the page size may come from a variable.
    await graphqlData(t.app, owner, projectId, wide(5));
    const variable = await graphqlErrors(
      t.app,
      owner,
      projectId,
      'query ($n: Int) { people(limit: $n) { items { name friends { name friends { name friends { name } } } } } }',
      { n: 100 },
    );
    expect(variable.errors[0]?.extensions).toMatchObject({ limit: 'cost' });
    // Many aliases of a cheap field add up too.
    const aliases = Array.from({ length: 120 }, (_, i) => `a${i}: people(limit: 100) { items { name } }`).join(' ');
    expect((await graphqlErrors(t.app, owner, projectId, `{ ${aliases} }`)).errors[0]?.extensions).toMatchObject({
      limit: 'cost',
    });
  });

  it('counts a negative limit as an empty page, so that it cannot pay for another field', async () => {
    const wide = 'people(limit: 100) { items { name friends { name friends { name friends { name } } } } }';
    for (const [operation, variables] of [
      [`{ credit: people(limit: -1000000) { total } big: ${wide} }`, undefined],
      [`query ($n: Int) { credit: people(limit: $n) { total } big: ${wide} }`, { n: -1_000_000 }],
    ] as const) {
      const refused = await graphqlErrors(t.app, reader, projectId, operation, variables);
      expect(refused.status).toBe(400);
      expect(refused.errors[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', limit: 'cost' });
    }
  });

  it('counts each root field as a database read: 1000 aliases of a count are refused before any runs', async () => {
    const counts = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `c${i}: people { total }`).join(' ')} }`;
    t.queries.length = 0;
    const refused = await graphqlErrors(t.app, reader, projectId, counts(1000));
    expect(refused.status).toBe(400);
    expect(refused.errors[0]?.extensions).toMatchObject({ limit: 'cost', actual: 1000 * (ROOT_FIELD_COST + 2) });
    expect(t.queries.filter((statement) => statement.includes('"documents"'))).toEqual([]);
    const allowed = await graphqlData(t.app, reader, projectId, counts(30));
    expect(Object.keys(allowed)).toHaveLength(30);
  });

  it('refuses aliased introspection, whose answer would grow with each alias', async () => {
    for (const query of [
      '{ a: __schema { types { name } } b: __schema { types { name } } }',
      '{ __schema { a: types { name } b: types { name } } }',
      '{ a: __type(name: "Person") { name } }',
      '{ __schema { types { ...F } } } fragment F on __Type { a: name }',
    ]) {
      const refused = await graphqlErrors(t.app, owner, projectId, query);
      expect(refused.status).toBe(400);
      expect(refused.errors[0]?.extensions).toEqual({ code: 'VALIDATION_FAILED', limit: 'introspection' });
    }
    // Duplicates without an alias merge into one; aliases outside introspection stay allowed.
    await graphqlData(
      t.app,
      owner,
      projectId,
      '{ __schema { types { name } } __schema { types { name } } t: __typename }',
    );
  });

  it('refuses more than 25 mutations in one request before running any, aliases and fragments included', async () => {
    const writer = await createToken(t.app, owner, projectId, ['content:read', 'content:write']);
    const creates = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => `${prefix}${i}: createPerson(data: { name: "${prefix} ${i}" }) { id }`);
    const total = async () =>
      (await graphqlData<{ people: { total: number } }>(t.app, owner, projectId, '{ people { total } }')).people.total;
    const before = await total();

    const refused = await graphqlErrors(t.app, writer, projectId, `mutation { ${creates(26, 'many').join(' ')} }`);
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: 'The request runs 26 mutations; the limit is 25 per request. Send the others in further requests',
        extensions: { code: 'VALIDATION_FAILED', limit: 'mutations', max: 25, actual: 26 },
      }),
    ]);
    const viaFragments = await graphqlErrors(
      t.app,
      writer,
      projectId,
      `mutation { ...A ... on Mutation { ${creates(13, 'inline').join(' ')} } }
       fragment A on Mutation { ${creates(13, 'spread').join(' ')} }`,
    );
    expect(viaFragments.errors[0]?.extensions).toMatchObject({ limit: 'mutations', actual: 26 });
    expect(await total()).toBe(before);

    // 25 run, in one request; queries are not mutations and have their own (cost) limit.
    const allowed = await graphqlData<Record<string, { id: string }>>(
      t.app,
      writer,
      projectId,
      `mutation { ${creates(25, 'ok').join(' ')} }`,
    );
    expect(Object.keys(allowed)).toHaveLength(25);
    expect(await total()).toBe(before + 25);
    const deletes = Object.values(allowed).map(({ id }, i) => `d${i}: deletePerson(id: "${id}")`);
    await graphqlData(t.app, writer, projectId, `mutation { ${deletes.join(' ')} }`);
    expect(await total()).toBe(before);
    await graphqlData(
      t.app,
      writer,
      projectId,
      `{ ${Array.from({ length: 30 }, (_, i) => `q${i}: people(limit: 1) { total }`).join(' ')} }`,
    );
  });

  it('allows introspection to members and schema:read tokens only; __typename for everyone', async () => {
    for (const credential of [owner, schemaReader]) {
      const data = await graphqlData<{ __schema: { types: { name: string; fields: { name: string }[] | null }[] } }>(
        t.app,
        credential,
        projectId,
        getIntrospectionQuery(),
      );
      const query = data.__schema.types.find((type) => type.name === 'Query');
      expect(query?.fields?.map((field) => field.name)).toEqual(['people', 'person']);
    }
    for (const query of [getIntrospectionQuery(), '{ __type(name: "Person") { name } }']) {
      const refused = await graphqlErrors(t.app, reader, projectId, query);
      expect(refused.status).toBe(403);
      expect(refused.codes[0]).toBe('FORBIDDEN');
      expect(refused.errors[0]?.message).toBe(
        'Introspection needs a signed-in member or an API token with the schema:read scope',
      );
    }
    expect(await graphqlData(t.app, reader, projectId, '{ __typename people { __typename } }')).toEqual({
      __typename: 'Query',
      people: { __typename: 'PersonList' },
    });
  });

  it('answers malformed requests with GraphQL errors only', async () => {
    const syntax = await graphqlErrors(t.app, owner, projectId, '{ people { ');
    expect(syntax.status).toBe(400);
    expect(syntax.errors[0]?.message).toMatch(/^Syntax Error/);
    expect(syntax.codes).toEqual(['VALIDATION_FAILED']);
    const unknown = await graphqlErrors(t.app, owner, projectId, '{ articles { total } }');
    expect(unknown.errors[0]?.message).toBe('Cannot query field "articles" on type "Query".');
    const badVariable = await graphqlErrors(
      t.app,
      owner,
      projectId,
      'query ($n: Int!) { people(limit: $n) { total } }',
      {
        n: 'ten',
      },
    );
    expect(badVariable.status).toBe(400);
    expect(badVariable.codes).toEqual(['VALIDATION_FAILED']);
    const noBody = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/graphql`,
      payload: { variables: {} },
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({
      errors: [
        {
          message: 'query is required',
          extensions: { code: 'VALIDATION_FAILED', details: [{ path: 'query', message: 'is required' }] },
        },
      ],
    });
    const badJson = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/graphql?query=${encodeURIComponent('{ people { total } }')}&variables=nope`,
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().errors[0]).toEqual({
      message: 'variables must be a JSON object',
      extensions: { code: 'VALIDATION_FAILED', details: [{ path: 'variables', message: 'must be a JSON object' }] },
    });
    const anonymous = await graphql(t.app, null, projectId, '{ people { total } }');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    const operations = await graphql(
      t.app,
      owner,
      projectId,
      'query A { people { total } } query B { person(id: "x") { id } }',
    );
    expect(operations.status).toBe(400);
    const chosen = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/graphql`,
      payload: { query: 'query A { people { total } } query B { person(id: "x") { id } }', operationName: 'B' },
    });
    expect(chosen.json()).toEqual({ data: { person: null } });
  });

  it('follows model changes at once: a new field and a new collection are in the next schema', async () => {
    const before = await graphqlErrors(t.app, owner, projectId, '{ people { items { age } } }');
    expect(before.codes).toEqual(['VALIDATION_FAILED']);
    const changed = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/people`,
      payload: {
        fields: [
          { name: 'name', type: 'text' },
          { name: 'friend', type: 'reference', options: { collection: 'people' } },
          { name: 'friends', type: 'reference', options: { collection: 'people', multiple: true } },
          { name: 'age', type: 'integer' },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await graphqlData(t.app, owner, projectId, '{ people { items { age } } }')).toEqual({
      people: { items: [{ age: null }] },
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'blog_posts',
      name: 'Blog posts',
      fields: [{ name: 'title', type: 'text' }],
    });
    const created = await graphqlData<{ createBlogPost: { title: string } }>(
      t.app,
      owner,
      projectId,
      'mutation { createBlogPost(data: { title: "First" }) { title } }',
    );
    expect(created.createBlogPost.title).toBe('First');
    expect(await graphqlData(t.app, owner, projectId, '{ blogPosts { total items { title } } }')).toEqual({
      blogPosts: { total: 1, items: [{ title: 'First' }] },
    });
  });

  it('documents both routes in the OpenAPI document, from the contract schemas', async () => {
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const path = openapi.paths['/api/v1/projects/{projectId}/graphql'];
    expect(Object.keys(path).sort()).toEqual(['get', 'post']);
    expect(path.post.tags).toEqual(['graphql']);
    expect(path.post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/GraphqlRequest',
    });
    expect(Object.keys(openapi.components.schemas.GraphqlRequest.properties).sort()).toEqual([
      'extensions',
      'operationName',
      'query',
      'variables',
    ]);
    expect(Object.keys(path.post.responses).sort()).toEqual(['200', '304', '4XX', '5XX']);
    expect(openapi.paths['/api/graphql']).toBeUndefined();
  });

  it('sends /api/graphql to the explorer of the web app, keeping the chosen project', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/graphql' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/app/graphql');
    const chosen = await t.app.inject({ method: 'GET', url: `/api/graphql?project=${projectId}&other=x` });
    expect(chosen.headers.location).toBe(`/app/graphql?project=${projectId}`);
    const odd = await t.app.inject({ method: 'GET', url: '/api/graphql?project=a%26b%3Dc' });
    expect(odd.headers.location).toBe('/app/graphql?project=a%26b%3Dc');
    // The old self-contained page and its script are gone.
    expect((await t.app.inject({ method: 'GET', url: '/api/graphql/explorer.js' })).statusCode).toBe(404);
  });
});
