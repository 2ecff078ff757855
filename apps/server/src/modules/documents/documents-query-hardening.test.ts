import { createHash } from 'node:crypto';
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

// Defects the attack suite (security/query-oracles, security/injection) found in document
// queries: NUL bytes (a 500 on PostgreSQL, a truncated LIKE pattern on SQLite), and search rows
// that kept a field's words after the model hid or removed it.

describe(`documents: query hardening (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let projectId: string;
  const documents = (rest: string, collection = 'posts') =>
    `/api/v1/projects/${projectId}/collections/${collection}/documents${rest}`;
  const total = async (credential: Session | string, url: string): Promise<number> => {
    const response = await call(t.app, credential, { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().meta.total;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner, { name: 'Hardening', locales: ['en'], default_locale: 'en' });
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [{ name: 'title', type: 'text' }],
    });
    for (const title of ['Alpha', 'Banana', 'Cherry']) {
      await createDocument(t.app, owner, projectId, 'posts', { data: { title }, status: 'published' });
    }
    reader = await createToken(t.app, owner, projectId, ['content:read']);
  });
  afterAll(() => t?.close());

  it('refuses a NUL byte in filter values (it matched every "a" on SQLite and failed on PostgreSQL)', async () => {
    for (const query of ['filter[title][contains]=a%00b', 'filter[title][eq]=Alpha%00', 'filter[title][in]=x,%00']) {
      const response = await call(t.app, reader, { method: 'GET', url: documents(`?${query}`) });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.details?.[0]?.message).toBe('must not contain a NUL character');
    }
    expect(await total(reader, documents('?filter[title][contains]=a'))).toBe(2);
  });

  it('refuses a NUL byte in a document id and in a forged cursor', async () => {
    expectError(await call(t.app, owner, { method: 'GET', url: documents('/%00') }), 400, 'VALIDATION_FAILED');
    const page = await call(t.app, reader, { method: 'GET', url: documents('?limit=1&sort=title') });
    const [signature] = JSON.parse(Buffer.from(page.json().meta.next_cursor, 'base64url').toString()) as [string];
    // The checksum is not a secret: anyone can forge a cursor, so its contents are checked too.
    const content = [signature, ['Alpha\u0000'], '\u0000'];
    const sum = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
    const forged = Buffer.from(JSON.stringify([...content, sum])).toString('base64url');
    const response = await call(t.app, reader, { method: 'GET', url: documents(`?sort=title&cursor=${forged}`) });
    expectError(response, 400, 'VALIDATION_FAILED');
  });

  it('refuses a NUL byte anywhere in written data, naming where (PostgreSQL answered 500)', async () => {
    const url = documents('');
    const created = await call(t.app, owner, { method: 'POST', url, payload: { data: { title: 'a\u0000b' } } });
    expect(expectError(created, 400, 'VALIDATION_FAILED').details?.[0]).toEqual({
      path: 'data.title',
      message: 'must not contain a NUL character',
    });
    const [first] = (await call(t.app, owner, { method: 'GET', url })).json().data as { id: string }[];
    const patched = await call(t.app, owner, {
      method: 'PATCH',
      url: documents(`/${first?.id}`),
      payload: { data: { title: '\u0000' } },
    });
    expectError(patched, 400, 'VALIDATION_FAILED');
  });

  it('stops matching searches on a field once it is hidden or removed, and matches again once shown', async () => {
    const fields = (memo: Record<string, unknown> | null) => [
      { name: 'title', type: 'text' },
      ...(memo ? [{ name: 'memo', type: 'text', ...memo }] : []),
    ];
    const model = (memo: Record<string, unknown> | null) =>
      call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${projectId}/collections/notes`,
        payload: { fields: fields(memo) },
      });
    await createCollection(t.app, owner, projectId, { slug: 'notes', name: 'Notes', fields: fields({}) });
    await createDocument(t.app, owner, projectId, 'notes', {
      data: { title: 'Note', memo: 'platypus' },
      status: 'published',
    });
    const search = documents('?q=platypus', 'notes');
    expect(await total(reader, search)).toBe(1);
    expect((await model({ hidden: true })).statusCode).toBe(200);
    expect(await total(reader, search)).toBe(0);
    expect(await total(owner, search)).toBe(0);
    expect((await model({})).statusCode).toBe(200);
    expect(await total(reader, search)).toBe(1);
    expect((await model(null)).statusCode).toBe(200);
    expect(await total(reader, search)).toBe(0);
    expect(await total(reader, documents('?q=note', 'notes'))).toBe(1);
  });

  it('rebuilds search rows when a model promotion hides a field', async () => {
    const project = () => createProject(t.app, owner, { name: 'Cards', locales: ['en'], default_locale: 'en' });
    const [staging, production] = [await project(), await project()];
    const cards = (hidden: boolean) => ({
      slug: 'cards',
      name: 'Cards',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'pin', type: 'text', hidden },
      ],
    });
    await createCollection(t.app, owner, staging, cards(true));
    await createCollection(t.app, owner, production, cards(false));
    await createDocument(t.app, owner, production, 'cards', {
      data: { title: 'Card', pin: 'wombat' },
      status: 'published',
    });
    const token = await createToken(t.app, owner, production, ['content:read']);
    const search = `/api/v1/projects/${production}/collections/cards/documents?q=wombat`;
    expect(await total(token, search)).toBe(1);
    const applied = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${production}/model/apply`,
      payload: { from: staging },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await total(token, search)).toBe(0);
  });
});
