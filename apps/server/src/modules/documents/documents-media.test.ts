import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken, uploadAsset } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

describe('documents: media fields', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let otherAsset: string;
  let image: string;
  const docs = () => `/api/v1/projects/${projectId}/collections/pages/documents`;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    const otherProject = await createProject(t.app, owner, { name: 'Other' });
    otherAsset = await uploadAsset(t.app, owner, otherProject);
    image = await uploadAsset(t.app, owner, projectId, 'hero.png');
    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'hero', type: 'media', options: { accept: ['image/*'] } },
        { name: 'files', type: 'media', options: { multiple: true, accept: ['application/pdf'] } },
      ],
    });
  });
  afterAll(async () => t.close());

  it('accepts only live assets of the same project, of an accepted type', async () => {
    const missing = await call(t.app, owner, {
      method: 'POST',
      url: docs(),
      payload: { data: { hero: 'no-such-asset' } },
    });
    expect(expectError(missing, 400, 'VALIDATION_FAILED').details).toEqual([
      { path: 'data.hero', message: 'refers to media assets that do not exist: no-such-asset' },
    ]);
    const foreign = await call(t.app, owner, { method: 'POST', url: docs(), payload: { data: { hero: otherAsset } } });
    expectError(foreign, 400, 'VALIDATION_FAILED');
    const wrongType = await call(t.app, owner, { method: 'POST', url: docs(), payload: { data: { files: [image] } } });
    expect(expectError(wrongType, 400, 'VALIDATION_FAILED').message).toContain('accepts application/pdf only');
    const deleted = await uploadAsset(t.app, owner, projectId, 'gone.png');
    await call(t.app, owner, { method: 'DELETE', url: `/api/v1/projects/${projectId}/media/${deleted}` });
    expectError(
      await call(t.app, owner, { method: 'POST', url: docs(), payload: { data: { hero: deleted } } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('populates media fields with the Asset, for members and published readers', async () => {
    const page = await createDocument(t.app, owner, projectId, 'pages', {
      data: { title: 'Home', hero: image },
      status: 'published',
    });
    expect(page.data.hero).toBe(image);
    const token = await createToken(t.app, owner, projectId, ['content:read']);
    for (const credential of [owner, token]) {
      const read = await call(t.app, credential, { method: 'GET', url: `${docs()}/${page.id}?populate=hero` });
      expect(read.json().data.data.hero).toMatchObject({
        id: image,
        filename: 'hero.png',
        mime_type: 'image/png',
        width: 2,
        height: 2,
        url: expect.stringMatching(/^http:\/\/plinth\.test\/media\//),
      });
    }
    const all = await call(t.app, token, { method: 'GET', url: `${docs()}?populate=*` });
    expect(all.json().data[0].data.hero.id).toBe(image);
  });
});
