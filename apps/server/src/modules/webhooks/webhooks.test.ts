import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createProject, createToken } from '../../test/content.js';
import { call, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import { createWebhookTestApp } from '../../test/webhooks.js';

const HOOK = 'http://127.0.0.1:9/hook';

describe('webhooks API: settings, secrets, validation', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const hooks = (path = '') => `/api/v1/projects/${projectId}/webhooks${path}`;

  beforeAll(async () => {
    t = await createWebhookTestApp({ env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }, job: { timeoutMs: 500 } });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text' }],
    });
  });
  afterAll(async () => t.close());

  it('creates a webhook, shows the generated secret once, and never again', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: hooks(),
      payload: { url: HOOK, events: ['document.published', 'document.unpublished'], description: ' Site rebuild ' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json().data;
    expect(hook).toMatchObject({
      url: HOOK,
      events: ['document.published', 'document.unpublished'],
      collections: null,
      active: true,
      description: 'Site rebuild',
      disabled_reason: null,
    });
    expect(hook.secret).toMatch(/^whsec_[\w-]{40,}$/);

    const one = await call(t.app, owner, { method: 'GET', url: hooks(`/${hook.id}`) });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).not.toHaveProperty('secret');
    expect(one.body).not.toContain(hook.secret);
    const list = await call(t.app, owner, { method: 'GET', url: hooks() });
    expect(list.json().meta.total).toBeGreaterThanOrEqual(1);
    expect(list.body).not.toContain(hook.secret);
    const audit = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/audit-log?target_id=${hook.id}`,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'webhook.created',
        actor: { type: 'user', id: owner.userId, name: expect.any(String) },
        target: { type: 'webhook', id: hook.id },
        details: { url: HOOK, events: ['document.published', 'document.unpublished'] },
      }),
    ]);
    expect(audit.body).not.toContain(hook.secret);
  });

  it('keeps a secret given by the caller, events "*" and a collection filter', async () => {
    const secret = 'a-secret-of-my-own-choosing';
    const created = await call(t.app, owner, {
      method: 'POST',
      url: hooks(),
      payload: { url: HOOK, events: ['*'], collections: ['articles'], secret, active: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ secret, events: ['*'], collections: ['articles'], active: false });
  });

  it('updates and deletes a webhook', async () => {
    const id = (
      await call(t.app, owner, { method: 'POST', url: hooks(), payload: { url: HOOK, events: ['*'] } })
    ).json().data.id;
    const patched = await call(t.app, owner, {
      method: 'PATCH',
      url: hooks(`/${id}`),
      payload: { events: ['collection.created'], collections: ['articles'], active: false, description: 'x' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      events: ['collection.created'],
      collections: ['articles'],
      active: false,
      description: 'x',
    });
    const cleared = await call(t.app, owner, { method: 'PATCH', url: hooks(`/${id}`), payload: { collections: null } });
    expect(cleared.json().data.collections).toBeNull();
    expect((await call(t.app, owner, { method: 'DELETE', url: hooks(`/${id}`) })).statusCode).toBe(204);
    expectError(await call(t.app, owner, { method: 'GET', url: hooks(`/${id}`) }), 404, 'NOT_FOUND');
    expectError(await call(t.app, owner, { method: 'DELETE', url: hooks(`/${id}`) }), 404, 'NOT_FOUND');
  });

  it('keeps no change whose audit entry could not be written (one transaction)', async () => {
    const id = (
      await call(t.app, owner, { method: 'POST', url: hooks(), payload: { url: HOOK, events: ['*'] } })
    ).json().data.id;
    const before = (await call(t.app, owner, { method: 'GET', url: hooks() })).json().meta.total;
    const db = t.database.db;
    // Without its table, every audit write fails, after the change itself was written.
    await db.schema.alterTable('audit_log').renameTo('audit_log_away').execute();
    try {
      const created = await call(t.app, owner, {
        method: 'POST',
        url: hooks(),
        payload: { url: `${HOOK}?lost`, events: ['*'] },
      });
      expectError(created, 500, 'INTERNAL');
      const patched = await call(t.app, owner, {
        method: 'PATCH',
        url: hooks(`/${id}`),
        payload: { description: 'not kept' },
      });
      expectError(patched, 500, 'INTERNAL');
      expectError(await call(t.app, owner, { method: 'DELETE', url: hooks(`/${id}`) }), 500, 'INTERNAL');
    } finally {
      await db.schema.alterTable('audit_log_away').renameTo('audit_log').execute();
    }
    const list = (await call(t.app, owner, { method: 'GET', url: hooks() })).json();
    expect(list.meta.total).toBe(before);
    const kept = await call(t.app, owner, { method: 'GET', url: hooks(`/${id}`) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.description).toBe('');
  });

  it('records creating, changing, redelivering and deleting a webhook in the audit log, never its secret', async () => {
    const secret = 'an-audited-secret-of-my-own';
    const created = await call(t.app, owner, {
      method: 'POST',
      url: hooks(),
      payload: { url: HOOK, events: ['*'], secret },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const newSecret = 'a-rotated-secret-nobody-logs';
    const patched = await call(t.app, owner, {
      method: 'PATCH',
      url: hooks(`/${id}`),
      payload: { description: 'Audited', secret: newSecret },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const ping = await call(t.app, owner, { method: 'POST', url: hooks(`/${id}/test`) });
    expect(ping.statusCode, ping.body).toBe(202);
    const deliveryId = ping.json().data.id as string;
    const again = await call(t.app, owner, {
      method: 'POST',
      url: hooks(`/${id}/deliveries/${deliveryId}/redeliver`),
    });
    expect(again.statusCode, again.body).toBe(202);
    expect((await call(t.app, owner, { method: 'DELETE', url: hooks(`/${id}`) })).statusCode).toBe(204);

    const audit = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/audit-log?target_type=webhook&target_id=${id}`,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().data as { action: string; details: Record<string, unknown> }[];
    expect(entries.map((entry) => entry.action).reverse()).toEqual([
      'webhook.created',
      'webhook.updated',
      'webhook.redelivered',
      'webhook.deleted',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: { type: 'user', id: owner.userId }, target: { type: 'webhook', id } });
    }
    expect(entries.find((entry) => entry.action === 'webhook.updated')?.details).toEqual({
      changes: ['description', 'secret'],
    });
    expect(entries.find((entry) => entry.action === 'webhook.redelivered')?.details).toEqual({
      delivery_id: deliveryId,
    });
    expect(audit.body).not.toContain(secret);
    expect(audit.body).not.toContain(newSecret);
  });

  it('rejects unknown events, unknown collections, unknown properties and non-http URLs', async () => {
    const post = (payload: Record<string, unknown>) => call(t.app, owner, { method: 'POST', url: hooks(), payload });
    expectError(await post({ url: HOOK, events: ['document.exploded'] }), 400, 'VALIDATION_FAILED');
    expectError(await post({ url: HOOK, events: [] }), 400, 'VALIDATION_FAILED');
    const collection = expectError(
      await post({ url: HOOK, events: ['*'], collections: ['nope'] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(collection.message).toContain('"nope" is not a collection of this project');
    expectError(await post({ url: HOOK, events: ['*'], sequence: 5 }), 400, 'VALIDATION_FAILED');
    const ftp = expectError(await post({ url: 'ftp://127.0.0.1/x', events: ['*'] }), 400, 'VALIDATION_FAILED');
    expect(ftp.message).toContain('must start with http:// or https://');
    expectError(await post({ url: HOOK, events: ['*'], secret: 'short' }), 400, 'VALIDATION_FAILED');
  });

  it('documents every webhook route in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/v1/projects/{projectId}/webhooks',
      '/api/v1/projects/{projectId}/webhooks/{webhookId}',
      '/api/v1/projects/{projectId}/webhooks/{webhookId}/test',
      '/api/v1/projects/{projectId}/webhooks/{webhookId}/deliveries',
      '/api/v1/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}',
      '/api/v1/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('accepts an Idempotency-Key retry without creating a second webhook', async () => {
    const send = () =>
      call(t.app, owner, {
        method: 'POST',
        url: hooks(),
        headers: { 'idempotency-key': 'create-hook-1' },
        payload: { url: `${HOOK}?idem`, events: ['*'] },
      });
    const first = await send();
    const second = await send();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.id).toBe(first.json().data.id);
  });
});

