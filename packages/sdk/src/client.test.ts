import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { PlinthError, PlinthNetworkError } from './errors.js';
import { createEtagCache } from './etag-cache.js';
import { clientOf, createBlogModel, type SdkTestServer, startSdkServer } from './test/server.js';

/** A fetch that records what each call sent and what came back. */
function recordingFetch() {
  const calls: { method: string; url: string; status: number; ifNoneMatch: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    calls.push({
      method: init?.method ?? 'GET',
      url: String(input),
      status: response.status,
      ifNoneMatch: new Headers(init?.headers).get('if-none-match'),
    });
    return response;
  };
  return { fetch, calls };
}

/** A plain HTTP server that answers every request the same way (a proxy in front of Plinth, say). */
async function startFixedServer(status: number, contentType: string, body: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the client over HTTP', () => {
  let server: SdkTestServer;

  beforeAll(async () => {
    server = await startSdkServer();
    await createBlogModel(server);
  });
  afterAll(() => server.close());

  it('revalidates with If-None-Match and returns the kept value on a 304', async () => {
    const { fetch, calls } = recordingFetch();
    const client = clientOf(server, { fetch, etagCache: createEtagCache() });
    const articles = client.collection('articles');
    const created = await articles.create({ title: 'Cached' });

    const first = await articles.list({ sort: 'title' });
    const second = await articles.list({ sort: 'title' });
    expect(second).toEqual(first);
    const lists = calls.filter((call) => call.url.includes('sort=title'));
    expect(lists.map((call) => call.status)).toEqual([200, 304]);
    expect(lists[0]?.ifNoneMatch).toBeNull();
    expect(lists[1]?.ifNoneMatch).toMatch(/^W\/"/);

    // A change makes the kept answer stale: the server answers in full again.
    await articles.update(created.id, { title: 'Cached again' });
    const third = await articles.list({ sort: 'title' });
    expect(calls.filter((call) => call.url.includes('sort=title')).map((call) => call.status)).toEqual([200, 304, 200]);
    expect(third.data.map((document) => document.data.title)).toContain('Cached again');

    const one = await articles.get(created.id);
    expect(await articles.get(created.id)).toEqual(one);
    const reads = calls.filter((call) => call.method === 'GET' && call.url.endsWith(created.id));
    expect(reads.map((call) => call.status)).toEqual([200, 304]);
  });

  it('sends no If-None-Match without an ETag cache', async () => {
    const { fetch, calls } = recordingFetch();
    const articles = clientOf(server, { fetch }).collection('articles');
    await articles.list({ limit: 1 });
    await articles.list({ limit: 1 });
    expect(calls.map((call) => [call.status, call.ifNoneMatch])).toEqual([
      [200, null],
      [200, null],
    ]);
  });

  it('throws PlinthError with the status, code and message of the answer', async () => {
    const anonymous = clientOf(server, { token: 'plt_not-a-real-token' });
    const unauthenticated = await anonymous.collections.list().catch((error: unknown) => error);
    expect(unauthenticated).toBeInstanceOf(PlinthError);
    expect(unauthenticated).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', name: 'PlinthError' });

    const reader = clientOf(server, { token: await server.token(['content:read']) });
    const forbidden = await reader
      .collection('articles')
      .create({ title: 'No' })
      .catch((error: unknown) => error);
    expect(forbidden).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((forbidden as PlinthError).requestId).toMatch(/\S/);

    await expect(clientOf(server).collections.get('nothing_here')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('tells network failures apart from error answers', async () => {
    const closed = await startFixedServer(200, 'application/json', '{}');
    await closed.close();
    const unreachable = createClient({ url: closed.url, projectId: 'p1' });
    const failure = await unreachable.collections.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlinthNetworkError);
    expect(failure).not.toBeInstanceOf(PlinthError);
    expect((failure as PlinthNetworkError).cause).toBeDefined();

    const garbled = await startFixedServer(200, 'text/html', '<html>maintenance</html>');
    try {
      await expect(createClient({ url: garbled.url, projectId: 'p1' }).collections.list()).rejects.toBeInstanceOf(
        PlinthNetworkError,
      );
    } finally {
      await garbled.close();
    }
  });

  it('gives answers without the API error body a code from their status', async () => {
    const proxy = await startFixedServer(502, 'text/html', '<html>Bad gateway</html>');
    try {
      const error = await createClient({ url: proxy.url, projectId: 'p1' })
        .collections.list()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlinthError);
      expect(error).toMatchObject({ status: 502, code: 'INTERNAL' });
    } finally {
      await proxy.close();
    }
  });

  it('rejects with the abort reason when the call is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await clientOf(server)
      .collection('articles')
      .list({}, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('signs in, reads the user and its projects, and refreshes the access token', async () => {
    const client = createClient({ url: `${server.url}/`, projectId: server.projectId });
    const session = await client.auth.login({ email: server.owner.email, password: server.owner.password });
    expect(session.token_type).toBe('Bearer');
    expect((await client.auth.me()).email).toBe(server.owner.email);

    const projects = await client.projects.list();
    expect(projects.data.map((project) => project.id)).toContain(server.projectId);
    expect(await client.projects.get()).toMatchObject({ id: server.projectId, role: 'owner' });

    const rotated = await client.auth.refresh(session.refresh_token);
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect((await client.auth.me()).email).toBe(server.owner.email);
    await expect(client.auth.refresh(session.refresh_token)).rejects.toMatchObject({ status: 401 });
  });

  it('reads the content model with a schema:read token', async () => {
    const client = clientOf(server, { token: await server.token(['schema:read']) });
    const collections = await client.collections.list();
    expect(collections.data.map((collection) => collection.slug).sort()).toEqual(['articles', 'authors']);
    expect((await client.collections.get('articles')).fields.map((field) => field.name)).toContain('body');
    expect((await client.components.list()).data.map((component) => component.name).sort()).toEqual(['hero', 'quote']);
    expect((await client.components.get('hero')).fields[0]?.name).toBe('heading');
  });

  it('publishes and unpublishes single locales, and still publishes every locale without any', async () => {
    const articles = clientOf(server).collection<{ title: string }>('articles');
    const reader = clientOf(server, { token: await server.token(['content:read']) }).collection<{ title: string }>(
      'articles',
    );
    const article = await articles.create({ title: 'Hello' });
    await articles.update(article.id, { title: 'Hola' }, { locale: 'es' });

    const english = await articles.publish(article.id, { locales: ['en'] });
    expect(english.locale_status).toMatchObject({ en: 'published', es: 'draft' });
    expect((await reader.get(article.id, { locale: 'es' })).data.title).toBe('Hello'); // the fallback

    const spanish = await articles.publish(article.id, { locales: ['es'] });
    expect(spanish.locale_status).toMatchObject({ en: 'published', es: 'published' });
    expect((await reader.get(article.id, { locale: 'es' })).data.title).toBe('Hola');

    const withdrawn = await articles.unpublish(article.id, { locales: ['es'] });
    expect(withdrawn.locale_status).toMatchObject({ en: 'published', es: 'draft' });
    expect(withdrawn.status).not.toBe('draft');
    expect((await reader.get(article.id, { locale: 'es' })).data.title).toBe('Hello');

    await expect(articles.publish(article.id, { locales: ['xx'] })).rejects.toMatchObject({ status: 400 });
    const everywhere = await articles.publish(article.id);
    expect(everywhere.locale_status).toMatchObject({ en: 'published', es: 'published' });
    const gone = await articles.unpublish(article.id);
    expect(gone.status).toBe('draft');
    await expect(reader.get(article.id)).rejects.toMatchObject({ status: 404 });
  });

  it('rejects project calls of a client without a project', async () => {
    const client = createClient({ url: server.url, token: server.owner.accessToken });
    await expect(client.collection('articles').list()).rejects.toThrow('pass projectId to createClient');
    await expect(client.media.list()).rejects.toThrow(TypeError);
  });
});
