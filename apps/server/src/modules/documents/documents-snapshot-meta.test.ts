import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { call, createTestApp, createTestClock, type Session, signUp, type TestApp } from '../../test/harness.js';

/** Readers of published snapshots see the snapshot's metadata, never the working copy's. */
describe('documents: snapshot metadata', () => {
  const clock = createTestClock();
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let projectId: string;
  const docs = () => `/api/v1/projects/${projectId}/collections/articles/documents`;
  const as = async (credential: Session | string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const response = await call(t.app, credential, { method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  let edited: { id: string };
  let untouched: { id: string };
  let editedPublishedAt: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.clock });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
    // "edited" is published first and edited (and put in review, and scheduled) much later;
    // "untouched" is published in between.
    edited = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Edited' } });
    clock.advance(60_000);
    editedPublishedAt = (await as(owner, 'POST', `${docs()}/${edited.id}/publish`)).data.updated_at;
    clock.advance(60_000);
    untouched = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Untouched' },
      status: 'published',
    });
    clock.advance(60_000);
    await as(owner, 'PATCH', `${docs()}/${edited.id}`, { data: { title: 'Edited again' } });
    await as(owner, 'POST', `${docs()}/${edited.id}/workflow`, { action: 'submit' });
    await as(owner, 'POST', `${docs()}/${edited.id}/schedule`, { publish_at: '2027-01-01T00:00:00.000Z' });
  });
  afterAll(async () => t.close());

  it('returns version, updated_at, updated_by, workflow_stage and publish_at as of the last publish', async () => {
    const working = (await as(owner, 'GET', `${docs()}/${edited.id}`)).data;
    expect(working).toMatchObject({ status: 'changed', workflow_stage: 'in_review', version: 2 });
    expect(working.publish_at).toBe('2027-01-01T00:00:00.000Z');
    expect(working.updated_at > editedPublishedAt).toBe(true);

    for (const url of [`${docs()}/${edited.id}`, `${docs()}?filter[id]=${edited.id}`]) {
      const body = await as(reader, 'GET', url);
      const snapshot = Array.isArray(body.data) ? body.data[0] : body.data;
      expect(snapshot).toMatchObject({
        status: 'published',
        version: 1,
        updated_at: editedPublishedAt,
        updated_by: owner.userId,
        workflow_stage: null,
        publish_at: null,
        data: { title: 'Edited' },
      });
    }
    // A member asking for the snapshot gets the same.
    const asked = (await as(owner, 'GET', `${docs()}/${edited.id}?status=published`)).data;
    expect(asked).toMatchObject({ version: 1, updated_at: editedPublishedAt, workflow_stage: null });
  });

  it('filters and sorts snapshot readers on the published updated_at', async () => {
    const ids = async (query: string, credential: Session | string) =>
      ((await as(credential, 'GET', `${docs()}?${query}`)).data as { id: string }[]).map((doc) => doc.id);
    const after = encodeURIComponent(new Date(Date.parse(editedPublishedAt) + 30_000).toISOString());
    expect(await ids(`filter[updated_at][gt]=${after}`, reader)).toEqual([untouched.id]);
    expect((await ids(`filter[updated_at][gt]=${after}`, owner)).sort()).toEqual([untouched.id, edited.id].sort());
    expect(await ids('sort=-updated_at', reader)).toEqual([untouched.id, edited.id]);
    expect(await ids('sort=-updated_at', owner)).toEqual([edited.id, untouched.id]);
    // Cursor pages follow the same order.
    const first = await as(reader, 'GET', `${docs()}?sort=-updated_at&limit=1`);
    expect(first.data[0].id).toBe(untouched.id);
    const second = await as(reader, 'GET', `${docs()}?sort=-updated_at&limit=1&cursor=${first.meta.next_cursor}`);
    expect(second.data.map((doc: { id: string }) => doc.id)).toEqual([edited.id]);
  });
});
