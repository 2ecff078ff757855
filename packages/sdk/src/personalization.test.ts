import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection } from '../../../apps/server/src/test/content.js';
import type { PlinthClient } from './client.js';
import { compileReadOptions, getDocument } from './documents.js';
import { PlinthError } from './errors.js';
import { putDocumentVariant } from './personalization.js';
import { clientOf, type SdkTestServer, startSdkServer } from './test/server.js';

interface Article {
  title: string;
  tagline: string | null;
}

describe('request descriptions of personalized reads and variants', () => {
  it('sends audience and visitor attributes as query parameters', () => {
    expect(
      compileReadOptions({ locale: 'es', audience: 'france', visitor: { country: 'FR', 'custom.plan': 'pro' } }),
    ).toEqual({ locale: 'es', audience: 'france', 'visitor[country]': 'FR', 'visitor[custom.plan]': 'pro' });
    expect(
      getDocument({ projectId: 'p1', collection: 'articles', id: 'd1', options: { visitor: { device: 'mobile' } } })
        .query,
    ).toEqual({ 'visitor[device]': 'mobile' });
  });

  it('puts a variant under the document, escaping every segment', () => {
    expect(
      putDocumentVariant({
        projectId: 'p1',
        collection: 'articles',
        id: 'd/1',
        audience: 'fr',
        data: { title: 'x' },
        locale: 'es',
      }),
    ).toMatchObject({
      method: 'PUT',
      path: '/projects/p1/collections/articles/documents/d%2F1/variants/fr',
      body: { data: { title: 'x' }, locale: 'es' },
    });
  });
});

describe('personalization through the SDK, over HTTP', () => {
  let server: SdkTestServer;
  let owner: PlinthClient;
  let delivery: PlinthClient;
  let articleId: string;

  beforeAll(async () => {
    server = await startSdkServer();
    await createCollection(server.t.app, server.owner, server.projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'tagline', type: 'text' },
      ],
    });
    owner = clientOf(server);
    delivery = clientOf(server, { token: await server.token(['content:read']) });
  });
  afterAll(() => server?.close());

  it('creates, lists, reads, updates and deletes audiences', async () => {
    const created = await owner.audiences.create({
      key: 'france',
      name: 'Visitors from France',
      priority: 10,
      rules: [{ attribute: 'country', op: 'eq', value: 'FR' }],
    });
    expect(created).toMatchObject({ key: 'france', name: 'Visitors from France', priority: 10, match: 'all' });
    await owner.audiences.create({
      key: 'phones',
      name: 'Phones',
      priority: 5,
      match: 'any',
      rules: [{ attribute: 'device', op: 'in', value: ['mobile', 'tablet'] }],
    });
    await owner.audiences.create({ key: 'temporary', name: 'Temporary', priority: 99 });
    expect((await owner.audiences.list()).data.map((audience) => audience.key)).toEqual([
      'phones',
      'france',
      'temporary',
    ]);

    const updated = await owner.audiences.update('phones', { priority: 20, name: 'Phones and tablets' });
    expect(updated).toMatchObject({ key: 'phones', priority: 20, name: 'Phones and tablets', match: 'any' });
    expect(await owner.audiences.get('phones')).toEqual(updated);

    await owner.audiences.delete('temporary');
    const gone = await owner.audiences.get('temporary').catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(PlinthError);
    expect(gone).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await owner.audiences.list()).data.map((audience) => audience.key)).toEqual(['france', 'phones']);

    const taken = await owner.audiences.create({ key: 'france', name: 'Again' }).catch((error: unknown) => error);
    expect(taken).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('puts, lists and deletes a document’s variants', async () => {
    const articles = owner.collection<Article>('articles');
    articleId = (await articles.create({ title: 'Hello', tagline: 'Plain' }, { status: 'published' })).id;

    const french = await owner.variants.put<Article>('articles', articleId, 'france', { title: 'Bonjour' });
    expect(french).toMatchObject({
      audience: 'france',
      locale: 'en',
      data: { title: 'Bonjour' },
      published_data: null,
    });
    await owner.variants.put<Article>('articles', articleId, 'france', { title: 'Hola' }, { locale: 'es' });
    await owner.variants.put<Article>('articles', articleId, 'phones', { tagline: 'Small screen' });
    const all = await owner.variants.list('articles', articleId, { locale: '*' });
    expect(all.data.map((variant) => [variant.audience, variant.data])).toEqual([
      ['france', { title: { en: 'Bonjour', es: 'Hola' } }],
      ['phones', { tagline: 'Small screen' }],
    ]);

    const invalid = await owner.variants
      .put('articles', articleId, 'france', { nope: 1 })
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });

    await owner.variants.delete('articles', articleId, 'phones');
    expect((await owner.variants.list('articles', articleId)).data.map((variant) => variant.audience)).toEqual([
      'france',
    ]);
    // Variants reach readers with the next publish.
    await articles.publish(articleId);
  });

  it('delivers the variant of the audience named, and the document itself without one', async () => {
    const articles = delivery.collection<Article>('articles');
    expect((await articles.get(articleId)).data).toMatchObject({ title: 'Hello', tagline: 'Plain' });
    expect((await articles.get(articleId, { audience: 'france' })).data).toMatchObject({
      title: 'Bonjour',
      tagline: 'Plain',
    });
    expect((await articles.get(articleId, { audience: 'france', locale: 'es' })).data.title).toBe('Hola');
    expect((await articles.get(articleId, { audience: 'phones' })).data.title).toBe('Hello');
  });

  it('delivers the variant of the first audience the visitor attributes match', async () => {
    const articles = delivery.collection<Article>('articles');
    expect((await articles.get(articleId, { visitor: { country: 'FR', device: 'mobile' } })).data.title).toBe(
      'Bonjour',
    );
    expect((await articles.get(articleId, { visitor: { country: 'DE' } })).data.title).toBe('Hello');

    const personalized = await articles.list({ visitor: { country: 'fr' } });
    expect(personalized.meta.audience).toBe('france');
    expect(personalized.data.map((article) => article.data.title)).toEqual(['Bonjour']);
    const plain = await articles.list();
    expect(plain.meta.audience).toBeUndefined();
    expect(plain.data.map((article) => article.data.title)).toEqual(['Hello']);

    const unknown = await articles
      .get(articleId, { visitor: { 'custom.plan': 'pro' }, audience: 'nobody' })
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });
});
