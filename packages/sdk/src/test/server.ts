import type { AddressInfo } from 'node:net';
import { createCollection, createProject, createToken } from '../../../../apps/server/src/test/content.js';
import { createTestApp, type Session, signUp, type TestApp } from '../../../../apps/server/src/test/harness.js';
import { type ClientOptions, type CollectionMap, createClient } from '../client.js';

/** The whole server on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL), listening on a real port. */
export interface SdkTestServer {
  t: TestApp;
  /** http://127.0.0.1:<port> */
  url: string;
  owner: Session;
  projectId: string;
  /** A new API token of the project with these scopes. */
  token(scopes: string[]): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the server from the server tests' harness and listens on 127.0.0.1, so the SDK talks
 * to it over real HTTP. `env` and `worker` are passed to createTestApp.
 * @example const server = await startSdkServer(); const client = createClient({ url: server.url, … });
 */
export async function startSdkServer(
  options: { env?: Record<string, string>; worker?: boolean; t?: TestApp } = {},
): Promise<SdkTestServer> {
  const t =
    options.t ??
    (await createTestApp({ ...(options.env ? { env: options.env } : {}), worker: options.worker ?? false }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const owner = await signUp(t.app);
  const projectId = await createProject(t.app, owner);
  return {
    t,
    url: `http://127.0.0.1:${port}`,
    owner,
    projectId,
    token: (scopes) => createToken(t.app, owner, projectId, scopes),
    close: () => t.close(),
  };
}

/** A client of the test server's project, signed in as its owner unless a token is given. */
export function clientOf<TCollections extends CollectionMap = Record<string, Record<string, unknown>>>(
  server: SdkTestServer,
  options: Partial<ClientOptions> = {},
) {
  return createClient<TCollections>({
    url: server.url,
    projectId: server.projectId,
    token: server.owner.accessToken,
    ...options,
  });
}

/**
 * A small blog model that uses every kind of field the type generator maps: components `hero`
 * and `quote`, collections `authors` and `articles`.
 */
export async function createBlogModel(server: SdkTestServer): Promise<void> {
  const { t, owner, projectId } = server;
  for (const component of [
    {
      name: 'hero',
      fields: [
        { name: 'heading', type: 'text', required: true },
        { name: 'image', type: 'media' },
      ],
    },
    { name: 'quote', fields: [{ name: 'text', type: 'longtext', required: true }] },
  ]) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/components`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: component,
    });
    if (response.statusCode !== 201) throw new Error(`component create failed: ${response.body}`);
  }
  await createCollection(t.app, owner, projectId, {
    slug: 'authors',
    name: 'Authors',
    fields: [
      { name: 'name', type: 'text', required: true },
      { name: 'email', type: 'email', hidden: true },
    ],
  });
  await createCollection(t.app, owner, projectId, {
    slug: 'articles',
    name: 'Articles',
    display_field: 'title',
    fields: [
      { name: 'title', type: 'text', required: true, localized: true, label: 'Title', help: 'Shown in lists' },
      { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
      { name: 'views', type: 'integer' },
      { name: 'rating', type: 'number' },
      { name: 'featured', type: 'boolean' },
      { name: 'published_on', type: 'date' },
      { name: 'category', type: 'select', options: { choices: ['news', 'guide'] } },
      { name: 'tags', type: 'select', options: { choices: ['cms', 'api', "it's"], multiple: true } },
      { name: 'author', type: 'reference', options: { collection: 'authors' } },
      { name: 'related', type: 'reference', options: { collection: 'articles', multiple: true } },
      { name: 'cover', type: 'media' },
      { name: 'body', type: 'blocks', options: { components: ['hero', 'quote'] } },
      { name: 'extra', type: 'json' },
    ],
  });
}
