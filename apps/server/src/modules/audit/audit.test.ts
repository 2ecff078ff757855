import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';
import { multipart } from '../../test/media.js';

interface Entry {
  id: string;
  actor: { type: 'user' | 'token' | 'system'; id: string | null; name: string | null };
  action: string;
  target: { type: string; id: string | null };
  details: Record<string, unknown>;
  ip: string | null;
  created_at: string;
}

const IP = '203.0.113.7';

/** The project audit trail: every kind of change, who made it and from where; filters; who may read it. */
describe(`audit log (${dialectName})`, () => {
  const time = createTestClock();
  let t: TestApp;
  let owner: Session;
  let admin: Session;
  let editor: Session;
  let author: Session;
  let viewer: Session;
  let projectId: string;

  /** A request from a known address. */
  const act = (
    credential: Session | string,
    options: InjectOptions & { method: InjectOptions['method']; url: string },
  ) => call(t.app, credential, { remoteAddress: IP, ...options });
  const api = (suffix: string) => `/api/v1/projects/${projectId}${suffix}`;
  const docs = (suffix = '', collection = 'articles') => api(`/collections/${collection}/documents${suffix}`);

  async function log(
    query = '',
    credential: Session | string = owner,
  ): Promise<{ data: Entry[]; meta: { total: number; page: number; limit: number } }> {
    const response = await call(t.app, credential, {
      method: 'GET',
      url: api(`/audit-log${query ? `?${query}` : ''}`),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function everything(query = ''): Promise<Entry[]> {
    const entries: Entry[] = [];
    for (let page = 1; ; page++) {
      const { data, meta } = await log(`limit=100&page=${page}${query ? `&${query}` : ''}`);
      entries.push(...data);
      if (entries.length >= meta.total || data.length === 0) return entries;
    }
  }
  const expectOk = (response: { statusCode: number; body: string }, status = 200) =>
    expect(response.statusCode, response.body).toBe(status);

  async function member(role: string): Promise<Session> {
    const session = await signUp(t.app);
    expectOk(await act(owner, { method: 'POST', url: api('/members'), payload: { email: session.email, role } }), 201);
    return session;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    admin = await member('admin');
    editor = await member('editor');
    author = await member('author');
    viewer = await member('viewer');
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
      ],
    });
  });
  afterAll(async () => t.close());

  it('records every kind of change with the user, action, target, time and IP', async () => {
    time.advance(60_000);
    const start = time.clock().toISOString();
    const tick = () => time.advance(1_000);

    // Project settings.
    expectOk(await act(owner, { method: 'PATCH', url: api(''), payload: { name: 'Renamed project' } }));
    tick();
    // Schema: collections and components.
    expectOk(
      await act(owner, {
        method: 'POST',
        url: api('/collections'),
        payload: { slug: 'scratch', name: 'Scratch', fields: [{ name: 'note', type: 'text' }] },
      }),
      201,
    );
    tick();
    expectOk(await act(owner, { method: 'PATCH', url: api('/collections/scratch'), payload: { name: 'Scratchpad' } }));
    tick();
    expectOk(await act(owner, { method: 'DELETE', url: api('/collections/scratch') }), 204);
    tick();
    expectOk(
      await act(owner, {
        method: 'POST',
        url: api('/components'),
        payload: { name: 'hero', label: 'Hero', fields: [{ name: 'heading', type: 'text' }] },
      }),
      201,
    );
    tick();
    expectOk(
      await act(owner, {
        method: 'PATCH',
        url: api('/components/hero'),
        payload: {
          fields: [
            { name: 'heading', type: 'text' },
            { name: 'tagline', type: 'text' },
          ],
        },
      }),
    );
    tick();
    expectOk(await act(owner, { method: 'DELETE', url: api('/components/hero') }), 204);
    tick();

    // Members.
    const newcomer = await signUp(t.app);
    expectOk(
      await act(owner, { method: 'POST', url: api('/members'), payload: { email: newcomer.email, role: 'viewer' } }),
      201,
    );
    tick();
    expectOk(
      await act(owner, { method: 'PATCH', url: api(`/members/${newcomer.userId}`), payload: { role: 'editor' } }),
    );
    tick();
    expectOk(await act(owner, { method: 'DELETE', url: api(`/members/${newcomer.userId}`) }), 204);
    tick();

    // API tokens.
    const token = await act(owner, {
      method: 'POST',
      url: api('/api-tokens'),
      payload: { name: 'Audit token', scopes: ['content:read'] },
    });
    expectOk(token, 201);
    const tokenId = token.json().data.id as string;
    tick();
    expectOk(await act(owner, { method: 'DELETE', url: api(`/api-tokens/${tokenId}`) }), 204);
    tick();

    // Documents: every change of their lifecycle.
    const created = await act(owner, { method: 'POST', url: docs(), payload: { data: { title: 'Audited' } } });
    expectOk(created, 201);
    const documentId = created.json().data.id as string;
    const steps: [InjectOptions['method'], string, Record<string, unknown> | undefined, number][] = [
      ['PATCH', `/${documentId}`, { data: { title: 'Audited, edited' } }, 200],
      ['POST', `/${documentId}/workflow`, { action: 'submit' }, 200],
      ['POST', `/${documentId}/workflow`, { action: 'reject', comment: 'Try again' }, 200],
      ['POST', `/${documentId}/workflow`, { action: 'submit' }, 200],
      ['POST', `/${documentId}/workflow`, { action: 'approve' }, 200],
      ['POST', `/${documentId}/publish`, undefined, 200],
      ['POST', `/${documentId}/unpublish`, undefined, 200],
      [
        'POST',
        `/${documentId}/schedule`,
        { publish_at: new Date(time.clock().getTime() + 86_400_000).toISOString() },
        200,
      ],
      ['POST', `/${documentId}/versions/1/restore`, undefined, 200],
      ['DELETE', `/${documentId}`, undefined, 204],
      ['POST', `/${documentId}/restore`, undefined, 200],
    ];
    for (const [method, suffix, payload, status] of steps) {
      tick();
      expectOk(await act(owner, { method, url: docs(suffix), ...(payload ? { payload } : {}) }), status);
    }
    const end = time.clock().toISOString();

    const entries = await everything(`from=${encodeURIComponent(start)}`);
    const expected: [string, string, string][] = [
      ['project.updated', 'project', projectId],
      ['collection.created', 'collection', 'scratch'],
      ['collection.updated', 'collection', 'scratch'],
      ['collection.deleted', 'collection', 'scratch'],
      ['component.created', 'component', 'hero'],
      ['component.updated', 'component', 'hero'],
      ['component.deleted', 'component', 'hero'],
      ['member.added', 'member', newcomer.userId],
      ['member.updated', 'member', newcomer.userId],
      ['member.removed', 'member', newcomer.userId],
      ['token.created', 'api_token', tokenId],
      ['token.revoked', 'api_token', tokenId],
      ['document.created', 'document', documentId],
      ['document.updated', 'document', documentId],
      ['document.submitted', 'document', documentId],
      ['document.rejected', 'document', documentId],
      ['document.submitted', 'document', documentId],
      ['document.approved', 'document', documentId],
      ['document.published', 'document', documentId],
      ['document.unpublished', 'document', documentId],
      ['document.scheduled', 'document', documentId],
      ['document.version_restored', 'document', documentId],
      ['document.deleted', 'document', documentId],
      ['document.restored', 'document', documentId],
    ];
    // Newest first; oldest first reads like the script above.
    const chronological = [...entries].reverse();
    expect(chronological.map((entry) => [entry.action, entry.target.type, entry.target.id])).toEqual(expected);
    for (const entry of entries) {
      expect(entry, entry.action).toMatchObject({
        id: expect.any(String),
        actor: { type: 'user', id: owner.userId },
        ip: IP,
        details: expect.any(Object),
      });
      expect(entry.created_at >= start && entry.created_at <= end, `${entry.action} at ${entry.created_at}`).toBe(true);
    }
    // Times are those of the changes, not of the read.
    const published = chronological.find((entry) => entry.action === 'document.published');
    const unpublished = chronological.find((entry) => entry.action === 'document.unpublished');
    expect(new Date(unpublished?.created_at ?? 0).getTime() - new Date(published?.created_at ?? 0).getTime()).toBe(
      1_000,
    );
    // Useful details.
    expect(chronological.find((entry) => entry.action === 'document.rejected')?.details).toMatchObject({
      comment: 'Try again',
    });
    expect(chronological.find((entry) => entry.action === 'member.updated')?.details).toMatchObject({
      from: 'viewer',
      to: 'editor',
    });
    expect(chronological.find((entry) => entry.action === 'document.version_restored')?.details).toMatchObject({
      restored_version: 1,
    });
    // Token secrets never reach the log.
    const raw = JSON.stringify(entries);
    expect(raw).not.toContain(token.json().data.token);
  });

  it('records media uploads, edits and deletions, by users and by API tokens', async () => {
    time.advance(60_000);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const upload = (credential: Session | string, filename: string) => {
      const { payload, headers } = multipart([{ name: 'file', filename, content: png, contentType: 'image/png' }]);
      return act(credential, { method: 'POST', url: api('/media'), payload, headers });
    };
    const uploaded = await upload(editor, 'audited.png');
    expectOk(uploaded, 201);
    const assetId = uploaded.json().data.id as string;
    time.advance(1_000);
    expectOk(
      await act(editor, { method: 'PATCH', url: api(`/media/${assetId}`), payload: { alt: 'An audited image' } }),
    );
    time.advance(1_000);
    expectOk(await act(editor, { method: 'DELETE', url: api(`/media/${assetId}`) }), 204);

    const entries = (await log(`target_type=media&target_id=${assetId}`)).data;
    expect(entries.map((entry) => entry.action).reverse()).toEqual(['media.created', 'media.updated', 'media.deleted']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor: { type: 'user', id: editor.userId },
        target: { type: 'media', id: assetId },
        ip: IP,
      });
    }
    const [deleted, updated, created] = entries;
    expect(created?.details).toMatchObject({ filename: 'audited.png', mime_type: 'image/png', size: png.length });
    expect(updated?.details).toMatchObject({ changed: ['alt'] });
    expect(deleted?.details).toMatchObject({ filename: 'audited.png', forced: false });

    // An API token's upload names the token.
    const tokenResponse = await call(t.app, owner, {
      method: 'POST',
      url: api('/api-tokens'),
      payload: { name: 'Uploader', scopes: ['media:write'] },
    });
    const { id: tokenId, token } = tokenResponse.json().data as { id: string; token: string };
    const byToken = await upload(token, 'by-token.png');
    expectOk(byToken, 201);
    expect((await log(`target_id=${byToken.json().data.id}`)).data).toEqual([
      expect.objectContaining({
        action: 'media.created',
        actor: { type: 'token', id: tokenId, name: 'Uploader' },
        ip: IP,
      }),
    ]);
    // Viewers cannot upload, and a refused upload leaves no entry.
    const before = (await log('target_type=media')).meta.total;
    expectError(await upload(viewer, 'refused.png'), 403, 'FORBIDDEN');
    expect((await log('target_type=media')).meta.total).toBe(before);
  });

  it('names the API token that made a change', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: api('/api-tokens'),
      payload: { name: 'Writer', scopes: ['content:write'] },
    });
    const { id: tokenId, token } = created.json().data as { id: string; token: string };
    time.advance(1_000);
    const doc = await act(token, { method: 'POST', url: docs(), payload: { data: { title: 'By a token' } } });
    expectOk(doc, 201);
    const documentId = doc.json().data.id;
    expectOk(await act(token, { method: 'POST', url: docs(`/${documentId}/publish`) }));

    const { data } = await log(`actor_type=token&actor_id=${tokenId}`);
    expect(data.map((entry) => entry.action)).toEqual(['document.published', 'document.created']);
    for (const entry of data) {
      expect(entry).toMatchObject({
        actor: { type: 'token', id: tokenId },
        target: { type: 'document', id: documentId },
        ip: IP,
      });
    }
    // No user is named for it.
    expect((await log(`actor_id=${owner.userId}&target_id=${documentId}`)).data).toEqual([]);
  });

  it('filters by actor, action (with document.*), target and time, and pages', async () => {
    time.advance(60_000);
    const from = time.clock().toISOString();
    const first = await createDocument(t.app, editor, projectId, 'articles', { data: { title: 'Filter one' } });
    time.advance(1_000);
    const second = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Filter two' } });
    time.advance(1_000);
    const middle = time.clock().toISOString();
    expectOk(
      await call(t.app, editor, {
        method: 'PATCH',
        url: docs(`/${first.id}`),
        payload: { data: { title: 'Filter 1' } },
      }),
    );
    time.advance(1_000);
    expectOk(
      await call(t.app, admin, { method: 'PATCH', url: api(`/members/${viewer.userId}`), payload: { role: 'author' } }),
    );
    time.advance(1_000);
    expectOk(
      await call(t.app, admin, { method: 'PATCH', url: api(`/members/${viewer.userId}`), payload: { role: 'viewer' } }),
    );
    time.advance(1_000);
    const to = time.clock().toISOString();
    time.advance(1_000);

    const window = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const all = await log(window);
    expect(all.meta.total).toBe(5);
    expect(all.data.map((entry) => entry.action)).toEqual([
      'member.updated',
      'member.updated',
      'document.updated',
      'document.created',
      'document.created',
    ]);

    const byEditor = await log(`${window}&actor_id=${editor.userId}`);
    expect(byEditor.data.map((entry) => [entry.action, entry.target.id])).toEqual([
      ['document.updated', first.id],
      ['document.created', first.id],
    ]);
    expect((await log(`${window}&actor_type=user`)).meta.total).toBe(5);
    expect((await log(`${window}&actor_type=token`)).meta.total).toBe(0);
    expect((await log(`${window}&actor_type=system`)).meta.total).toBe(0);

    const documents = await log(`${window}&action=document.*`);
    expect(documents.data.every((entry) => entry.action.startsWith('document.'))).toBe(true);
    expect(documents.meta.total).toBe(3);
    expect((await log(`${window}&action=document.created`)).meta.total).toBe(2);
    expect((await log(`${window}&action=member.*`)).data.map((entry) => entry.actor.id)).toEqual([
      admin.userId,
      admin.userId,
    ]);
    // A prefix without a dot still means a prefix of the action name, not a LIKE pattern.
    expect((await log(`${window}&action=doc*`)).meta.total).toBe(3);
    expect((await log(`${window}&action=document`)).meta.total).toBe(0);
    // `_` is a letter here, not a wildcard: no action starts with "member_".
    expect((await log(`${window}&action=member_*`)).meta.total).toBe(0);
    expect((await log(`${window}&action=member.*`)).meta.total).toBe(2);

    expect((await log(`${window}&target_type=member`)).meta.total).toBe(2);
    expect((await log(`${window}&target_type=member&target_id=${viewer.userId}`)).meta.total).toBe(2);
    expect((await log(`${window}&target_id=${second.id}`)).data).toEqual([
      expect.objectContaining({
        action: 'document.created',
        actor: { type: 'user', id: author.userId, name: 'Test User' },
      }),
    ]);

    // from is inclusive, to exclusive.
    const later = await log(`from=${encodeURIComponent(middle)}&to=${encodeURIComponent(to)}`);
    expect(later.data.map((entry) => entry.action)).toEqual(['member.updated', 'member.updated', 'document.updated']);
    expect((await log(`from=${encodeURIComponent(to)}&action=member.*`)).meta.total).toBe(0);
    // Offsets in the timestamp are understood.
    const offset = new Date(middle).getTime();
    const local = new Date(offset + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect((await log(`from=${encodeURIComponent(local)}&to=${encodeURIComponent(to)}`)).meta.total).toBe(3);

    // Pages, newest first, with the same total on every page.
    const pages = await Promise.all([1, 2, 3].map((page) => log(`${window}&limit=2&page=${page}`)));
    expect(pages.map((page) => page.meta)).toEqual([
      { total: 5, page: 1, limit: 2 },
      { total: 5, page: 2, limit: 2 },
      { total: 5, page: 3, limit: 2 },
    ]);
    expect(pages.flatMap((page) => page.data.map((entry) => entry.id))).toEqual(all.data.map((entry) => entry.id));
    expect(pages[2]?.data).toHaveLength(1);
    expect((await log(`${window}&limit=2&page=4`)).data).toEqual([]);
    const createdAt = all.data.map((entry) => entry.created_at);
    expect(createdAt).toEqual([...createdAt].sort().reverse());

    // Bad filters are a 400, never a quiet empty list.
    for (const query of [
      'action=DROP TABLE',
      'action=%25',
      'actor_type=robot',
      'from=yesterday',
      'limit=101',
      'page=0',
      'target_type=Document',
      'colour=blue',
    ]) {
      expectError(
        await call(t.app, owner, { method: 'GET', url: api(`/audit-log?${query}`) }),
        400,
        'VALIDATION_FAILED',
      );
    }
  });

  it('lets only owners and admins read it', async () => {
    expect((await log('', admin)).data.length).toBeGreaterThan(0);
    for (const who of [editor, author, viewer]) {
      expectError(await call(t.app, who, { method: 'GET', url: api('/audit-log') }), 403, 'FORBIDDEN');
    }
    const everyScope = (
      await call(t.app, owner, {
        method: 'POST',
        url: api('/api-tokens'),
        payload: {
          name: 'Every scope',
          scopes: [
            'content:read',
            'content:preview',
            'content:write',
            'media:read',
            'media:write',
            'schema:read',
            'schema:write',
            'webhooks:manage',
          ],
        },
      })
    ).json().data.token as string;
    expectError(await call(t.app, everyScope, { method: 'GET', url: api('/audit-log') }), 403, 'FORBIDDEN');
    expectError(await call(t.app, null, { method: 'GET', url: api('/audit-log') }), 401, 'UNAUTHENTICATED');

    // Other projects: 404 for their members and tokens, and nothing of theirs shows here.
    const stranger = await signUp(t.app);
    const otherProject = await createProject(t.app, stranger, { name: 'Elsewhere' });
    expectError(await call(t.app, stranger, { method: 'GET', url: api('/audit-log') }), 404, 'NOT_FOUND');
    expectError(
      await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${otherProject}/audit-log` }),
      404,
      'NOT_FOUND',
    );
    const theirToken = await createToken(t.app, stranger, otherProject, ['content:read']);
    expectError(await call(t.app, theirToken, { method: 'GET', url: api('/audit-log') }), 404, 'NOT_FOUND');
    await call(t.app, stranger, {
      method: 'PATCH',
      url: `/api/v1/projects/${otherProject}`,
      payload: { name: 'Theirs' },
    });
    const ours = await everything();
    expect(ours.some((entry) => entry.actor.id === stranger.userId)).toBe(false);
    const theirs = await call(t.app, stranger, { method: 'GET', url: `/api/v1/projects/${otherProject}/audit-log` });
    expect(theirs.json().data.map((entry: Entry) => entry.action)).toEqual(['project.updated', 'token.created']);
  });

  it('leaves no entry for a change that failed', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Fail safe', slug: 'taken' },
    });
    const other = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Other doc' } });
    time.advance(60_000);
    const before = (await log()).meta.total;

    // A stale version.
    expectError(
      await call(t.app, owner, {
        method: 'PATCH',
        url: docs(`/${doc.id}`),
        payload: { data: { title: 'x' }, version: 9 },
      }),
      409,
      'CONFLICT',
    );
    // A unique value taken.
    expectError(
      await call(t.app, owner, { method: 'PATCH', url: docs(`/${other.id}`), payload: { data: { slug: 'taken' } } }),
      409,
      'CONFLICT',
    );
    // A restore that would repeat a unique value.
    expectOk(
      await call(t.app, owner, { method: 'PATCH', url: docs(`/${doc.id}`), payload: { data: { slug: 'renamed' } } }),
    );
    expectOk(
      await call(t.app, owner, { method: 'PATCH', url: docs(`/${other.id}`), payload: { data: { slug: 'taken' } } }),
    );
    const afterEdits = (await log()).meta.total;
    expect(afterEdits).toBe(before + 2);
    expectError(
      await call(t.app, owner, { method: 'POST', url: docs(`/${doc.id}/versions/1/restore`) }),
      409,
      'CONFLICT',
    );
    // Workflow and schedule refusals.
    expectError(
      await call(t.app, owner, { method: 'POST', url: docs(`/${doc.id}/workflow`), payload: { action: 'approve' } }),
      409,
      'CONFLICT',
    );
    expectError(
      await call(t.app, owner, {
        method: 'POST',
        url: docs(`/${doc.id}/schedule`),
        payload: { publish_at: new Date(time.clock().getTime() - 1_000).toISOString() },
      }),
      400,
      'VALIDATION_FAILED',
    );
    // Validation errors, forbidden changes, schema conflicts, the last owner.
    expectError(
      await call(t.app, owner, { method: 'POST', url: docs(), payload: { data: {} } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call(t.app, viewer, { method: 'POST', url: docs(), payload: { data: { title: 'No' } } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(t.app, author, { method: 'PATCH', url: docs(`/${doc.id}`), payload: { data: { title: 'Not mine' } } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(t.app, owner, {
        method: 'POST',
        url: api('/collections'),
        payload: { slug: 'articles', name: 'Again', fields: [{ name: 'title', type: 'text' }] },
      }),
      409,
      'CONFLICT',
    );
    expectError(await call(t.app, owner, { method: 'DELETE', url: api(`/members/${owner.userId}`) }), 409, 'CONFLICT');
    expectError(
      await call(t.app, admin, { method: 'PATCH', url: api(`/members/${admin.userId}`), payload: { role: 'editor' } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(t.app, owner, { method: 'DELETE', url: api('/api-tokens/01JZZZZZZZZZZZZZZZZZZZZZZZ') }),
      404,
      'NOT_FOUND',
    );

    expect((await log()).meta.total).toBe(afterEdits);
    expect((await log(`target_id=${doc.id}&action=document.version_restored`)).meta.total).toBe(0);
  });

  it('names who acted: a user by their name, a token by its own, the system as null, one lookup each per page', async () => {
    time.advance(60_000);
    const from = time.clock().toISOString();
    const grace = await signUp(t.app, { name: 'Grace Hopper' });
    expectOk(
      await act(owner, { method: 'POST', url: api('/members'), payload: { email: grace.email, role: 'editor' } }),
      201,
    );
    const created = await call(t.app, owner, {
      method: 'POST',
      url: api('/api-tokens'),
      payload: { name: 'Nightly import', scopes: ['content:write'] },
    });
    const { id: tokenId, token } = created.json().data as { id: string; token: string };
    const byGrace = await createDocument(t.app, grace, projectId, 'articles', { data: { title: 'By Grace' } });
    await createDocument(t.app, token, projectId, 'articles', { data: { title: 'By the import' } });
    // A scheduled publish runs as the system.
    expectOk(
      await act(grace, {
        method: 'POST',
        url: docs(`/${byGrace.id}/schedule`),
        payload: { publish_at: new Date(time.clock().getTime() + 1_000).toISOString() },
      }),
    );
    time.advance(2_000);
    await t.services.worker().runDue();
    // A revoked token still names what it did.
    expectOk(await act(owner, { method: 'DELETE', url: api(`/api-tokens/${tokenId}`) }), 204);

    t.queries.length = 0;
    const { data } = await log(`from=${encodeURIComponent(from)}&limit=100`);
    // One query names the page's users and one its tokens, however many entries there are.
    expect(t.queries.filter((query) => /from "(users|api_tokens)"/.test(query))).toHaveLength(2);
    const actors = new Map(data.map((entry) => [`${entry.action} ${entry.target.id}`, entry.actor]));
    expect(actors.get(`document.created ${byGrace.id}`)).toEqual({
      type: 'user',
      id: grace.userId,
      name: 'Grace Hopper',
    });
    expect(data.find((entry) => entry.actor.type === 'token')?.actor).toEqual({
      type: 'token',
      id: tokenId,
      name: 'Nightly import',
    });
    expect(actors.get(`document.published ${byGrace.id}`)).toEqual({ type: 'system', id: null, name: null });
    expect(actors.get(`token.revoked ${tokenId}`)).toEqual({ type: 'user', id: owner.userId, name: 'Test User' });
  });
});
