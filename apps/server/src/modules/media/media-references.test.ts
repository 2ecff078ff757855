import type { AssetReferenceList, MediaFolderList } from '@plinth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken, uploadAsset } from '../../test/content.js';
import { call, dialectName, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import { createMediaTestApp } from '../../test/media.js';

/** Where files are used (the media library's details panel) and the library's folders. */
describe(`media: where a file is used, and folders (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let cover: string;
  let unused: string;
  let secret: string;
  const ids: Record<string, string> = {};

  const references = async (credential: Session | string, assetId: string, query = '') => {
    const response = await call(t.app, credential, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/media/${assetId}/references${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AssetReferenceList>();
  };

  beforeAll(async () => {
    t = await createMediaTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    cover = await uploadAsset(t.app, owner, projectId, 'cover.png');
    unused = await uploadAsset(t.app, owner, projectId, 'unused.png');
    secret = await uploadAsset(t.app, owner, projectId, 'secret.png');
    const component = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/components`,
      payload: { name: 'figure', fields: [{ name: 'image', type: 'media' }] },
    });
    expect(component.statusCode, component.body).toBe(201);
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', localized: true },
        { name: 'cover', type: 'media' },
        { name: 'body', type: 'richtext' },
        { name: 'sections', type: 'blocks', options: { components: ['figure'] } },
        { name: 'internal', type: 'media', hidden: true },
      ],
    });
    const fileUrl = `http://localhost:3000/media/${projectId}/${cover}/cover.png`;
    const post = async (title: string, data: Record<string, unknown>, status?: 'published') =>
      (
        await createDocument(t.app, owner, projectId, 'posts', {
          data: { title, ...data },
          ...(status ? { status } : {}),
        })
      ).id as string;
    ids.published = await post('Published with a cover', { cover }, 'published');
    ids.block = await post('Draft with a figure', { sections: [{ _component: 'figure', _key: 'f1', image: cover }] });
    ids.rich = await post('Draft with an inline image', { body: `<p>See <img src="${fileUrl}" alt="x"></p>` });
    ids.other = await post('Nothing to do with it', {});
    ids.hidden = await post('Hidden use', { internal: secret });
  });
  afterAll(async () => t.close());

  it('lists the documents that use a file through a media field, a block and rich text, newest first', async () => {
    const used = await references(owner, cover);
    expect(used.meta.total).toBe(3);
    expect(used.data.map((hit) => [hit.title, hit.collection, hit.status])).toEqual([
      ['Draft with an inline image', 'posts', 'draft'],
      ['Draft with a figure', 'posts', 'draft'],
      ['Published with a cover', 'posts', 'published'],
    ]);
    expect(used.data[0]?.id).toBe(ids.rich);

    const first = await references(owner, cover, '?limit=1');
    expect(first.data.map((hit) => hit.id)).toEqual([ids.rich]);
    expect(first.meta.total).toBe(3);

    expect(await references(owner, unused)).toEqual({ data: [], meta: { total: 0 } });
  });

  it('shows content:read tokens only published snapshots, and refuses tokens without a content scope', async () => {
    const reader = await createToken(t.app, owner, projectId, ['media:read', 'content:read']);
    expect((await references(reader, cover)).data.map((hit) => hit.id)).toEqual([ids.published]);

    const mediaOnly = await createToken(t.app, owner, projectId, ['media:read']);
    const refused = await call(t.app, mediaOnly, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/media/${cover}/references`,
    });
    expectError(refused, 403, 'FORBIDDEN');
  });

  it('counts a use in a hidden field for members only', async () => {
    expect((await references(owner, secret)).data.map((hit) => hit.id)).toEqual([ids.hidden]);
    const previewer = await createToken(t.app, owner, projectId, ['media:read', 'content:preview']);
    expect(await references(previewer, secret)).toEqual({ data: [], meta: { total: 0 } });
  });

  it('answers 404 for a file that is not in the project, and 400 for a limit past 50', async () => {
    const other = await createProject(t.app, owner);
    const foreign = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${other}/media/${cover}/references`,
    });
    expectError(foreign, 404, 'NOT_FOUND');
    const tooMany = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/media/${cover}/references?limit=51`,
    });
    expectError(tooMany, 400, 'VALIDATION_FAILED');
  });

  it('refuses to delete a file a published document shows in its rich text', async () => {
    const inline = await uploadAsset(t.app, owner, projectId, 'inline.png');
    const url = `http://localhost:3000/media/${projectId}/${inline}/inline.png`;
    await createDocument(t.app, owner, projectId, 'posts', {
      data: { title: 'Published inline', body: `<p><img src="${url}" alt="inline"></p>` },
      status: 'published',
    });
    const refused = await call(t.app, owner, {
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/media/${inline}`,
    });
    expect(expectError(refused, 409, 'CONFLICT').message).toMatch(/1 published document/);
  });

  it('lists the folders that hold live files, with their counts', async () => {
    const project = await createProject(t.app, owner);
    await uploadAsset(t.app, owner, project, 'a.png', { folder: 'travel' });
    await uploadAsset(t.app, owner, project, 'b.png', { folder: 'travel' });
    await uploadAsset(t.app, owner, project, 'c.png', { folder: 'blog/2026' });
    await uploadAsset(t.app, owner, project, 'd.png');
    const gone = await uploadAsset(t.app, owner, project, 'e.png', { folder: 'archive' });
    const deleted = await call(t.app, owner, { method: 'DELETE', url: `/api/v1/projects/${project}/media/${gone}` });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const response = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project}/media/folders` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MediaFolderList>().data).toEqual([
      { name: 'blog/2026', count: 1 },
      { name: 'travel', count: 2 },
    ]);
  });
});
