import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createProject } from '../../test/content.js';
import { graphqlErrors } from '../../test/graphql.js';
import { createTestApp, dialectName, type Session, signUp, type TestApp } from '../../test/harness.js';

// Found by the attack suite (security/injection): a document id argument holding a NUL byte
// reached PostgreSQL, which refuses it in a parameter, and the answer was an INTERNAL error.

describe(`GraphQL: document id arguments (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner, { name: 'Ids', locales: ['en'], default_locale: 'en' });
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [{ name: 'title', type: 'text' }],
    });
  });
  afterAll(() => t?.close());

  it('refuses ids that no document can have, as REST does for ids in paths', async () => {
    for (const id of ['\u0000', 'a\u0000b', 'x'.repeat(65), '']) {
      for (const query of [
        'query ($id: ID!) { post(id: $id) { id } }',
        'mutation ($id: ID!) { updatePost(id: $id, data: { title: "x" }) { id } }',
        'mutation ($id: ID!) { deletePost(id: $id) }',
        'mutation ($id: ID!) { publishPost(id: $id) { id } }',
        'mutation ($id: ID!) { unpublishPost(id: $id) { id } }',
      ]) {
        const { codes, errors } = await graphqlErrors(t.app, owner, projectId, query, { id });
        expect(codes, JSON.stringify(errors)).toEqual(['VALIDATION_FAILED']);
      }
    }
  });

  it('refuses a NUL byte in written data', async () => {
    const { codes } = await graphqlErrors(
      t.app,
      owner,
      projectId,
      'mutation ($title: String) { createPost(data: { title: $title }) { id } }',
      { title: 'a\u0000b' },
    );
    expect(codes).toEqual(['VALIDATION_FAILED']);
  });
});
