import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '../../lib/session';
import {
  type FetchCall,
  fakeAppApi,
  fakeFetch,
  json,
  renderApp,
  signIn,
  testProject,
  testUser,
} from '../../test/render';

const PROJECTS = [testProject({ id: 'p1', name: 'Marketing site' }), testProject({ id: 'p2', name: 'Newsroom' })];

const ref = (kind: string, name: string | null, ofType: unknown = null) => ({ kind, name, ofType });
const SCHEMA = {
  data: {
    __schema: {
      queryType: { name: 'Query' },
      mutationType: { name: 'Mutation' },
      types: [
        {
          kind: 'OBJECT',
          name: 'Query',
          description: null,
          fields: [
            {
              name: 'articles',
              description: 'Lists Articles.',
              args: [{ name: 'limit', description: null, type: ref('SCALAR', 'Int') }],
              type: ref('NON_NULL', null, ref('OBJECT', 'ArticleList')),
            },
            {
              name: 'article',
              description: null,
              args: [{ name: 'id', description: null, type: ref('NON_NULL', null, ref('SCALAR', 'ID')) }],
              type: ref('OBJECT', 'Article'),
            },
          ],
          inputFields: null,
          enumValues: null,
          possibleTypes: null,
        },
        {
          kind: 'OBJECT',
          name: 'Mutation',
          description: null,
          fields: [
            {
              name: 'publishArticle',
              description: null,
              args: [{ name: 'id', description: null, type: ref('NON_NULL', null, ref('SCALAR', 'ID')) }],
              type: ref('NON_NULL', null, ref('OBJECT', 'Article')),
            },
          ],
          inputFields: null,
          enumValues: null,
          possibleTypes: null,
        },
        {
          kind: 'OBJECT',
          name: 'ArticleList',
          description: null,
          fields: [
            {
              name: 'items',
              description: null,
              args: [],
              type: ref('NON_NULL', null, ref('LIST', null, ref('NON_NULL', null, ref('OBJECT', 'Article')))),
            },
            { name: 'total', description: null, args: [], type: ref('NON_NULL', null, ref('SCALAR', 'Int')) },
          ],
          inputFields: null,
          enumValues: null,
          possibleTypes: null,
        },
        {
          kind: 'OBJECT',
          name: 'Article',
          description: 'A document of Articles.',
          fields: [
            { name: 'title', description: null, args: [], type: ref('SCALAR', 'String') },
            { name: 'cover', description: null, args: [], type: ref('OBJECT', 'Asset') },
          ],
          inputFields: null,
          enumValues: null,
          possibleTypes: null,
        },
        {
          kind: 'OBJECT',
          name: 'Asset',
          description: 'A file of the media library.',
          fields: [{ name: 'url', description: null, args: [], type: ref('NON_NULL', null, ref('SCALAR', 'String')) }],
          inputFields: null,
          enumValues: null,
          possibleTypes: null,
        },
        {
          kind: 'SCALAR',
          name: 'String',
          description: null,
          fields: null,
          inputFields: null,
          enumValues: null,
          possibleTypes: null,
        },
        {
          kind: 'OBJECT',
          name: '__Type',
          description: null,
          fields: [],
          inputFields: null,
          enumValues: null,
          possibleTypes: null,
        },
      ],
    },
  },
};

type Answer = (call: FetchCall) => Response | undefined;

/** The signed-in app's calls, plus GraphQL answers from `graphql` (introspection answered with SCHEMA). */
function serve(graphql: Answer) {
  return fakeAppApi(
    (call) => {
      if (!call.path.endsWith('/graphql')) return undefined;
      const query = (call.body as { query: string }).query;
      if (query.includes('__schema')) return json(200, SCHEMA);
      return graphql(call);
    },
    { projects: PROJECTS },
  );
}

const runs = (calls: FetchCall[]) =>
  calls.filter(
    (call) => call.path.endsWith('/graphql') && !(call.body as { query: string }).query.includes('__schema'),
  );

