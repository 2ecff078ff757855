import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlinthClient } from './client.js';
import type { PlinthError, PlinthNetworkError } from './errors.js';
import type {
  EventStreamErrorInfo,
  EventSubscription,
  PlinthEvent,
  PlinthEventName,
  SubscribeOptions,
} from './events.js';
import { clientOf, createBlogModel, type SdkTestServer, startSdkServer } from './test/server.js';

/** client.events against the real server (API.md, Real-time events), on SQLite or PostgreSQL. */
describe('client.events against the real server', () => {
  let server: SdkTestServer;
  let owner: PlinthClient;
  const subscriptions: EventSubscription[] = [];

  beforeAll(async () => {
    server = await startSdkServer();
    await createBlogModel(server);
    owner = clientOf(server);
  });
  afterEach(() => {
    for (const subscription of subscriptions.splice(0)) subscription.close();
  });
  afterAll(() => server.close());

  /** Subscribes, recording what arrives, and resolves once the stream is open. */
  async function listen<E extends PlinthEventName = PlinthEventName>(
    client: PlinthClient,
    options: Omit<SubscribeOptions<E>, 'onEvent' | 'onOpen' | 'onError' | 'onReset'> = {},
  ) {
    const events: PlinthEvent<E>[] = [];
    const failures: { error: PlinthError | PlinthNetworkError; info: EventStreamErrorInfo }[] = [];
    const resets: string[] = [];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const subscription = client.events.subscribe<E>({
      ...options,
      onEvent: (event) => events.push(event),
      onOpen: () => opened(),
      onError: (error, info) => failures.push({ error, info }),
      onReset: ({ reason }) => resets.push(reason),
    });
    subscriptions.push(subscription);
    return { events, failures, resets, subscription, open };
  }

  const documentIdOf = (event: PlinthEvent) => ('id' in event.data ? event.data.id : null);

  it('receives document.created then document.published for a document made and published through the client', async () => {
    const stream = await listen(owner, {
      events: ['document.created', 'document.published'],
      collections: ['articles'],
    });
    await stream.open;
    const articles = owner.collection<{ title: string }>('articles');
    const article = await articles.create({ title: 'Live' });
    await owner.collection('authors').create({ name: 'Not an article' });
    await articles.update(article.id, { title: 'Live, edited' }); // document.updated is not asked for
    await articles.publish(article.id, { locales: ['en', 'es'] });

    await vi.waitFor(() => expect(stream.events).toHaveLength(2), { timeout: 5_000 });
    expect(stream.events.map((event) => [event.event, event.data.id])).toEqual([
      ['document.created', article.id],
      ['document.published', article.id],
    ]);
    const [created, published] = stream.events;
    expect(created).toMatchObject({ project_id: server.projectId, data: { collection: 'articles' } });
    // Documents come as read with locale=*: localized fields are maps.
    expect(created?.data.data).toMatchObject({ title: { en: 'Live' } });
    expect(published?.event === 'document.published' && published.data.locales).toEqual(['en', 'es']);
    expect(Number(published?.id)).toBeGreaterThan(Number(created?.id));
    expect(stream.subscription.lastEventId).toBe(published?.id);
    expect(stream.failures).toEqual([]);
  });

  it('gives a content:read token only published content events', async () => {
    const reader = clientOf(server, { token: await server.token(['content:read']) });
    const stream = await listen(reader);
    await stream.open;
    const articles = owner.collection('articles');
    const draft = await articles.create({ title: 'Secret draft' });
    await articles.update(draft.id, { title: 'Still a draft' });
    await articles.publish(draft.id);
    await articles.update(draft.id, { title: 'Unpublished edit' });
    await articles.unpublish(draft.id);

    await vi.waitFor(() => expect(stream.events).toHaveLength(2), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.map((event) => [event.event, documentIdOf(event)])).toEqual([
      ['document.published', draft.id],
      ['document.unpublished', draft.id],
    ]);
    expect(JSON.stringify(stream.events)).not.toContain('Secret draft');
    expect(JSON.stringify(stream.events)).not.toContain('Unpublished edit');
  });

  it('resumes after the last event seen, with the events missed in between', async () => {
    const articles = owner.collection('articles');
    const first = await listen(owner, { events: ['document.created'] });
    await first.open;
    const seen = await articles.create({ title: 'Seen' });
    await vi.waitFor(() => expect(first.events).toHaveLength(1), { timeout: 5_000 });
    first.subscription.close();
    const lastEventId = first.subscription.lastEventId;
    expect(lastEventId).toBe(first.events[0]?.id);

    const missed = await articles.create({ title: 'Missed' });
    const resumed = await listen(owner, { events: ['document.created'], lastEventId });
    await resumed.open;
    const live = await articles.create({ title: 'Live again' });
    await vi.waitFor(() => expect(resumed.events).toHaveLength(2), { timeout: 5_000 });
    expect(resumed.events.map((event) => event.data.id)).toEqual([missed.id, live.id]);
    expect(resumed.events.map((event) => event.data.id)).not.toContain(seen.id);
    expect(resumed.resets).toEqual([]);
  });

  it('stops with a PlinthError on a 401, a 404 and a 400, without retrying', async () => {
    const revoked = await listen(clientOf(server, { token: 'plt_revoked' }));
    const elsewhere = await listen(clientOf(server, { projectId: '01J00000000000000000000000' }));
    const unknown = await listen(owner, { events: ['document.exploded' as PlinthEventName] });
    await vi.waitFor(() => {
      for (const stream of [revoked, elsewhere, unknown]) expect(stream.failures).toHaveLength(1);
    });
    expect(revoked.failures[0]).toMatchObject({
      error: { status: 401, code: 'UNAUTHENTICATED' },
      info: { willRetry: false, retryIn: null },
    });
    expect(elsewhere.failures[0]?.error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(unknown.failures[0]?.error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    for (const stream of [revoked, elsewhere, unknown]) expect(stream.failures).toHaveLength(1);
  });

  it('gives single-use tickets that open a stream without a token', async () => {
    const { ticket, expires_at } = await owner.events.ticket();
    expect(ticket).toMatch(/\S{20,}/);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    const url = `${server.url}/api/v1/projects/${server.projectId}/events?ticket=${encodeURIComponent(ticket)}`;
    const controller = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    controller.abort();
    const again = await fetch(url, { headers: { accept: 'text/event-stream' } });
    expect(again.status).toBe(401);
    await again.body?.cancel();
  });
});
