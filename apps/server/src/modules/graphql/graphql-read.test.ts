import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken, uploadAsset } from '../../test/content.js';
import { graphqlData } from '../../test/graphql.js';
import { call, createTestApp, type Session, signUp, type TestApp } from '../../test/harness.js';

interface Doc {
  id: string;
  data: Record<string, unknown>;
}

interface Person {
  id: string;
  name: string;
  country: { id: string; name: string; continent: { name: string } | null } | null;
}

describe('GraphQL reads: references, blocks, media, locales and batching, compared with REST', () => {
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let projectId: string;
  const ids: Record<string, string> = {};
  const base = (collection: string) => `/api/v1/projects/${projectId}/collections/${collection}/documents`;
  const rest = async (path: string, credential: Session | string = owner) => {
    const response = await call(t.app, credential, { method: 'GET', url: path });
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  };
  const patch = async (collection: string, id: string, payload: Record<string, unknown>) => {
    const response = await call(t.app, owner, { method: 'PATCH', url: `${base(collection)}/${id}`, payload });
    expect(response.statusCode, response.body).toBe(200);
  };

  const ASSET = 'id filename mime_type size width height alt folder url created_at';
  const POST = `query ($id: ID!, $locale: String) {
    post(id: $id, locale: $locale) {
      id title
      author { id name country { id name continent { name } } }
      editors { id name country { name } }
      cover { ${ASSET} }
      gallery { ${ASSET} }
      sections {
        __typename
        ... on HeroComponent { _component _key heading image { ${ASSET} } }
        ... on QuoteComponent { _key text by { name } }
      }
    }
  }`;
  /** The fields of a REST Asset that the GraphQL Asset has. */
  const assetFields = (asset: Record<string, unknown>) => {
    const { created_by: _by, focal_point: _focal, dominant_color: _color, ...fields } = asset;
    return fields;
  };

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    await createCollection(t.app, owner, projectId, {
      slug: 'continents',
      name: 'Continents',
      fields: [{ name: 'name', type: 'text', required: true }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'countries',
      name: 'Countries',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'continent', type: 'reference', options: { collection: 'continents' } },
      ],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'people',
      name: 'People',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'country', type: 'reference', options: { collection: 'countries' } },
        { name: 'pin', type: 'text', hidden: true },
      ],
    });
    for (const component of [
      {
        name: 'hero',
        fields: [
          { name: 'heading', type: 'text' },
          { name: 'image', type: 'media' },
        ],
      },
      {
        name: 'quote',
        fields: [
          { name: 'text', type: 'text' },
          { name: 'by', type: 'reference', options: { collection: 'people' } },
        ],
      },
    ]) {
      const created = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/components`,
        payload: component,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'views', type: 'integer' },
        { name: 'author', type: 'reference', options: { collection: 'people' } },
        { name: 'editors', type: 'reference', options: { collection: 'people', multiple: true } },
        { name: 'cover', type: 'media' },
        { name: 'gallery', type: 'media', options: { multiple: true } },
        { name: 'sections', type: 'blocks', options: { components: ['hero', 'quote'] } },
        { name: 'extra', type: 'json' },
        { name: 'secret', type: 'text', hidden: true },
      ],
    });
    const create = async (key: string, collection: string, body: Record<string, unknown>) => {
      ids[key] = (await createDocument(t.app, owner, projectId, collection, body)).id;
      return ids[key] as string;
    };
    ids.cover = await uploadAsset(t.app, owner, projectId, 'cover.png');
    for (const [locale, alt] of [
      ['en', 'A quantum cover'],
      ['es', 'Una portada cuántica'],
    ]) {
      const described = await call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${projectId}/media/${ids.cover}?locale=${locale}`,
        payload: { alt, folder: 'covers' },
      });
      expect(described.statusCode, described.body).toBe(200);
    }
    ids.g1 = await uploadAsset(t.app, owner, projectId, 'g1.png');
    ids.g2 = await uploadAsset(t.app, owner, projectId, 'g2.png');
    // Media inside blocks must exist too.
    await create('europe', 'continents', { data: { name: 'Europe' }, status: 'published' });
    await create('spain', 'countries', { data: { name: 'Spain', continent: ids.europe }, status: 'published' });
    await create('ada', 'people', { data: { name: 'Ada', country: ids.spain, pin: '1' }, status: 'published' });
    await create('bob', 'people', { data: { name: 'Bob', country: ids.spain }, status: 'published' });
    await create('drafty', 'people', { data: { name: 'Drafty' } });
    await create('quantum', 'posts', {
      data: {
        title: 'Quantum physics',
        author: ids.ada,
        editors: [ids.ada, ids.bob, ids.drafty],
        cover: ids.cover,
        gallery: [ids.g1, ids.g2],
        sections: [
          { _component: 'hero', _key: 'h1', heading: 'Big', image: ids.g2 },
          { _component: 'quote', _key: 'q1', text: 'So it goes', by: ids.bob },
        ],
        extra: { a: [1, 2], b: null },
        secret: 'classified',
      },
      status: 'published',
    });
    await patch('posts', ids.quantum as string, { data: { title: 'Física cuántica' }, locale: 'es' });
    await call(t.app, owner, { method: 'POST', url: `${base('posts')}/${ids.quantum}/publish` });
    await create('solar', 'posts', { data: { title: 'Solar energy', author: ids.drafty }, status: 'published' });
    // The author's name changes after publishing: readers keep the snapshot.
    await patch('people', ids.bob as string, { data: { name: 'Robert' } });
  });
  afterAll(async () => t.close());

  it('resolves references as REST populates them, for members and content:read tokens', async () => {
    for (const credential of [owner, reader]) {
      const data = await graphqlData<{ post: { author: Person; editors: Person[] } }>(
        t.app,
        credential,
        projectId,
        POST,
        {
          id: ids.quantum,
        },
      );
      const populated = (await rest(`${base('posts')}/${ids.quantum}?populate=*&depth=3`, credential)).data as Doc;
      const author = populated.data.author as Doc;
      const country = author.data.country as Doc;
      expect(data.post.author).toEqual({
        id: author.id,
        name: author.data.name,
        country: { id: country.id, name: country.data.name, continent: { name: 'Europe' } },
      });
      expect(data.post.editors.map((editor) => [editor.id, editor.name])).toEqual(
        (populated.data.editors as Doc[]).map((editor) => [editor.id, editor.data.name]),
      );
    }
    // Members see Drafty and Robert; the reader the published Ada and Bob only.
    const member = await graphqlData<{ post: { editors: Person[] } }>(t.app, owner, projectId, POST, {
      id: ids.quantum,
    });
    expect(member.post.editors.map((editor) => editor.name)).toEqual(['Ada', 'Robert', 'Drafty']);
    expect(member.post.editors[2]?.country).toBeNull();
    const read = await graphqlData<{ post: { editors: Person[] } }>(t.app, reader, projectId, POST, {
      id: ids.quantum,
    });
    expect(read.post.editors.map((editor) => editor.name)).toEqual(['Ada', 'Bob']);
    const solar = await graphqlData<{ post: { author: Person | null } }>(t.app, reader, projectId, POST, {
      id: ids.solar,
    });
    expect(solar.post.author).toBeNull();
  });

  it('resolves media as the Assets REST populates, and blocks as a union of component types', async () => {
    for (const credential of [owner, reader]) {
      const data = await graphqlData<{ post: Record<string, unknown> }>(t.app, credential, projectId, POST, {
        id: ids.quantum,
      });
      const populated = (await rest(`${base('posts')}/${ids.quantum}?populate=cover,gallery`, credential)).data as Doc;
      const cover = populated.data.cover as Record<string, unknown>;
      const gallery = populated.data.gallery as Record<string, unknown>[];
      expect(data.post.cover).toEqual(assetFields(cover));
      expect(data.post.gallery).toEqual(gallery.map(assetFields));
      expect(data.post.cover).toMatchObject({
        id: ids.cover,
        filename: 'cover.png',
        mime_type: 'image/png',
        width: 2,
        height: 2,
        alt: 'A quantum cover',
        folder: 'covers',
        url: `http://plinth.test/media/${projectId}/${ids.cover}/cover.png`,
      });
      expect(data.post.sections).toEqual([
        {
          __typename: 'HeroComponent',
          _component: 'hero',
          _key: 'h1',
          heading: 'Big',
          image: gallery[1] && assetFields(gallery[1]),
        },
        // A reference inside a block is read like any other: the reader gets Bob's published name.
        {
          __typename: 'QuoteComponent',
          _key: 'q1',
          text: 'So it goes',
          by: { name: credential === owner ? 'Robert' : 'Bob' },
        },
      ]);
    }
    const json = await graphqlData<{ post: { extra: unknown } }>(
      t.app,
      owner,
      projectId,
      `{ post(id: "${ids.quantum}") { extra } }`,
    );
    expect(json.post.extra).toEqual({ a: [1, 2], b: null });
  });

  it('reads alt texts in the locale of the document, and drops deleted assets as REST does', async () => {
    const alts = async (locale: string) =>
      (
        await graphqlData<{ post: { cover: { alt: string }; gallery: { alt: string | null }[] } }>(
          t.app,
          reader,
          projectId,
          POST,
          { id: ids.quantum, locale },
        )
      ).post;
    expect((await alts('es')).cover.alt).toBe('Una portada cuántica');
    // No French text: the default locale's, as REST.
    expect((await alts('fr')).cover.alt).toBe('A quantum cover');
    expect((await alts('fr')).gallery.map((asset) => asset.alt)).toEqual([null, null]);

    const orphan = await uploadAsset(t.app, owner, projectId, 'orphan.png');
    const note = await createDocument(t.app, owner, projectId, 'posts', {
      data: { title: 'Short-lived pictures', cover: orphan, gallery: [ids.g1, orphan] },
      status: 'published',
    });
    const removed = await call(t.app, owner, {
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/media/${orphan}?force=true`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const read = await graphqlData<{ post: { cover: null; gallery: { id: string }[] } }>(
      t.app,
      reader,
      projectId,
      `{ post(id: "${note.id}") { cover { id } gallery { id } } }`,
    );
    const populated = (await rest(`${base('posts')}/${note.id}?populate=cover,gallery`, reader)).data as Doc;
    expect(populated.data.cover).toBeNull();
    expect(read.post).toEqual({ cover: null, gallery: [{ id: ids.g1 }] });
    await call(t.app, owner, { method: 'DELETE', url: `${base('posts')}/${note.id}` });
  });

  it('reads references in the locale of the document that holds them, with fallback', async () => {
    const es = await graphqlData<{ post: { title: string; author: Person } }>(t.app, owner, projectId, POST, {
      id: ids.quantum,
      locale: 'es',
    });
    expect(es.post.title).toBe('Física cuántica');
    const fr = await graphqlData<{ post: { title: string } }>(t.app, owner, projectId, POST, {
      id: ids.quantum,
      locale: 'fr',
    });
    expect(fr.post.title).toBe('Quantum physics');
    const list = await graphqlData<{ posts: { items: { locale: string; title: string }[] } }>(
      t.app,
      owner,
      projectId,
      '{ posts(locale: "es", sort: ["created_at"]) { items { locale title } } }',
    );
    expect(list.posts.items).toEqual([
      { locale: 'es', title: 'Física cuántica' },
      { locale: 'es', title: 'Solar energy' },
    ]);
  });

  it('reads a single document as REST does, and null where REST answers 404', async () => {
    const restDoc = (await rest(`${base('posts')}/${ids.quantum}`, reader)).data;
    const data = await graphqlData<{ post: Record<string, unknown> }>(
      t.app,
      reader,
      projectId,
      `{ post(id: "${ids.quantum}") { id status locale version workflow_stage created_at updated_at published_at publish_at unpublish_at publish_locales unpublish_locales locale_status created_by updated_by title views } }`,
    );
    const { data: values, collection: _collection, ...meta } = restDoc;
    expect(data.post).toEqual({ ...meta, title: values.title, views: values.views });
    for (const id of ['nope', ids.europe, '01ffffff-ffff-7fff-bfff-ffffffffffff']) {
      const missing = await graphqlData<{ post: null }>(t.app, reader, projectId, `{ post(id: "${id}") { id } }`);
      expect(missing.post).toBeNull();
    }
  });

  it('lists 100 documents with their references in a bounded number of SQL statements', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'author', type: 'reference', options: { collection: 'people' } },
        { name: 'editors', type: 'reference', options: { collection: 'people', multiple: true } },
        { name: 'country', type: 'reference', options: { collection: 'countries' } },
        { name: 'image', type: 'media' },
        { name: 'files', type: 'media', options: { multiple: true } },
        { name: 'sections', type: 'blocks', options: { components: ['quote', 'hero'] } },
      ],
    });
    const assets = [ids.cover, ids.g1, ids.g2] as string[];
    const people = [ids.ada, ids.bob, ids.drafty] as string[];
    for (let i = 0; i < 100; i++) {
      await createDocument(t.app, owner, projectId, 'notes', {
        data: {
          title: `Note ${String(i).padStart(3, '0')}`,
          author: people[i % 3],
          editors: [people[(i + 1) % 3], people[(i + 2) % 3]],
          country: ids.spain,
          image: assets[i % 3],
          files: [assets[(i + 1) % 3], assets[(i + 2) % 3]],
          sections: [
            { _component: 'quote', text: `q${i}`, by: people[i % 3] },
            { _component: 'hero', heading: `h${i}`, image: assets[(i + 1) % 3] },
          ],
        },
        status: 'published',
      });
    }
    const query = `query ($limit: Int) {
      notes(limit: $limit, sort: ["title"]) {
        total
        items {
          title
          author { name country { name continent { name } } }
          editors { name country { name } }
          country { name continent { name } }
          image { url alt }
          files { id }
          sections { ... on QuoteComponent { by { name } } ... on HeroComponent { image { url } } }
        }
      }
    }`;
    const count = async (limit: number, credential: Session | string) => {
      const variables = { limit };
      await graphqlData(t.app, credential, projectId, query, variables); // warm-up (indexes, caches)
      // A write moves the delivery version, so the measured request is computed, not served from the cache.
      await patch('continents', ids.europe as string, { data: { name: 'Europe' } });
      t.queries.length = 0;
      const data = await graphqlData<{ notes: { items: { author: Person; image: { url: string } | null }[] } }>(
        t.app,
        credential,
        projectId,
        query,
        variables,
      );
      const statements = t.queries.length;
      expect(data.notes.items).toHaveLength(limit);
      expect(data.notes.items.at(-1)?.author.country?.continent?.name).toBe('Europe');
      expect(data.notes.items.every((item) => item.image?.url.startsWith('http://plinth.test/media/'))).toBe(true);
      return statements;
    };
    for (const credential of [owner, reader]) {
      const five = await count(5, credential);
      const hundred = await count(100, credential);
      expect(hundred).toBe(five);
      // Credential and project (2), the model re-read after the write (2), the page (list + count), one
      // list + count per referenced collection and level (people and countries, then continents), and
      // one media query per level (the notes' own media, then the media in their blocks).
      expect(hundred).toBeLessThanOrEqual(14);
    }
  });
  it('keeps each value of an `in` filter whole, commas included', async () => {
    for (const name of ['Europe, West', 'Europe, East']) {
      await createDocument(t.app, owner, projectId, 'continents', { data: { name }, status: 'published' });
    }
    const names = async (filter: string) => {
      const data = await graphqlData<{ continents: { total: number; items: { name: string }[] } }>(
        t.app,
        reader,
        projectId,
        `{ continents(filter: ${filter}, sort: ["name"]) { total items { name } } }`,
      );
      expect(data.continents.total).toBe(data.continents.items.length);
      return data.continents.items.map((item) => item.name);
    };
    expect(await names('{ name: { in: ["Europe, West"] } }')).toEqual(['Europe, West']);
    expect(await names('{ name: { in: ["Europe, West", "Europe"] } }')).toEqual(['Europe', 'Europe, West']);
    // Split at its comma, the value would match "Europe" and no other continent.
    expect(await names('{ name: { nin: ["Europe, West", "Europe, East"] } }')).toEqual(['Europe']);
    expect(await names('{ name: { eq: "Europe, East" } }')).toEqual(['Europe, East']);
  });
});
