import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken, uploadAsset } from '../../test/content.js';
import { openEventStream, type ReceivedEvent, type StreamClient } from '../../test/event-stream.js';
import {
  call,
  createTestApp,
  createTestClock,
  dialectName,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
} from '../../test/harness.js';
import { eventually } from '../../test/webhooks.js';

/** Real-time events (API.md "Real-time events") over a listening server, on SQLite or PostgreSQL. */
describe(`event streams (${dialectName})`, () => {
  const clock = createTestClock(new Date());
  let t: TestApp;
  let base: string;
  let owner: Session;
  let projectId: string;
  const streams: StreamClient[] = [];
  const docs = () => `/api/v1/projects/${projectId}/collections/articles/documents`;
  const eventsUrl = (query = '', project = projectId) => `${base}/api/v1/projects/${project}/events${query}`;
  const open = async (token: string | undefined, query = '', lastEventId?: string) => {
    const stream = await openEventStream(eventsUrl(query), {
      ...(token ? { token } : {}),
      ...(lastEventId !== undefined ? { lastEventId } : {}),
    });
    streams.push(stream);
    return stream;
  };
  const create = (title: string, extra: Record<string, unknown> = {}) =>
    createDocument(t.app, owner, projectId, 'articles', { data: { title, secret: `hidden ${title}` }, ...extra });
  const act = async (method: 'POST' | 'PATCH' | 'DELETE', path: string, payload?: Record<string, unknown>) => {
    const response = await call(t.app, owner, { method, url: `${docs()}${path}`, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };
  const ofDocument = (id: string) => (event: ReceivedEvent) =>
    event.event !== 'reset' && JSON.parse(event.data).data.id === id;

  beforeAll(async () => {
    t = await createTestApp({
      clock: clock.clock,
      events: { heartbeatMs: 150, bufferBytes: 64 * 1024, ttlMs: 400, presenceSweepMs: 100 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUp(t.app, { name: 'Olive Owner' });
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'secret', type: 'text', hidden: true },
        { name: 'body', type: 'longtext' },
      ],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it('streams each change with its id, event name and webhook payload, hidden fields left out', async () => {
    const stream = await open(owner.accessToken);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    // A stream is written outside the usual answer path: it still carries every answer's headers.
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(stream.headers.get('access-control-allow-origin')).toBe('*');
    const created = await create('Streamed');
    await act('PATCH', `/${created.id}`, { data: { title: 'Transmitido' }, locale: 'es' });
    await act('POST', `/${created.id}/publish`, { locales: ['en'] });
    const received = await stream.waitFor(3, ofDocument(created.id));
    expect(received.map((event) => event.event)).toEqual([
      'document.created',
      'document.updated',
      'document.published',
    ]);
    const ids = received.map((event) => Number(event.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const [first, second, third] = stream.payloads(ofDocument(created.id));
    expect(first).toMatchObject({
      id: received[0]?.id,
      event: 'document.created',
      project_id: projectId,
      created_at: expect.any(String),
      data: { id: created.id, collection: 'articles', data: { title: { en: 'Streamed' } } },
    });
    // The editor tells, field by field, what someone else saved.
    expect(second?.data).toMatchObject({ version: 2, changed_paths: ['title.es'] });
    expect(third?.data).toMatchObject({ locales: ['en'], data: { title: { en: 'Streamed' } } });
    expect(JSON.stringify(stream.events)).not.toContain('hidden Streamed');
  });

  it('filters by event names and collections, and refuses unknown event names', async () => {
    const published = await open(owner.accessToken, '?events=document.published&collections=pages');
    const page = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Page' } });
    const article = await create('Not a page');
    await act('POST', `/${article.id}/publish`);
    await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/collections/pages/documents/${page.id}/publish`,
    });
    const [only] = await published.waitFor(1);
    expect(only?.event).toBe('document.published');
    expect(JSON.parse(only?.data ?? '{}').data.id).toBe(page.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(published.events.filter((event) => event.event !== 'reset')).toHaveLength(1);

    const refused = await open(owner.accessToken, '?events=document.published,document.exploded');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'events' }] });
  });

  it('gives each API token the events its scopes read: content:read only published content', async () => {
    const reader = await createToken(t.app, owner, projectId, ['content:read']);
    const previewer = await createToken(t.app, owner, projectId, ['content:preview']);
    const mediaReader = await createToken(t.app, owner, projectId, ['media:read']);
    const [readerStream, previewStream, mediaStream] = await Promise.all([
      open(reader),
      open(previewer),
      open(mediaReader),
    ]);
    const draft = await create('Draft words');
    await act('PATCH', `/${draft.id}`, { data: { body: 'unpublished draft text' } });
    await act('POST', `/${draft.id}/publish`);
    await act('PATCH', `/${draft.id}`, { data: { body: 'second draft text' } });
    await act('DELETE', `/${draft.id}`);
    const assetId = await uploadAsset(t.app, owner, projectId);

    await previewStream.waitFor(5, ofDocument(draft.id));
    const readerEvents = await readerStream.waitFor(2, ofDocument(draft.id));
    await mediaStream.waitFor(1, (event) => event.event === 'media.created');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Published content only: the publish (its snapshot), and the deletion of a document it could read.
    expect(readerStream.events.map((event) => event.event)).toEqual(['document.published', 'document.deleted']);
    expect(JSON.parse(readerEvents[1]?.data ?? '{}').data).toEqual({
      id: draft.id,
      collection: 'articles',
      status: 'deleted',
    });
    expect(JSON.stringify(readerStream.events)).not.toContain('second draft text');
    expect(previewStream.events.map((event) => event.event)).toEqual([
      'document.created',
      'document.updated',
      'document.published',
      'document.updated',
      'document.deleted',
    ]);
    expect(mediaStream.events.map((event) => event.event)).toEqual(['media.created']);
    expect(JSON.parse(mediaStream.events[0]?.data ?? '{}').data.id).toBe(assetId);
    expect(JSON.stringify(previewStream.events)).not.toContain('hidden Draft words');
  });

  it('answers 401 without credentials, 404 for another project and its tokens, before any stream starts', async () => {
    expectErrorBody(await open(undefined), 401, 'UNAUTHENTICATED');
    const stranger = await signUp(t.app);
    const otherProject = await createProject(t.app, stranger);
    const otherToken = await createToken(t.app, stranger, otherProject, ['content:read']);
    expectErrorBody(await open(otherToken), 404, 'NOT_FOUND');
    const strangerStream = await openEventStream(eventsUrl(), { token: stranger.accessToken });
    expectErrorBody(strangerStream, 404, 'NOT_FOUND');
    const bad = await openEventStream(eventsUrl('?nope=1'), { token: owner.accessToken });
    expectErrorBody(bad, 400, 'VALIDATION_FAILED');
  });

  it('opens a stream with a single-use ticket instead of a token in the URL', async () => {
    const issued = await call(t.app, owner, { method: 'POST', url: `/api/v1/projects/${projectId}/events/tickets` });
    expect(issued.statusCode, issued.body).toBe(201);
    const { ticket, expires_at } = issued.json().data;
    expect(new Date(expires_at).getTime() - clock.clock().getTime()).toBe(60_000);
    const stream = await openEventStream(eventsUrl(`?ticket=${encodeURIComponent(ticket)}`));
    streams.push(stream);
    expect(stream.status).toBe(200);
    const created = await create('By ticket');
    await stream.waitFor(1, ofDocument(created.id));
    const again = await openEventStream(eventsUrl(`?ticket=${encodeURIComponent(ticket)}`));
    expectErrorBody(again, 401, 'UNAUTHENTICATED');
    // Another project's path does not take it either; an expired ticket neither.
    const late = (
      await call(t.app, owner, { method: 'POST', url: `/api/v1/projects/${projectId}/events/tickets` })
    ).json().data.ticket;
    clock.advance(61_000);
    expectErrorBody(await openEventStream(eventsUrl(`?ticket=${encodeURIComponent(late)}`)), 401, 'UNAUTHENTICATED');
    clock.advance(-61_000);
  });

  it('replays what a client missed after Last-Event-ID in order, then goes on live', async () => {
    const first = await open(owner.accessToken);
    const created = await create('Replay');
    const [seen] = await first.waitFor(1, ofDocument(created.id));
    first.close();
    await first.ended;
    for (let i = 1; i <= 12; i++) await act('PATCH', `/${created.id}`, { data: { body: `edit ${i}` } });
    const resumed = await open(owner.accessToken, '', seen?.id ?? '');
    const missed = await resumed.waitFor(12, ofDocument(created.id));
    expect(missed.map((event) => JSON.parse(event.data).data.data.body)).toEqual(
      Array.from({ length: 12 }, (_, i) => `edit ${i + 1}`),
    );
    await act('PATCH', `/${created.id}`, { data: { body: 'live again' } });
    const all = await resumed.waitFor(13, ofDocument(created.id));
    expect(JSON.parse(all[12]?.data ?? '{}').data.data.body).toBe('live again');
    const ids = resumed.events.map((event) => Number(event.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends one reset first when Last-Event-ID is past the 24-hour log, and purges the log', async () => {
    const unknown = await open(owner.accessToken, '', '999999999');
    const created = await create('After reset');
    await unknown.waitFor(1, ofDocument(created.id));
    expect(unknown.events[0]).toMatchObject({ event: 'reset', id: null });
    expect(unknown.events.filter((event) => event.event === 'reset')).toHaveLength(1);

    const listening = await open(owner.accessToken);
    const old = await create('Old news');
    const [oldEvent] = await listening.waitFor(1, ofDocument(old.id));
    clock.advance(25 * 3_600_000);
    try {
      owner = await signIn(t.app, owner.email, owner.password);
      await t.services.events.purge();
      const late = await open(owner.accessToken, '', oldEvent?.id ?? '');
      const fresh = await create('Fresh news');
      await late.waitFor(1, ofDocument(fresh.id));
      expect(late.events.map((event) => event.event)).toEqual(['reset', 'document.created']);
    } finally {
      clock.advance(-25 * 3_600_000);
      owner = await signIn(t.app, owner.email, owner.password);
    }
  });

  it('sends a comment line as a heartbeat, and ends the stream once its token is revoked', async () => {
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/api-tokens`,
      payload: { name: 'revocable', scopes: ['content:read'] },
    });
    const { id, token } = response.json().data;
    const stream = await open(token);
    await eventually(async () => stream.comments.includes('heartbeat'));
    await call(t.app, owner, { method: 'DELETE', url: `/api/v1/projects/${projectId}/api-tokens/${id}` });
    await stream.ended;
  });

  it('sends nothing more to a member removed from the project, without waiting for a heartbeat', async () => {
    // Heartbeats far apart: only the check made before new events go out can stop them.
    const quiet = await createTestApp({ events: { heartbeatMs: 60_000 } });
    try {
      await quiet.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(quiet.app.server.address() as AddressInfo).port}`;
      const lead = await signUp(quiet.app, { name: 'Lead' });
      const editor = await signUp(quiet.app, { name: 'Leaving editor' });
      const project = await createProject(quiet.app, lead);
      await createCollection(quiet.app, lead, project, {
        slug: 'notes',
        name: 'Notes',
        fields: [{ name: 'title', type: 'text', required: true }],
      });
      const added = await call(quiet.app, lead, {
        method: 'POST',
        url: `/api/v1/projects/${project}/members`,
        payload: { email: editor.email, role: 'editor' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const stream = await openEventStream(`${url}/api/v1/projects/${project}/events`, { token: editor.accessToken });
      streams.push(stream);
      const before = await createDocument(quiet.app, lead, project, 'notes', { data: { title: 'Before' } });
      await stream.waitFor(1, (event) => event.data.includes(before.id));
      const removed = await call(quiet.app, lead, {
        method: 'DELETE',
        url: `/api/v1/projects/${project}/members/${editor.userId}`,
      });
      expect(removed.statusCode, removed.body).toBe(204);
      const after = await createDocument(quiet.app, lead, project, 'notes', { data: { title: 'After' } });
      await stream.ended;
      expect(stream.events.map((event) => JSON.parse(event.data).data.id)).toEqual([before.id]);
      expect(after.id).not.toBe(before.id);
    } finally {
      await quiet.close();
    }
  });

  it('drops a client that stops reading instead of buffering for it', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let closed = false;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
    });
    socket.write(
      `GET /api/v1/projects/${projectId}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${owner.accessToken}\r\n\r\n`,
    );
    // It never reads: the kernel's buffers fill, then the stream's own.
    socket.pause();
    await eventually(async () => (await t.services.eventHub.stats()).subscribers > 0);
    const before = await t.services.eventHub.stats();
    const big = 'x'.repeat(60_000);
    for (let i = 0; i < 150 && (await t.services.eventHub.stats()).dropped === before.dropped; i++) {
      await create(`Big ${i}`, { data: { title: `Big ${i}`, body: big } });
    }
    await eventually(async () => (await t.services.eventHub.stats()).dropped > before.dropped);
    socket.resume();
    await eventually(async () => closed);
    socket.destroy();
  });

  it('announces who has a document open, where they are, and when they leave or go silent', async () => {
    const editor = await signUp(t.app, { name: 'Edna Editor' });
    const added = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email: editor.email, role: 'editor' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const watcher = await open(owner.accessToken, '?events=presence.joined,presence.updated,presence.left');
    const document = await create('Together');
    const presence = `${docs()}/${document.id}/presence`;
    const announce = (payload: Record<string, unknown>) =>
      call(t.app, editor, { method: 'PUT', url: presence, payload });

    const joined = await announce({ client_id: 'tab-one-123', state: 'editing', field: 'title', locale: 'en' });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toEqual([
      expect.objectContaining({
        client_id: 'tab-one-123',
        user: { id: editor.userId, name: 'Edna Editor', avatar_url: null },
        state: 'editing',
        field: 'title',
        locale: 'en',
      }),
    ]);
    // A heartbeat with nothing new is no event; moving to another field is one.
    await announce({ client_id: 'tab-one-123', state: 'editing', field: 'title', locale: 'en' });
    await announce({ client_id: 'tab-one-123', state: 'editing', field: 'body', locale: 'en' });
    expect((await call(t.app, owner, { method: 'GET', url: presence })).json().data).toHaveLength(1);
    const left = await call(t.app, editor, { method: 'DELETE', url: `${presence}/tab-one-123` });
    expect(left.statusCode).toBe(204);
    // A tab that goes silent is gone once its time to live passes.
    await announce({ client_id: 'tab-two-456' });
    clock.advance(1_000);
    const events = await watcher.waitFor(5);
    expect(events.map((event) => [event.event, JSON.parse(event.data).data.client_id])).toEqual([
      ['presence.joined', 'tab-one-123'],
      ['presence.updated', 'tab-one-123'],
      ['presence.left', 'tab-one-123'],
      ['presence.joined', 'tab-two-456'],
      ['presence.left', 'tab-two-456'],
    ]);
    expect(JSON.parse(events[1]?.data ?? '{}').data).toMatchObject({ field: 'body', document_id: document.id });

    // Presence is people's: API tokens neither announce it nor see it.
    const writer = await createToken(t.app, owner, projectId, ['content:write']);
    expectError(
      await call(t.app, writer, { method: 'PUT', url: presence, payload: { client_id: 'token-tab-1' } }),
      403,
      'FORBIDDEN',
    );
    const tokenStream = await open(writer, '?events=presence.joined');
    await announce({ client_id: 'tab-three-789' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tokenStream.events).toEqual([]);
    expectError(
      await call(t.app, editor, {
        method: 'PUT',
        url: `${docs()}/missing-document/presence`,
        payload: { client_id: 'tab-four-000' },
      }),
      404,
      'NOT_FOUND',
    );
  });
});

/** A refused stream answers the error body of API.md, not a stream. */
function expectErrorBody(stream: { status: number; body: string }, status: number, code: string) {
  expect(stream.status).toBe(status);
  const body = JSON.parse(stream.body);
  expect(body).toMatchObject({ statusCode: status, code, message: expect.any(String) });
}
