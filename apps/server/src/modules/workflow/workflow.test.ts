import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

/** Review (submit → in_review → approve/reject), approval-gated publishing, and scheduling. */
describe(`workflow and scheduling (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let editor: Session;
  let author: Session;
  let otherAuthor: Session;
  let viewer: Session;
  let projectId: string;
  let writeToken: string;

  const path = (collection: string, suffix: string) =>
    `/api/v1/projects/${projectId}/collections/${collection}/documents${suffix}`;
  const get = (credential: Session | string, collection: string, id: string) =>
    call(t.app, credential, { method: 'GET', url: path(collection, `/${id}`) });
  const post = (
    credential: Session | string,
    collection: string,
    id: string,
    action: string,
    payload?: Record<string, unknown>,
  ) =>
    call(t.app, credential, {
      method: 'POST',
      url: path(collection, `/${id}/${action}`),
      ...(payload ? { payload } : {}),
    });
  const workflow = (credential: Session | string, id: string, body: Record<string, unknown>, collection = 'articles') =>
    post(credential, collection, id, 'workflow', body);
  const schedule = (credential: Session | string, id: string, body: Record<string, unknown>, collection = 'articles') =>
    post(credential, collection, id, 'schedule', body);
  const schedules = () => call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/schedules` });
  const audit = async (query: string) => {
    const response = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/audit-log?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      action: string;
      actor: { type: string; id: string | null };
      details: Record<string, unknown>;
    }[];
  };
  const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

  async function member(role: string): Promise<Session> {
    const session = await signUp(t.app);
    const added = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email: session.email, role },
    });
    if (added.statusCode !== 201) throw new Error(`member add failed: ${added.body}`);
    return session;
  }

  beforeAll(async () => {
    // The real clock and the in-process worker: scheduled work runs as it would in production.
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    editor = await member('editor');
    author = await member('author');
    otherAuthor = await member('author');
    viewer = await member('viewer');
    writeToken = await createToken(t.app, owner, projectId, ['content:write']);
    const fields = [{ name: 'title', type: 'text', required: true, localized: true }];
    await createCollection(t.app, owner, projectId, { slug: 'articles', name: 'Articles', fields });
    await createCollection(t.app, owner, projectId, {
      slug: 'reviewed',
      name: 'Reviewed',
      requires_approval: true,
      fields,
    });
  });
  afterAll(async () => t.close());

  describe('transitions', () => {
    it('lets authors submit their own documents, and editors submit any', async () => {
      const own = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Own' } });
      expect(own.workflow_stage).toBeNull();
      const submitted = await workflow(author, own.id, { action: 'submit' });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json().data).toMatchObject({ id: own.id, workflow_stage: 'in_review', status: 'draft' });
      expect((await get(owner, 'articles', own.id)).json().data.workflow_stage).toBe('in_review');
      // Already in review.
      expectError(await workflow(author, own.id, { action: 'submit' }), 409, 'CONFLICT');

      const others = await createDocument(t.app, otherAuthor, projectId, 'articles', { data: { title: 'Not yours' } });
      expectError(await workflow(author, others.id, { action: 'submit' }), 403, 'FORBIDDEN');
      expectError(await workflow(viewer, others.id, { action: 'submit' }), 403, 'FORBIDDEN');
      expect((await get(owner, 'articles', others.id)).json().data.workflow_stage).toBeNull();
      const byEditor = await workflow(editor, others.id, { action: 'submit' });
      expect(byEditor.json().data.workflow_stage).toBe('in_review');
    });

    it('lets only editors and above approve or reject, and only from in_review', async () => {
      const doc = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Review me' } });
      // Not in review yet.
      expectError(await workflow(editor, doc.id, { action: 'approve' }), 409, 'CONFLICT');
      expectError(await workflow(editor, doc.id, { action: 'reject' }), 409, 'CONFLICT');

      await workflow(author, doc.id, { action: 'submit' });
      for (const who of [author, viewer]) {
        expectError(await workflow(who, doc.id, { action: 'approve' }), 403, 'FORBIDDEN');
        expectError(await workflow(who, doc.id, { action: 'reject', comment: 'no' }), 403, 'FORBIDDEN');
      }
      expect((await get(owner, 'articles', doc.id)).json().data.workflow_stage).toBe('in_review');

      const approved = await workflow(editor, doc.id, { action: 'approve' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.workflow_stage).toBe('approved');
      // Not in review any more.
      expectError(await workflow(editor, doc.id, { action: 'approve' }), 409, 'CONFLICT');
      expectError(await workflow(owner, doc.id, { action: 'reject' }), 409, 'CONFLICT');

      // Back into review, then rejected with a comment that the audit trail keeps.
      expect((await workflow(author, doc.id, { action: 'submit' })).json().data.workflow_stage).toBe('in_review');
      const rejected = await workflow(owner, doc.id, { action: 'reject', comment: 'Needs a better title' });
      expect(rejected.json().data.workflow_stage).toBe('rejected');
      expectError(await workflow(owner, doc.id, { action: 'approve' }), 409, 'CONFLICT');
      const entries = await audit(`target_id=${doc.id}&action=document.rejected`);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: { type: 'user', id: owner.userId },
        details: { comment: 'Needs a better title' },
      });
      const submits = await audit(`target_id=${doc.id}&action=document.submitted`);
      expect(submits.map((entry) => entry.actor.id)).toEqual([author.userId, author.userId]);
      expect(await audit(`target_id=${doc.id}&action=document.approved`)).toEqual([
        expect.objectContaining({ actor: { type: 'user', id: editor.userId, name: expect.any(String) } }),
      ]);

      // A rejected document can be resubmitted.
      expect((await workflow(author, doc.id, { action: 'submit' })).json().data.workflow_stage).toBe('in_review');
    });

    it('validates the body and knows API tokens by their scopes', async () => {
      const doc = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Tokens' } });
      expectError(await workflow(owner, doc.id, { action: 'publish' }), 400, 'VALIDATION_FAILED');
      expectError(await workflow(owner, doc.id, { action: 'submit', extra: 1 }), 400, 'VALIDATION_FAILED');
      expectError(
        await workflow(owner, doc.id, { action: 'reject', comment: 'x'.repeat(2001) }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(await workflow(owner, '01JZZZZZZZZZZZZZZZZZZZZZZZ', { action: 'submit' }), 404, 'NOT_FOUND');
      const reader = await createToken(t.app, owner, projectId, ['content:read']);
      expectError(await workflow(reader, doc.id, { action: 'submit' }), 403, 'FORBIDDEN');
      expect((await workflow(writeToken, doc.id, { action: 'submit' })).json().data.workflow_stage).toBe('in_review');
      expect((await workflow(writeToken, doc.id, { action: 'approve' })).json().data.workflow_stage).toBe('approved');
    });

    it('never lets authors publish, unpublish or schedule', async () => {
      const doc = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Author draft' } });
      expectError(await post(author, 'articles', doc.id, 'publish'), 403, 'FORBIDDEN');
      await workflow(author, doc.id, { action: 'submit' });
      await workflow(editor, doc.id, { action: 'approve' });
      // Even approved.
      expectError(await post(author, 'articles', doc.id, 'publish'), 403, 'FORBIDDEN');
      expectError(await schedule(author, doc.id, { publish_at: inFuture(60_000) }), 403, 'FORBIDDEN');
      const created = await call(t.app, author, {
        method: 'POST',
        url: path('articles', ''),
        payload: { data: { title: 'Straight out' }, status: 'published' },
      });
      expectError(created, 403, 'FORBIDDEN');
      expect((await post(editor, 'articles', doc.id, 'publish')).json().data.status).toBe('published');
      expectError(await post(author, 'articles', doc.id, 'unpublish'), 403, 'FORBIDDEN');
    });
  });

  describe('collections that require approval', () => {
    it('refuses publishing until approved, and an edit after approval needs a new review', async () => {
      const doc = await createDocument(t.app, author, projectId, 'reviewed', { data: { title: 'Gated' } });
      expectError(await post(owner, 'reviewed', doc.id, 'publish'), 409, 'CONFLICT');
      await workflow(author, doc.id, { action: 'submit' }, 'reviewed');
      expectError(await post(owner, 'reviewed', doc.id, 'publish'), 409, 'CONFLICT');
      await workflow(editor, doc.id, { action: 'reject', comment: 'Not yet' }, 'reviewed');
      expectError(await post(owner, 'reviewed', doc.id, 'publish'), 409, 'CONFLICT');
      await workflow(author, doc.id, { action: 'submit' }, 'reviewed');
      await workflow(editor, doc.id, { action: 'approve' }, 'reviewed');

      // An edit after approval resets it.
      const edited = await call(t.app, author, {
        method: 'PATCH',
        url: path('reviewed', `/${doc.id}`),
        payload: { data: { title: 'Gated, changed after approval' } },
      });
      expect(edited.json().data.workflow_stage).toBeNull();
      expectError(await post(owner, 'reviewed', doc.id, 'publish'), 409, 'CONFLICT');
      expectError(await schedule(owner, doc.id, { publish_at: inFuture(60_000) }, 'reviewed'), 409, 'CONFLICT');

      await workflow(author, doc.id, { action: 'submit' }, 'reviewed');
      await workflow(editor, doc.id, { action: 'approve' }, 'reviewed');
      expectError(await post(author, 'reviewed', doc.id, 'publish'), 403, 'FORBIDDEN');
      const published = await post(editor, 'reviewed', doc.id, 'publish');
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().data).toMatchObject({
        status: 'published',
        data: { title: 'Gated, changed after approval' },
      });

      // Editing the published document needs a new approval before the next publish.
      await call(t.app, editor, {
        method: 'PATCH',
        url: path('reviewed', `/${doc.id}`),
        payload: { data: { title: 'Second round' } },
      });
      expectError(await post(editor, 'reviewed', doc.id, 'publish'), 409, 'CONFLICT');
    });

    it('refuses creating a published document, even for owners', async () => {
      const created = await call(t.app, owner, {
        method: 'POST',
        url: path('reviewed', ''),
        payload: { data: { title: 'Straight out' }, status: 'published' },
      });
      expectError(created, 409, 'CONFLICT');
      const list = await call(t.app, owner, {
        method: 'GET',
        url: path('reviewed', '?filter[title][eq]=Straight out'),
      });
      expect(list.json().meta.total).toBe(0);
    });

    it('lets an approved document be scheduled', async () => {
      const doc = await createDocument(t.app, author, projectId, 'reviewed', { data: { title: 'Scheduled gate' } });
      await workflow(author, doc.id, { action: 'submit' }, 'reviewed');
      await workflow(editor, doc.id, { action: 'approve' }, 'reviewed');
      const at = inFuture(3_600_000);
      const scheduled = await schedule(editor, doc.id, { publish_at: at }, 'reviewed');
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect(scheduled.json().data.publish_at).toBe(at);
      await schedule(editor, doc.id, { publish_at: null }, 'reviewed');
    });
  });

  describe('scheduling', () => {
    it('does not publish on schedule a document edited after its approval, and clears that schedule', async () => {
      const doc = await createDocument(t.app, author, projectId, 'reviewed', {
        data: { title: 'Approved then edited' },
      });
      await workflow(author, doc.id, { action: 'submit' }, 'reviewed');
      await workflow(editor, doc.id, { action: 'approve' }, 'reviewed');
      const at = new Date(Date.now() + 1_000);
      expect((await schedule(editor, doc.id, { publish_at: at.toISOString() }, 'reviewed')).statusCode).toBe(200);
      await call(t.app, author, {
        method: 'PATCH',
        url: path('reviewed', `/${doc.id}`),
        payload: { data: { title: 'Edited after approval' } },
      });
      const deadline = at.getTime() + 5_000;
      let current = (await get(owner, 'reviewed', doc.id)).json().data;
      while (current.publish_at !== null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        current = (await get(owner, 'reviewed', doc.id)).json().data;
      }
      expect(current).toMatchObject({ status: 'draft', publish_at: null, workflow_stage: null });
      expect(await audit(`target_id=${doc.id}&action=document.published`)).toEqual([]);
      const cleared = await audit(`target_id=${doc.id}&action=document.scheduled&actor_type=system`);
      expect(cleared).toEqual([expect.objectContaining({ details: expect.objectContaining({ publish_at: null }) })]);
      const listed = (await schedules())
        .json()
        .data.filter((item: { document_id: string }) => item.document_id === doc.id);
      expect(listed).toEqual([]);
    });

    it('accepts future times only, clears with null and wants unpublish_at after publish_at', async () => {
      const doc = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Timing' } });
      const past = expectError(
        await schedule(owner, doc.id, { publish_at: new Date(Date.now() - 1_000).toISOString() }),
        400,
        'VALIDATION_FAILED',
      );
      expect(past.details?.[0]?.path).toContain('publish_at');
      expectError(
        await schedule(owner, doc.id, { unpublish_at: new Date(Date.now() - 1).toISOString() }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(await schedule(owner, doc.id, { publish_at: 'tomorrow' }), 400, 'VALIDATION_FAILED');
      expectError(await schedule(owner, doc.id, { publish_at: inFuture(60_000), when: 1 }), 400, 'VALIDATION_FAILED');

      const publishAt = inFuture(3_600_000);
      const before = inFuture(1_800_000);
      const order = expectError(
        await schedule(owner, doc.id, { publish_at: publishAt, unpublish_at: before }),
        400,
        'VALIDATION_FAILED',
      );
      expect(order.details?.[0]?.path).toContain('unpublish_at');
      expectError(
        await schedule(owner, doc.id, { publish_at: publishAt, unpublish_at: publishAt }),
        400,
        'VALIDATION_FAILED',
      );
      // Nothing was stored by the refusals.
      expect((await get(owner, 'articles', doc.id)).json().data).toMatchObject({
        publish_at: null,
        unpublish_at: null,
      });

      const unpublishAt = inFuture(7_200_000);
      const both = await schedule(owner, doc.id, { publish_at: publishAt, unpublish_at: unpublishAt });
      expect(both.statusCode, both.body).toBe(200);
      expect(both.json().data).toMatchObject({ publish_at: publishAt, unpublish_at: unpublishAt, status: 'draft' });
      // Moving unpublish_at before the stored publish_at is refused too.
      expectError(await schedule(owner, doc.id, { unpublish_at: before }), 400, 'VALIDATION_FAILED');
      // One side can be cleared and the other kept.
      const cleared = await schedule(owner, doc.id, { publish_at: null });
      expect(cleared.json().data).toMatchObject({ publish_at: null, unpublish_at: unpublishAt });
      const none = await schedule(owner, doc.id, { unpublish_at: null });
      expect(none.json().data).toMatchObject({ publish_at: null, unpublish_at: null });
      expect((await get(owner, 'articles', doc.id)).json().data).toMatchObject({
        publish_at: null,
        unpublish_at: null,
      });
    });

    it('lists upcoming schedules soonest first and drops cancelled ones', async () => {
      const a = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'List A' } });
      const b = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'List B' } });
      const soon = inFuture(1_800_000);
      const later = inFuture(3_600_000);
      const latest = inFuture(5_400_000);
      await schedule(editor, a.id, { publish_at: later, unpublish_at: latest });
      await schedule(editor, b.id, { publish_at: soon });

      const listed = await schedules();
      expect(listed.statusCode, listed.body).toBe(200);
      const mine = listed
        .json()
        .data.filter((item: { document_id: string }) => item.document_id === a.id || item.document_id === b.id);
      expect(mine).toEqual([
        { document_id: b.id, collection: 'articles', action: 'publish', at: soon, locales: null },
        { document_id: a.id, collection: 'articles', action: 'publish', at: later, locales: null },
        { document_id: a.id, collection: 'articles', action: 'unpublish', at: latest, locales: null },
      ]);
      // Every member may look; API tokens with preview too; outsiders may not.
      expect(
        (await call(t.app, viewer, { method: 'GET', url: `/api/v1/projects/${projectId}/schedules` })).statusCode,
      ).toBe(200);
      const stranger = await signUp(t.app);
      expectError(
        await call(t.app, stranger, { method: 'GET', url: `/api/v1/projects/${projectId}/schedules` }),
        404,
        'NOT_FOUND',
      );

      await schedule(editor, b.id, { publish_at: null });
      await schedule(editor, a.id, { unpublish_at: null });
      const after = (await schedules())
        .json()
        .data.filter((item: { document_id: string }) => item.document_id === a.id || item.document_id === b.id);
      expect(after).toEqual([
        { document_id: a.id, collection: 'articles', action: 'publish', at: later, locales: null },
      ]);

      // Publishing by hand takes the document off the list; deleting it too.
      await post(editor, 'articles', a.id, 'publish');
      const published = (await schedules())
        .json()
        .data.filter((item: { document_id: string }) => item.document_id === a.id);
      expect(published).toEqual([]);
      const entries = await audit(`target_id=${a.id}&action=document.scheduled`);
      expect(entries[0]?.details).toMatchObject({ publish_at: later, unpublish_at: null });
    });

    it('publishes and unpublishes on time with the in-process worker; a cleared schedule does not run', async () => {
      const due = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Due soon' } });
      const cancelled = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Called off' } });
      const live = await createDocument(t.app, owner, projectId, 'articles', {
        data: { title: 'Going away' },
        status: 'published',
      });
      const at = new Date(Date.now() + 1_500);
      const when = at.toISOString();
      expect((await schedule(editor, due.id, { publish_at: when })).statusCode).toBe(200);
      expect((await schedule(editor, cancelled.id, { publish_at: when })).statusCode).toBe(200);
      expect((await schedule(editor, live.id, { unpublish_at: when })).statusCode).toBe(200);
      expect((await schedule(editor, cancelled.id, { publish_at: null })).statusCode).toBe(200);

      const deadline = at.getTime() + 5_000;
      let states: string[] = [];
      for (;;) {
        states = await Promise.all(
          [due.id, live.id].map(async (id) => (await get(owner, 'articles', id)).json().data.status as string),
        );
        if (states[0] === 'published' && states[1] === 'draft') break;
        if (Date.now() > deadline) throw new Error(`the schedules did not run in time: ${states.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());

      const published = (await get(owner, 'articles', due.id)).json().data;
      expect(published).toMatchObject({ status: 'published', publish_at: null, version: 1 });
      expect(new Date(published.published_at).getTime()).toBeGreaterThanOrEqual(at.getTime());
      // Readers of published content get it now.
      const reader = await createToken(t.app, owner, projectId, ['content:read']);
      expect((await get(reader, 'articles', due.id)).statusCode).toBe(200);
      expectError(await get(reader, 'articles', live.id), 404, 'NOT_FOUND');
      expect((await get(owner, 'articles', live.id)).json().data.unpublish_at).toBeNull();

      // The system did it.
      const entries = await audit(`target_id=${due.id}&action=document.published`);
      expect(entries).toEqual([expect.objectContaining({ actor: { type: 'system', id: null, name: null } })]);

      // The cleared one stays a draft, also a while after its time.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() + 500 - Date.now())));
      expect((await get(owner, 'articles', cancelled.id)).json().data).toMatchObject({
        status: 'draft',
        publish_at: null,
      });
      expect(await audit(`target_id=${cancelled.id}&action=document.published`)).toEqual([]);
      const remaining = (await schedules())
        .json()
        .data.filter((item: { document_id: string }) => [due.id, cancelled.id, live.id].includes(item.document_id));
      expect(remaining).toEqual([]);
    });

    it('clears the schedule of a document moved to the trash; restoring it brings none back', async () => {
      const doc = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Scheduled, trashed' } });
      const publishAt = inFuture(3_600_000);
      const unpublishAt = inFuture(7_200_000);
      expect((await schedule(editor, doc.id, { publish_at: publishAt, unpublish_at: unpublishAt })).statusCode).toBe(
        200,
      );
      expect((await call(t.app, owner, { method: 'DELETE', url: path('articles', `/${doc.id}`) })).statusCode).toBe(
        204,
      );
      const trashed = await call(t.app, owner, { method: 'GET', url: path('articles', `/${doc.id}?status=deleted`) });
      expect(trashed.json().data).toMatchObject({ publish_at: null, unpublish_at: null });

      const restored = await post(owner, 'articles', doc.id, 'restore');
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().data).toMatchObject({ status: 'draft', publish_at: null, unpublish_at: null });
      const listed = (await schedules())
        .json()
        .data.filter((item: { document_id: string }) => item.document_id === doc.id);
      expect(listed).toEqual([]);
      // Its jobs were cancelled with the delete, so none can run later.
      const jobs = await t.database.db
        .selectFrom('jobs')
        .select(['dedupe_key', 'status'])
        .where('dedupe_key', 'in', [`publish:${doc.id}`, `unpublish:${doc.id}`])
        .orderBy('dedupe_key')
        .execute();
      expect(jobs).toEqual([
        { dedupe_key: `publish:${doc.id}`, status: 'cancelled' },
        { dedupe_key: `unpublish:${doc.id}`, status: 'cancelled' },
      ]);
      // Scheduling again works as for any document.
      expect((await schedule(editor, doc.id, { publish_at: publishAt })).statusCode).toBe(200);
    });

    it('pages the schedules list, with a real total', async () => {
      const own = await createProject(t.app, owner);
      await createCollection(t.app, owner, own, {
        slug: 'pages',
        name: 'Pages',
        fields: [{ name: 'title', type: 'text', required: true }],
      });
      const expected: { document_id: string; collection: string; action: string; at: string; locales: null }[] = [];
      for (let i = 0; i < 3; i++) {
        const doc = await createDocument(t.app, owner, own, 'pages', { data: { title: `Page ${i}` } });
        const publishAt = inFuture(600_000 * (i + 1));
        const unpublishAt = inFuture(3_600_000 * (i + 1));
        const response = await call(t.app, owner, {
          method: 'POST',
          url: `/api/v1/projects/${own}/collections/pages/documents/${doc.id}/schedule`,
          payload: { publish_at: publishAt, unpublish_at: unpublishAt },
        });
        expect(response.statusCode, response.body).toBe(200);
        expected.push(
          { document_id: doc.id, collection: 'pages', action: 'publish', at: publishAt, locales: null },
          { document_id: doc.id, collection: 'pages', action: 'unpublish', at: unpublishAt, locales: null },
        );
      }
      expected.sort((a, b) => a.at.localeCompare(b.at));
      const page = async (query: string) => {
        const response = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${own}/schedules?${query}` });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      };
      const first = await page('limit=4');
      expect(first.meta).toEqual({ total: 6, page: 1, limit: 4 });
      expect(first.data).toEqual(expected.slice(0, 4));
      const second = await page('limit=4&page=2');
      expect(second.meta).toEqual({ total: 6, page: 2, limit: 4 });
      expect(second.data).toEqual(expected.slice(4));
      expect((await page('')).meta).toEqual({ total: 6, page: 1, limit: 25 });
      expectError(
        await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${own}/schedules?limit=101` }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('does not publish a document moved to the trash before its time', async () => {
      const doc = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Trashed' } });
      const at = new Date(Date.now() + 1_000);
      await schedule(editor, doc.id, { publish_at: at.toISOString() });
      await call(t.app, owner, { method: 'DELETE', url: path('articles', `/${doc.id}`) });
      await new Promise((resolve) => setTimeout(resolve, at.getTime() + 700 - Date.now()));
      const trashed = await call(t.app, owner, { method: 'GET', url: path('articles', `/${doc.id}?status=deleted`) });
      expect(trashed.json().data.status).toBe('draft');
      expect(await audit(`target_id=${doc.id}&action=document.published`)).toEqual([]);
    });
  });
});
