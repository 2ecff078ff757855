import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import { call, createTestApp, type Session, signUp, type TestApp } from '../../test/harness.js';

/**
 * Text compares bytewise (Unicode code point order) on both databases, whatever the PostgreSQL
 * database's collation: uppercase before lowercase, accented letters after `z`.
 */
describe('documents list: text order is the same on every database', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const words = ['banana', 'Apple', 'Émile', 'apple', 'zebra', 'Zoo', 'éclair', 'cherry'];
  const codePointOrder = [...words].sort();

  const titles = async (query: string) => {
    const response = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/words/documents?limit=100&${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { data: { title: string } }[]).map((doc) => doc.data.title);
  };

  beforeAll(async () => {
    // On PostgreSQL, a database whose own collation would order these words linguistically.
    t = await createTestApp({ worker: false, linguisticCollation: true });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner, { name: 'Words', locales: ['en', 'fr'], default_locale: 'en' });
    await createCollection(t.app, owner, projectId, {
      slug: 'words',
      name: 'Words',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'label', type: 'text', localized: true },
      ],
    });
    for (const word of words) {
      await createDocument(t.app, owner, projectId, 'words', { data: { title: word, label: word } });
    }
  });
  afterAll(async () => t.close());

  it('sorts mixed-case and accented text in code point order', async () => {
    expect(codePointOrder).toEqual(['Apple', 'Zoo', 'apple', 'banana', 'cherry', 'zebra', 'Émile', 'éclair']);
    expect(await titles('sort=title')).toEqual(codePointOrder);
    expect(await titles('sort=-title')).toEqual([...codePointOrder].reverse());
    // A localized field read in another locale (falling back to the default) orders the same way.
    expect(await titles('sort=label&locale=fr')).toEqual(codePointOrder);
  });

  it('compares text in filters and cursors in the same order', async () => {
    expect(await titles('sort=title&filter[title][gt]=Zoo')).toEqual(codePointOrder.slice(2));
    expect(await titles('sort=title&filter[title][lt]=a')).toEqual(['Apple', 'Zoo']);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(t.app, owner, {
        method: 'GET',
        url: `/api/v1/projects/${projectId}/collections/words/documents?sort=title&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      });
      const body = response.json();
      seen.push(...body.data.map((doc: { data: { title: string } }) => doc.data.title));
      cursor = body.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(codePointOrder);
  });
});
