import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { call, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import { createWebhookTestApp, type Receiver, startReceiver } from '../../test/webhooks.js';

/** Hidden fields inside components: never read by API tokens or webhooks, never written by tokens. */
describe('documents: hidden fields inside blocks', () => {
  let t: TestApp;
  let receiver: Receiver;
  let owner: Session;
  let projectId: string;
  let reader: string;
  let writer: string;
  const docs = () => `/api/v1/projects/${projectId}/collections/pages/documents`;

  /** Blocks with a hidden value at each depth: `note` in a card, `code` in a chip inside it. */
  const body = [
    {
      _component: 'card',
      _key: 'c1',
      title: 'Card',
      note: 'card secret',
      chips: [{ _component: 'chip', _key: 'p1', label: 'Chip', code: 'chip secret' }],
    },
  ];

  beforeAll(async () => {
    t = await createWebhookTestApp({ env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    receiver = await startReceiver();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    writer = await createToken(t.app, owner, projectId, ['content:read', 'content:preview', 'content:write']);
    for (const component of [
      {
        name: 'chip',
        fields: [
          { name: 'label', type: 'text' },
          { name: 'code', type: 'text', hidden: true, required: true },
        ],
      },
      {
        name: 'card',
        fields: [
          { name: 'title', type: 'text' },
          { name: 'note', type: 'text', hidden: true },
          { name: 'chips', type: 'blocks', options: { components: ['chip'] } },
        ],
      },
    ]) {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/components`,
        payload: component,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'secret', type: 'text', hidden: true },
        { name: 'body', type: 'blocks', options: { components: ['card'] } },
        { name: 'local_body', type: 'blocks', localized: true, options: { components: ['card'] } },
      ],
    });
    const hook = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: receiver.url, events: ['document.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('never returns hidden component fields to API tokens, at any depth and in every locale', async () => {
    const created = await createDocument(t.app, owner, projectId, 'pages', {
      data: { title: 'Home', secret: 'top secret', body, local_body: body },
      status: 'published',
    });
    // Members see everything.
    expect(created.data.body).toEqual(body);

    const visible = [
      {
        _component: 'card',
        _key: 'c1',
        title: 'Card',
        chips: [{ _component: 'chip', _key: 'p1', label: 'Chip' }],
      },
    ];
    for (const url of [`${docs()}/${created.id}`, `${docs()}/${created.id}?locale=es`]) {
      const response = await call(t.app, reader, { method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.data).toEqual({ title: 'Home', body: visible, local_body: visible });
    }
    const all = await call(t.app, reader, { method: 'GET', url: `${docs()}/${created.id}?locale=*` });
    expect(all.json().data.data.local_body).toEqual({ en: visible });
    const list = await call(t.app, reader, { method: 'GET', url: docs() });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toMatch(/secret/);
    const preview = await call(t.app, writer, { method: 'GET', url: `${docs()}/${created.id}` });
    expect(preview.json().data.data.body).toEqual(visible);
  });

  it('leaves hidden component fields out of webhook payloads', async () => {
    const created = await createDocument(t.app, owner, projectId, 'pages', {
      data: { title: 'Hooked', body, local_body: body },
    });
    const [request] = await receiver.waitFor(1, (r) => r.body.includes(created.id));
    if (!request) throw new Error('no delivery');
    const payload = JSON.parse(request.body);
    expect(payload.event).toBe('document.created');
    expect(payload.data.data.body).toEqual([
      { _component: 'card', _key: 'c1', title: 'Card', chips: [{ _component: 'chip', _key: 'p1', label: 'Chip' }] },
    ]);
    expect(request.body).not.toContain('secret');
  });

  it('refuses token writes to hidden fields, at the top level and inside blocks', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ secret: 'x' }, 'data.secret'],
      [{ body: [{ _component: 'card', title: 'T', note: 'x' }] }, 'data.body.0.note'],
      [
        { body: [{ _component: 'card', chips: [{ _component: 'chip', label: 'L', code: 'x' }] }] },
        'data.body.0.chips.0.code',
      ],
    ];
    for (const [data, path] of cases) {
      const refused = expectError(
        await call(t.app, writer, { method: 'POST', url: docs(), payload: { data: { title: 'T', ...data } } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(refused.details, JSON.stringify(data)).toEqual([
        { path, message: expect.stringMatching(/^is not a field of this (collection|model)$/) },
      ]);
    }
    // A hidden field it cannot see is not required of a token either.
    const fine = await call(t.app, writer, {
      method: 'POST',
      url: docs(),
      payload: { data: { title: 'T', body: [{ _component: 'card', chips: [{ _component: 'chip', label: 'L' }] }] } },
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('keeps the hidden values of the blocks a token rewrites', async () => {
    const created = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Kept', body } });
    const rewritten = await call(t.app, writer, {
      method: 'PATCH',
      url: `${docs()}/${created.id}`,
      payload: {
        data: {
          body: [
            {
              _component: 'card',
              _key: 'c1',
              title: 'Card v2',
              chips: [
                { _component: 'chip', _key: 'p1', label: 'Chip v2' },
                { _component: 'chip', _key: 'p2', label: 'New chip' },
              ],
            },
          ],
        },
      },
    });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    const read = await call(t.app, owner, { method: 'GET', url: `${docs()}/${created.id}` });
    expect(read.json().data.data.body).toEqual([
      {
        _component: 'card',
        _key: 'c1',
        title: 'Card v2',
        note: 'card secret',
        chips: [
          { _component: 'chip', _key: 'p1', label: 'Chip v2', code: 'chip secret' },
          { _component: 'chip', _key: 'p2', label: 'New chip' },
        ],
      },
    ]);
  });
});
