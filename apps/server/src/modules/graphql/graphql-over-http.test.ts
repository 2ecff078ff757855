import { createHash } from 'node:crypto';
import { auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { createTestApp, type Session, signUp, type TestApp } from '../../test/harness.js';

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

interface Answer {
  status: number;
  type: string | null;
  allow: string | null;
  body: { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] } & Record<
    string,
    unknown
  >;
}

describe('GraphQL over HTTP, by the specification', () => {
  let t: TestApp;
  let owner: Session;
  let token: string;
  let url: string;

  /** A request over real HTTP, with the owner's credential unless `authorization` is given. */
  async function send(
    init: { method?: string; accept?: string; body?: unknown; query?: Record<string, string> } & {
      authorization?: string | null;
    },
  ): Promise<Answer> {
    const target = init.query ? `${url}?${new URLSearchParams(init.query)}` : url;
    const authorization = init.authorization === undefined ? `Bearer ${owner.accessToken}` : init.authorization;
    const response = await fetch(target, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.accept ? { accept: init.accept } : {}),
        ...(authorization ? { authorization } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      allow: response.headers.get('allow'),
      body: text ? JSON.parse(text) : {},
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    const projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'people',
      name: 'People',
      fields: [{ name: 'name', type: 'text' }],
    });
    await createDocument(t.app, owner, projectId, 'people', { data: { name: 'Ann' }, status: 'published' });
    token = await createToken(t.app, owner, projectId, ['content:read']);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address}/api/v1/projects/${projectId}/graphql`;
  });
  afterAll(async () => t.close());

  it('passes every audit of graphql-http, recommendations and options included', { timeout: 60_000 }, async () => {
    const results = await auditServer({
      url,
      fetchFn: (input: string | URL | Request, init: RequestInit = {}) =>
        fetch(input, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${owner.accessToken}` },
        }),
    });
    expect(results.length).toBeGreaterThan(60);
    const failed = results.flatMap((result) =>
      result.status === 'ok' ? [] : [`${result.status} ${result.id} ${result.name}: ${result.reason}`],
    );
    expect(failed).toEqual([]);
  });

  it('answers in the media type the client asks for, application/json by default', async () => {
    const query = { query: '{ people { total } }' };
    const cases: [string | undefined, string][] = [
      [undefined, 'application/json'],
      ['*/*', 'application/json'],
      ['application/json', 'application/json'],
      [GRAPHQL_RESPONSE, GRAPHQL_RESPONSE],
      [`${GRAPHQL_RESPONSE}, application/json;q=0.9`, GRAPHQL_RESPONSE],
      [`application/json, ${GRAPHQL_RESPONSE};q=0.5`, 'application/json'],
      [`${GRAPHQL_RESPONSE};q=0`, 'application/json'],
    ];
    for (const [accept, expected] of cases) {
      const answer = await send({ body: query, ...(accept ? { accept } : {}) });
      expect([accept, answer.status, answer.type]).toEqual([accept, 200, `${expected}; charset=utf-8`]);
      expect(answer.body).toEqual({ data: { people: { total: 1 } } });
    }
  });

  it('answers a request that cannot run with 200 under application/json and 400 under its own type', async () => {
    const requests = [
      { query: '{ people { ' },
      { query: '{ nobody { total } }' },
      { query: 'query ($n: Int!) { people(limit: $n) { total } }', variables: { n: 'ten' } },
    ];
    for (const body of requests) {
      const asJson = await send({ body, accept: 'application/json' });
      expect(asJson.status).toBe(200);
      const asGraphql = await send({ body, accept: GRAPHQL_RESPONSE });
      expect(asGraphql.status).toBe(400);
      for (const answer of [asJson, asGraphql]) {
        expect(Object.keys(answer.body)).toEqual(['errors']);
        expect(answer.body.errors?.[0]?.extensions.code).toBe('VALIDATION_FAILED');
      }
    }
  });

  it('answers credentials, permissions and bad parameters with their own status, as GraphQL errors only', async () => {
    for (const accept of ['application/json', GRAPHQL_RESPONSE]) {
      const anonymous = await send({ body: { query: '{ people { total } }' }, accept, authorization: null });
      expect([anonymous.status, anonymous.type]).toEqual([401, `${accept}; charset=utf-8`]);
      expect(anonymous.body).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } }],
      });
      const introspection = await send({
        body: { query: '{ __schema { queryType { name } } }' },
        accept: GRAPHQL_RESPONSE,
        authorization: `Bearer ${token}`,
      });
      expect(introspection.status).toBe(403);
      expect(introspection.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      const notAString = await send({ body: { query: 42 }, accept });
      expect(notAString.status).toBe(400);
      expect(notAString.body).toEqual({
        errors: [
          {
            message: 'query must be a string',
            extensions: { code: 'VALIDATION_FAILED', details: [{ path: 'query', message: 'must be a string' }] },
          },
        ],
      });
    }
  });

  it('answers a mutation over GET with 405 and Allow: POST, whatever the media type', async () => {
    for (const accept of ['application/json', GRAPHQL_RESPONSE]) {
      const answer = await send({ query: { query: 'mutation { createPerson(data: { name: "Bo" }) { id } }' }, accept });
      expect([answer.status, answer.allow]).toEqual([405, 'POST']);
      expect(answer.body.errors?.[0]?.message).toBe('A mutation must be sent with POST; GET runs queries only');
    }
  });

  it('accepts extensions, null or an object, on POST and GET', async () => {
    for (const extensions of [null, {}, { tracing: true }]) {
      const answer = await send({ body: { query: '{ people { total } }', extensions } });
      expect([answer.status, answer.body]).toEqual([200, { data: { people: { total: 1 } } }]);
    }
    const viaGet = await send({ query: { query: '{ people { total } }', extensions: '{"tracing":true}' } });
    expect(viaGet.status).toBe(200);
    const notAnObject = await send({ query: { query: '{ people { total } }', extensions: '[1]' } });
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.errors?.[0]?.message).toBe('extensions must be a JSON object');
  });

  it('runs automatic persisted queries: the hash, then hash and query once, then the hash alone', async () => {
    const query = '{ people { items { name } } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const persistedQuery = { version: 1, sha256Hash };
    const unknown = await send({ body: { extensions: { persistedQuery } }, accept: 'application/json' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
    });
    expect((await send({ body: { extensions: { persistedQuery } }, accept: GRAPHQL_RESPONSE })).status).toBe(400);
    const registered = await send({ body: { query, extensions: { persistedQuery } } });
    expect(registered.body).toEqual({ data: { people: { items: [{ name: 'Ann' }] } } });
    const byHash = await send({ body: { extensions: { persistedQuery } } });
    expect(byHash.body).toEqual(registered.body);
    // GET with the hash alone: a URL a CDN can cache.
    const byGet = await send({ query: { extensions: JSON.stringify({ persistedQuery }) } });
    expect([byGet.status, byGet.body]).toEqual([200, registered.body]);

    const mismatch = await send({ body: { query: '{ people { total } }', extensions: { persistedQuery } } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors?.[0]?.message).toBe(
      'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query',
    );
    const version = await send({ body: { query, extensions: { persistedQuery: { ...persistedQuery, version: 2 } } } });
    expect(version.body.errors?.[0]?.message).toBe('extensions.persistedQuery.version must be 1');
    // Registering needs a caller of the project.
    const other = '{ people { total items { name } } }';
    const otherHash = createHash('sha256').update(other).digest('hex');
    const anonymous = await send({
      body: { query: other, extensions: { persistedQuery: { version: 1, sha256Hash: otherHash } } },
      authorization: null,
    });
    expect(anonymous.status).toBe(401);
    const afterAnonymous = await send({
      body: { extensions: { persistedQuery: { version: 1, sha256Hash: otherHash } } },
    });
    expect(afterAnonymous.body.errors?.[0]?.message).toBe('PersistedQueryNotFound');
  });
});
