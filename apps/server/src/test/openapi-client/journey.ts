import createClient from 'openapi-fetch';
import type { components, paths } from './generated/plinth-api.js';
import type { JourneyInput, JourneyResult } from './journey-io.js';

/*
 * A client as a developer would write it: types generated from /api/v1/openapi.json by
 * openapi-typescript, calls made with openapi-fetch, and no casts. The test that runs this file
 * first type-checks it against the generated types.
 */

type Document = components['schemas']['Document'];

/** Fails the journey with the server's own error body. */
function expectData<T>(answer: { data?: T; error?: unknown; response: Response }, step: string): T {
  if (answer.data === undefined) {
    throw new Error(`${step}: HTTP ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

/**
 * `filter[views][gte]=10`: OpenAPI's deepObject style, one level deeper than openapi-fetch's
 * default serializer goes, as qs-style serializers write it.
 */
function deepObjectQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object') {
      for (const [inner, nested] of Object.entries(value)) add(`${key}[${inner}]`, nested);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return pairs.join('&');
}

/** Create, filter, upload, publish, list: the first hour of a developer with Plinth. */
export async function typedClientJourney(input: JourneyInput): Promise<JourneyResult> {
  // A client-wide JSON Content-Type, as many set up: body-less calls must still work.
  const client = createClient<paths>({
    baseUrl: input.baseUrl,
    headers: { 'Content-Type': 'application/json' },
    querySerializer: deepObjectQuery,
  });

  const session = expectData(
    await client.POST('/api/v1/auth/login', { body: { username: input.username, password: input.password } }),
    'login',
  );
  let credential = session.access_token;
  client.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${credential}`);
      return request;
    },
  });

  const createProject = () =>
    client.POST('/api/v1/projects', {
      params: { header: { 'Idempotency-Key': 'journey-project-1' } },
      body: { name: 'Typed client journey', locales: ['en', 'es'], default_locale: 'en' },
    });
  const project = expectData(await createProject(), 'create project').data;
  const retried = await createProject();
  const projectId = project.id;

  expectData(
    await client.POST('/api/v1/projects/{projectId}/collections', {
      params: { path: { projectId } },
      body: {
        slug: 'articles',
        name: 'Articles',
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'views', type: 'integer' },
          { name: 'cover', type: 'media' },
        ],
      },
    }),
    'create collection',
  );

  const asset = expectData(
    await client.POST('/api/v1/projects/{projectId}/media', {
      params: { path: { projectId } },
      // The browser (or undici) writes the multipart Content-Type with its boundary.
      headers: { 'Content-Type': null },
      body: { file: new Blob([input.png], { type: 'image/png' }), alt: 'A blue square' },
      bodySerializer(body) {
        const form = new FormData();
        form.set('file', body.file, 'square.png');
        if (body.alt) form.set('alt', body.alt);
        return form;
      },
    }),
    'upload',
  ).data;

  const documents = '/api/v1/projects/{projectId}/collections/{collection}/documents' as const;
  const path = { projectId, collection: 'articles' };
  const created: Document[] = [];
  for (const [title, views] of [
    ['Hello', 3],
    ['Popular', 40],
    ['Steady', 12],
  ] as const) {
    const answer = await client.POST(documents, {
      params: { path },
      body: { data: { title, views, cover: asset.id } },
    });
    created.push(expectData(answer, `create ${title}`).data);
  }

  const popular = expectData(
    await client.GET(documents, { params: { path, query: { filter: { views: { gte: '10' } }, sort: '-views' } } }),
    'filter by views',
  ).data;
  const byTitle = expectData(
    await client.GET(documents, { params: { path, query: { filter: { title: 'Hello' } } } }),
    'filter by title',
  ).data;

  // The first stays a draft.
  const [, mostViewed, steady] = created as [Document, Document, Document];
  const published = expectData(
    await client.POST(`${documents}/{id}/publish`, { params: { path: { ...path, id: mostViewed.id } } }),
    'publish',
  ).data;

  const deleted = await client.DELETE(`${documents}/{id}`, { params: { path: { ...path, id: steady.id } } });

  const token = expectData(
    await client.POST('/api/v1/projects/{projectId}/api-tokens', {
      params: { path: { projectId } },
      body: { name: 'Website', scopes: ['content:read'] },
    }),
    'create token',
  ).data.token;
  credential = token;
  const delivery = await client.GET(documents, { params: { path, query: { populate: 'cover' } } });
  const delivered = expectData(delivery, 'list as the website').data;
  const etag = delivery.response.headers.get('etag') ?? '';
  const again = await client.GET(documents, {
    params: { path, query: { populate: 'cover' }, header: { 'If-None-Match': etag } },
  });

  return {
    projectId,
    asset,
    popular: popular.map((document) => String(document.data.title)),
    byTitle: byTitle.map((document) => String(document.data.title)),
    published,
    delivered: delivered.map((document) => String(document.data.title)),
    revalidated: again.response.status,
    deleted: deleted.response.status,
    replayed: retried.response.headers.get('idempotent-replayed'),
  };
}