describe('webhooks API: refused URLs (SSRF)', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;

  beforeAll(async () => {
    // A made-up name that resolves to loopback, the same on every machine (localhost may be ::1 first).
    t = await createWebhookTestApp({
      dnsLookup: async (name) => {
        if (name === 'intranet.plinth.test') return [{ address: '127.0.0.1', family: 4 }];
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      },
    });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
  });
  afterAll(async () => t.close());

  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['http://10.0.0.1/hook', '10.0.0.1 is a private address'],
    ['http://[::1]:8080/hook', '::1 is a loopback address'],
    ['http://intranet.plinth.test:3000/hook', 'intranet.plinth.test resolves to 127.0.0.1, a loopback address'],
    ['http://nowhere.plinth.test/hook', 'the host nowhere.plinth.test could not be resolved'],
    ['http://127.0.0.1:3000/hook', '127.0.0.1 is a loopback address'],
    ['http://192.168.0.10/hook', '192.168.0.10 is a private address'],
  ])('refuses %s with a clear message', async (url, reason) => {
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url, events: ['*'] },
    });
    const body = expectError(response, 400, 'VALIDATION_FAILED');
    expect(body.message).toBe(
      `url is refused: ${reason}. Webhooks may only call public addresses; an operator can allow a host with PLINTH_WEBHOOK_ALLOWED_HOSTS`,
    );
    expect(body.details).toEqual([{ path: 'url', message: `is refused: ${reason}` }]);
  });

  it('refuses a private URL on update too', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: 'https://93.184.216.34/hook', events: ['*'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const patched = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/webhooks/${created.json().data.id}`,
      payload: { url: 'http://169.254.169.254/' },
    });
    expect(expectError(patched, 400, 'VALIDATION_FAILED').message).toContain('a cloud metadata address');
  });
});

describe('webhooks API: who may manage webhooks', () => {
  let t: TestApp;
  let owner: Session;
  let stranger: Session;
  let projectId: string;
  let otherProjectId: string;
  let hookId: string;
  let deliveryId: string;
  const members: Record<string, Session> = {};

  beforeAll(async () => {
    t = await createWebhookTestApp({ env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }, job: { timeoutMs: 300 } });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    otherProjectId = await createProject(t.app, stranger, { name: 'Stranger project' });
    for (const role of ['admin', 'editor', 'author', 'viewer']) {
      const member = await signUp(t.app);
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: member.email, role },
      });
      if (added.statusCode !== 201) throw new Error(`adding ${role} failed: ${added.body}`);
      members[role] = member;
    }
    const created = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: HOOK, events: ['*'] },
    });
    hookId = created.json().data.id;
    const ping = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks/${hookId}/test`,
    });
    expect(ping.statusCode, ping.body).toBe(202);
    deliveryId = ping.json().data.id;
  });
  afterAll(async () => t.close());

  const routes = () => [
    { method: 'GET' as const, url: `/api/v1/projects/${projectId}/webhooks` },
    { method: 'POST' as const, url: `/api/v1/projects/${projectId}/webhooks`, payload: { url: HOOK, events: ['*'] } },
    { method: 'GET' as const, url: `/api/v1/projects/${projectId}/webhooks/${hookId}` },
    {
      method: 'PATCH' as const,
      url: `/api/v1/projects/${projectId}/webhooks/${hookId}`,
      payload: { description: 'r' },
    },
    { method: 'POST' as const, url: `/api/v1/projects/${projectId}/webhooks/${hookId}/test` },
    { method: 'GET' as const, url: `/api/v1/projects/${projectId}/webhooks/${hookId}/deliveries` },
    { method: 'GET' as const, url: `/api/v1/projects/${projectId}/webhooks/${hookId}/deliveries/${deliveryId}` },
    {
      method: 'POST' as const,
      url: `/api/v1/projects/${projectId}/webhooks/${hookId}/deliveries/${deliveryId}/redeliver`,
    },
  ];

  it.each(['editor', 'author', 'viewer'])('answers 403 to the %s on every webhook route', async (role) => {
    const session = members[role];
    if (!session) throw new Error(role);
    for (const route of routes()) {
      const response = await call(t.app, session, route);
      expect(expectError(response, 403, 'FORBIDDEN').message).toBe(`Your role (${role}) does not allow this action`);
    }
  });

  it('lets the admin and a webhooks:manage token use every route', async () => {
    const admin = members.admin;
    if (!admin) throw new Error('admin');
    const token = await createToken(t.app, owner, projectId, ['webhooks:manage']);
    for (const credential of [admin, token]) {
      for (const route of routes()) {
        const response = await call(t.app, credential, route);
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(300);
      }
    }
  });

  it('answers 403 to a token without the webhooks:manage scope', async () => {
    const token = await createToken(t.app, owner, projectId, ['content:write', 'schema:write']);
    for (const route of routes()) expectError(await call(t.app, token, route), 403, 'FORBIDDEN');
  });

  it('answers 404 to members and tokens of another project, and to ids of another project', async () => {
    const strangerToken = await createToken(t.app, stranger, otherProjectId, ['webhooks:manage']);
    for (const credential of [stranger, strangerToken]) {
      for (const route of routes()) expectError(await call(t.app, credential, route), 404, 'NOT_FOUND');
    }
    // The stranger's own project, with this project's webhook and delivery ids.
    const base = `/api/v1/projects/${otherProjectId}/webhooks/${hookId}`;
    for (const [method, url] of [
      ['GET', base],
      ['PATCH', base],
      ['DELETE', base],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['GET', `${base}/deliveries/${deliveryId}`],
      ['POST', `${base}/deliveries/${deliveryId}/redeliver`],
    ] as const) {
      const response = await call(t.app, stranger, {
        method,
        url,
        ...(method === 'PATCH' ? { payload: { description: 'x' } } : {}),
      });
      expectError(response, 404, 'NOT_FOUND');
    }
    // A delivery id under another webhook of the same project is not found either.
    const other = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: HOOK, events: ['*'] },
    });
    const otherHook = other.json().data.id;
    expectError(
      await call(t.app, owner, {
        method: 'GET',
        url: `/api/v1/projects/${projectId}/webhooks/${otherHook}/deliveries/${deliveryId}`,
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('requires authentication', async () => {
    expectError(
      await call(t.app, null, { method: 'GET', url: `/api/v1/projects/${projectId}/webhooks` }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
