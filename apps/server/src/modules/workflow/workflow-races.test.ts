import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Driver,
  type Dialect as KyselyDialect,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
  TableNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  dialectName,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';
import { createWebhookTestApp, eventually, type Receiver, startReceiver } from '../../test/webhooks.js';

const HOUR = 3_600_000;

const readsDocuments = (node: RootOperationNode): boolean =>
  node.kind === 'SelectQueryNode' &&
  (node.from?.froms ?? []).some((from) => TableNode.is(from) && from.table.identifier.name === 'documents');

/**
 * Stops the scheduled-publishing job after it read its document and before it writes, without
 * holding a connection (SQLite has a single one): the job's next request for a connection
 * waits until the test opens the gate. A change made meanwhile is what a job working from a
 * stale read would write over.
 */
class JobGate {
  readonly inJob = new AsyncLocalStorage<true>();
  private armed = false;
  private readDocument = false;
  private readonly reads = new WeakSet<QueryId>();
  private open: () => void = () => undefined;
  private opened: Promise<void> = Promise.resolve();
  private onPaused: () => void = () => undefined;
  /** Settles once the job waits at the gate. */
  paused: Promise<void> = Promise.resolve();

  arm(): void {
    this.armed = true;
    this.readDocument = false;
    this.opened = new Promise((resolve) => {
      this.open = resolve;
    });
    this.paused = new Promise((resolve) => {
      this.onPaused = resolve;
    });
  }

  release(): void {
    this.open();
  }

  readonly plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (this.armed && this.inJob.getStore() && readsDocuments(args.node)) this.reads.add(args.queryId);
      return args.node;
    },
    transformResult: async (args) => {
      if (this.reads.has(args.queryId)) this.readDocument = true;
      return args.result;
    },
  };

  readonly wrapDialect = (dialect: KyselyDialect): KyselyDialect =>
    new Proxy(dialect, {
      get: (target, property) =>
        property === 'createDriver' ? () => this.wrapDriver(target.createDriver()) : bound(target, property),
    });

  private wrapDriver(driver: Driver): Driver {
    return new Proxy(driver, {
      get: (target, property) =>
        property === 'acquireConnection'
          ? async () => {
              await this.hold();
              return target.acquireConnection();
            }
          : bound(target, property),
    });
  }

  private async hold(): Promise<void> {
    if (!this.armed || !this.readDocument || !this.inJob.getStore()) return;
    this.armed = false;
    this.onPaused();
    await this.opened;
  }
}

/** A property of a class instance with private fields, its methods bound to the instance itself. */
function bound(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property);
  return typeof value === 'function' ? value.bind(target) : value;
}

describe(`scheduled publishing and concurrent changes (${dialectName})`, () => {
  const time = createTestClock();
  const gate = new JobGate();
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  /** The clock moves by hours here, past the life of access tokens; API tokens do not expire. */
  let editor: string;
  const docs = (suffix: string) => `/api/v1/projects/${projectId}/collections/posts/documents${suffix}`;
  const read = async (id: string) => {
    const response = await call(t.app, editor, { method: 'GET', url: docs(`/${id}`) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock, plugins: [gate.plugin], wrapDialect: gate.wrapDialect });
    // Marks the job's own queries (the scheduled-publishing job runs this), so that the gate
    // stops the job and nothing else.
    const { workflow } = t.services;
    const runScheduled = workflow.runScheduled.bind(workflow);
    workflow.runScheduled = (payload) => gate.inJob.run(true, () => runScheduled(payload));
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
    editor = await createToken(t.app, owner, projectId, ['content:write']);
  });
  afterAll(async () => {
    gate.release();
    await t.close();
  });

  it('keeps an unpublish time set while the scheduled publish was running', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'posts', { data: { title: 'Race' } });
    const publishAt = new Date(time.clock().getTime() + HOUR).toISOString();
    const scheduled = await call(t.app, owner, {
      method: 'POST',
      url: docs(`/${doc.id}/schedule`),
      payload: { publish_at: publishAt },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    // A read after that write loads the project's model again, so the job finds it cached and
    // its next request for a connection after reading the document is its write transaction.
    expect(await read(doc.id)).toMatchObject({ publish_at: publishAt });
    gate.arm();
    time.advance(HOUR + 1_000);
    // The job has read the document and waits before writing.
    await gate.paused;
    const unpublishAt = new Date(time.clock().getTime() + HOUR).toISOString();
    const meanwhile = await call(t.app, editor, {
      method: 'POST',
      url: docs(`/${doc.id}/schedule`),
      payload: { unpublish_at: unpublishAt },
    });
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect(meanwhile.json().data).toMatchObject({ status: 'draft', publish_at: publishAt, unpublish_at: unpublishAt });
    gate.release();

    const published = await eventually(async () => {
      const current = await read(doc.id);
      return current.status === 'published' ? current : undefined;
    });
    expect(published).toMatchObject({ publish_at: null, unpublish_at: unpublishAt });

    // And the unpublish set meanwhile happens at its time.
    time.advance(HOUR + 1_000);
    const unpublished = await eventually(async () => {
      const current = await read(doc.id);
      return current.status === 'draft' ? current : undefined;
    });
    expect(unpublished).toMatchObject({ publish_at: null, unpublish_at: null });
  });
});

describe(`scheduled publishing beside a webhook backlog (${dialectName})`, () => {
  const time = createTestClock();
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    // A receiver that never answers: each delivery holds its slot until it times out.
    receiver.always('hang');
    t = await createWebhookTestApp({
      env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
      clock: time.clock,
      job: { timeoutMs: 30_000 },
    });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('publishes on time while every slot for other work is taken by deliveries that hang', async () => {
    const owner = await signUp(t.app);
    const projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
    // The clock moves by an hour, past the life of access tokens; API tokens do not expire.
    const editor = await createToken(t.app, owner, projectId, ['content:write']);
    const hook = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: receiver.url, events: ['document.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    for (let i = 0; i < 6; i++) {
      await createDocument(t.app, owner, projectId, 'posts', { data: { title: `Backlog ${i}` } });
    }
    // The deliveries in flight hang; the others wait behind them.
    await receiver.waitFor(3);

    const doc = await createDocument(t.app, owner, projectId, 'posts', { data: { title: 'On time' } });
    const url = `/api/v1/projects/${projectId}/collections/posts/documents/${doc.id}`;
    const publishAt = new Date(time.clock().getTime() + HOUR).toISOString();
    const scheduled = await call(t.app, owner, {
      method: 'POST',
      url: `${url}/schedule`,
      payload: { publish_at: publishAt },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    time.advance(HOUR + 1_000);

    const published = await eventually(async () => {
      const current = (await call(t.app, editor, { method: 'GET', url })).json().data;
      return current.status === 'published' ? current : undefined;
    });
    expect(published).toMatchObject({ status: 'published', publish_at: null });
    // The backlog is still stuck where it was: the publish did not wait for it.
    expect(receiver.received).toHaveLength(3);
  });
});