describe('GraphQL explorer', () => {
  beforeEach(() => localStorage.removeItem('plinth.graphql.history'));

  it('is for signed-in users: others sign in first and come back', async () => {
    fakeFetch(() => json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Sign in' }));
    const { router } = renderApp('/app/graphql?project=p2');
    await screen.findByRole('heading', { level: 1, name: /sign in/i });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/app/graphql?project=p2')}`);
  });

  it('is linked from the app navigation', async () => {
    signIn();
    serve(() => undefined);
    const { user, router } = renderApp('/app');
    const nav = await screen.findByRole('navigation', { name: 'Project' });
    await user.click(await within(nav).findByRole('link', { name: 'GraphQL explorer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'GraphQL explorer' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/projects/p1/graphql');
  });

  it('runs a query with variables on the chosen project (Ctrl+Enter) and shows the formatted answer', async () => {
    signIn();
    const calls = serve(() => json(200, { data: { articles: { total: 2 } } }));
    const { user, router } = renderApp('/app/graphql?project=p2');
    const picker = (await screen.findByRole('combobox', { name: 'Project' })) as HTMLSelectElement;
    expect(picker.value).toBe('p2');
    await user.selectOptions(picker, 'Marketing site');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1/graphql'));

    const query = screen.getByRole('textbox', { name: 'Query' });
    await user.clear(query);
    fireEvent.change(query, { target: { value: 'query Count($n: Int) { articles(limit: $n) { total } }' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Variables (JSON)' }), { target: { value: '{ "n": 5 }' } });
    await user.type(query, '{Control>}{Enter}{/Control}');

    const result = screen.getByRole('region', { name: 'Result' });
    expect(await within(result).findByText('HTTP 200')).toBeTruthy();
    expect(within(result).getByRole('region', { name: 'Response' }).textContent).toBe(
      JSON.stringify({ data: { articles: { total: 2 } } }, null, 2),
    );
    expect(runs(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/projects/p1/graphql',
        headers: expect.objectContaining({
          Authorization: 'Bearer access-1',
          Accept: 'application/graphql-response+json, application/json;q=0.9',
        }),
        body: { query: 'query Count($n: Int) { articles(limit: $n) { total } }', variables: { n: 5 } },
      }),
    ]);
  });

  it('shows GraphQL errors, from refused requests and from answers with data', async () => {
    signIn();
    let refuse = true;
    serve(() =>
      refuse
        ? json(400, {
            errors: [
              { message: 'The query is 9 levels deep; the limit is 8', extensions: { code: 'VALIDATION_FAILED' } },
            ],
          })
        : json(200, {
            data: { article: null },
            errors: [{ message: 'Document not found', path: ['article'], extensions: { code: 'NOT_FOUND' } }],
          }),
    );
    const { user } = renderApp('/app/graphql');
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    const result = screen.getByRole('region', { name: 'Result' });
    expect(await within(result).findByText('HTTP 400 · 1 error')).toBeTruthy();
    expect(within(result).getByRole('list', { name: 'Errors' }).textContent).toBe(
      'VALIDATION_FAILED: The query is 9 levels deep; the limit is 8',
    );
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await within(result).findByText('HTTP 200 · 1 error')).toBeTruthy();
    expect(within(result).getByRole('list', { name: 'Errors' }).textContent).toBe(
      'NOT_FOUND: Document not found (at article)',
    );
    expect(within(result).getByRole('region', { name: 'Response' }).textContent).toContain('"article": null');
  });

  it('refuses variables that are not a JSON object without sending anything', async () => {
    signIn();
    const calls = serve(() => json(200, { data: {} }));
    const { user } = renderApp('/app/graphql');
    const variables = await screen.findByRole('textbox', { name: 'Variables (JSON)' });
    fireEvent.change(variables, { target: { value: '[1, 2]' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Variables must be a JSON object')).toBeTruthy();
    expect(variables.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(variables, { target: { value: '{ nope' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Variables must be valid JSON')).toBeTruthy();
    expect(runs(calls)).toHaveLength(0);
  });

  it('refreshes an expired access token once and runs the query again (the app’s shared API client)', async () => {
    signIn();
    let expired = false;
    const calls = fakeFetch((call) => {
      if (call.path === '/api/v1/auth/me') return json(200, testUser);
      if (call.path === '/api/v1/projects')
        return json(200, { data: PROJECTS, meta: { total: 2, page: 1, limit: 25 } });
      if (call.path === '/api/v1/projects/p1') return json(200, { data: PROJECTS[0] });
      if (call.path === '/api/v1/auth/refresh')
        return json(200, { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900 });
      if (expired && call.headers.Authorization === 'Bearer access-1') {
        return json(401, { statusCode: 401, code: 'TOKEN_EXPIRED', message: 'The access token expired' });
      }
      const query = (call.body as { query: string }).query;
      return json(200, query.includes('__schema') ? SCHEMA : { data: { __typename: 'Query' } });
    });
    const { user } = renderApp('/app/graphql');
    await screen.findByRole('list', { name: 'Types' });
    // The access token expires while the page is open.
    expired = true;
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const result = screen.getByRole('region', { name: 'Result' });
    expect(await within(result).findByText('HTTP 200')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(runs(calls).map((call) => call.headers.Authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(getSession().accessToken).toBe('access-2');
  });

  it('browses the schema from introspection: search, types and their fields', async () => {
    signIn();
    serve(() => undefined);
    const { user } = renderApp('/app/graphql');
    const schema = await screen.findByRole('complementary', { name: 'Schema' });
    const types = await within(schema).findByRole('list', { name: 'Types' });
    expect(
      within(types)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Query', 'Mutation', 'Article', 'ArticleList', 'Asset', 'String']);
    // The query type is open first, with its fields, arguments and their types.
    const queryFields = within(schema).getByRole('list', { name: 'Fields of Query' });
    expect(
      within(queryFields)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['articles(limit: Int): ArticleList!Lists Articles.', 'article(id: ID!): Article']);
    await user.click(within(queryFields).getByRole('button', { name: 'ArticleList!' }));
    const list = within(schema).getByRole('list', { name: 'Fields of ArticleList' });
    expect(within(list).getByText('[Article!]!')).toBeTruthy();

    await user.type(within(schema).getByRole('searchbox', { name: 'Search the schema' }), 'cover');
    expect(
      within(within(schema).getByRole('list', { name: 'Types' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Article']);
    await user.click(within(schema).getByRole('button', { name: 'Article' }));
    expect(within(schema).getByRole('region', { name: 'Type Article' }).textContent).toContain(
      'A document of Articles.',
    );
    await user.clear(within(schema).getByRole('searchbox', { name: 'Search the schema' }));
    await user.type(within(schema).getByRole('searchbox', { name: 'Search the schema' }), 'nothing-like-it');
    expect(within(schema).getByText('Nothing matches “nothing-like-it”.')).toBeTruthy();
  });

  it('keeps recent queries, newest first, and brings one back into the editor', async () => {
    signIn();
    serve((call) => json(200, { data: { echo: (call.body as { query: string }).query } }));
    const { user } = renderApp('/app/graphql');
    const query = await screen.findByRole('textbox', { name: 'Query' });
    for (const text of ['query First { articles { total } }', '{ article(id: "a1") { title } }']) {
      fireEvent.change(query, { target: { value: text } });
      await user.click(screen.getByRole('button', { name: 'Run' }));
      await screen.findByText((content) => content.includes(JSON.stringify(text)));
    }
    const recent = screen.getByRole('list', { name: 'Recent queries' });
    expect(
      within(recent)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['{ article(id: "a1") { title } }', 'query First']);
    await user.click(within(recent).getByRole('button', { name: 'query First' }));
    expect((query as HTMLTextAreaElement).value).toBe('query First { articles { total } }');
    // Kept for the next visit in this browser.
    expect(JSON.parse(localStorage.getItem('plinth.graphql.history') ?? '[]')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(screen.getByText('Requests you run appear here.')).toBeTruthy();
  });

  it('asks for a project first when the user has none', async () => {
    signIn();
    fakeAppApi(undefined, { projects: [] });
    const { router } = renderApp('/app/graphql');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project'));
  });
});
