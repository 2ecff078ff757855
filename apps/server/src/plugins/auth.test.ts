import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createProject, uploadAsset } from '../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../test/harness.js';
import { multipart } from '../test/media.js';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface GraphqlOrApiError {
  code?: string;
  errors?: { extensions: { code: string } }[];
}

interface Operation {
  method: Method;
  url: string;
}

/** Bodies a route refuses, each as its own media type: broken JSON, multipart, plain text. */
const badBodies = (): { label: string; headers: Record<string, string>; payload: string | Buffer }[] => {
  const form = multipart([{ name: 'alt', value: 'x' }]);
  return [
    { label: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"name": ' },
    { label: 'JSON of the wrong shape', headers: { 'content-type': 'application/json' }, payload: '[1, 2]' },
    { label: 'multipart', headers: form.headers, payload: form.payload },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'name=x' },
  ];
};

describe('authentication comes before anything else a route checks', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let assetId: string;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp({ worker: false, healthSamples: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
    assetId = await uploadAsset(t.app, owner, projectId);
    // Every operation the OpenAPI document says needs a bearer credential, with made-up ids.
    const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security?.some((scheme) => 'bearerAuth' in scheme))
        .map(([method, _operation]) => ({
          method: method.toUpperCase() as Method,
          url: path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'projectId' ? projectId : 'x')),
        })),
    );
  });
  afterAll(async () => t.close());

  it('answers every route that needs a credential with a 401, whatever the body and query', async () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const { method, url } of operations) {
      const requests: InjectOptions[] =
        method === 'GET' || method === 'HEAD'
          ? [{ method, url: `${url}?limit=abc&page=-1&unknown=1` }]
          : badBodies().map(({ headers, payload }) => ({ method, url: `${url}?limit=abc`, headers, payload }));
      for (const request of requests) {
        const response = await t.app.inject(request);
        // A HEAD answer has no body to carry the code; GraphQL carries it in its errors.
        const body = method === 'HEAD' ? { code: 'UNAUTHENTICATED' } : response.json<GraphqlOrApiError>();
        const code = body.code ?? body.errors?.[0]?.extensions.code;
        expect(`${method} ${url}: ${response.statusCode} ${code}`).toBe(`${method} ${url}: 401 UNAUTHENTICATED`);
        expect(response.body).not.toMatch(/must be|is not allowed|is required|not valid JSON|content type/i);
      }
    }
  });

  it('lets a browser read the 401: it carries the CORS headers', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/collections/articles/documents`,
      headers: { origin: 'https://app.example.com', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expectError(response, 401, 'UNAUTHENTICATED');
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a bad credential with a 401 before validating the body', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/media/${assetId}`,
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      payload: '{"alt": ',
    });
    expectError(response, 401, 'UNAUTHENTICATED');
  });

  it('still tells a caller with a credential what is wrong with the body, with details', async () => {
    const media = `/api/v1/projects/${projectId}/media/${assetId}`;
    const documents = `/api/v1/projects/${projectId}/collections/articles/documents`;
    const form = multipart([{ name: 'alt', value: 'x' }]);
    const cases: [InjectOptions & { method: Method; url: string }, number, string][] = [
      [{ method: 'PATCH', url: media, headers: form.headers, payload: form.payload }, 400, 'VALIDATION_FAILED'],
      [{ method: 'PATCH', url: media, payload: { alt: 7 } }, 400, 'VALIDATION_FAILED'],
      [
        { method: 'POST', url: documents, headers: { 'content-type': 'application/json' }, payload: '{"data": ' },
        400,
        'VALIDATION_FAILED',
      ],
      [{ method: 'GET', url: `${documents}?limit=abc` }, 400, 'VALIDATION_FAILED'],
      [
        { method: 'POST', url: documents, headers: { 'content-type': 'text/plain' }, payload: 'title=x' },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
    ];
    for (const [request, status, code] of cases) {
      const body = expectError(await call(t.app, owner, request), status, code);
      if (status === 400) expect(body.details?.length, `${request.method} ${request.url}`).toBeGreaterThan(0);
    }
  });
});
