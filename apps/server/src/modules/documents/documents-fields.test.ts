import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, uploadAsset } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

/** Field values through HTTP: each type's valid and invalid values, defaults, slugs, blocks. */
describe('documents: field values', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let otherProjectId: string;
  const assets: string[] = [];
  const docs = (collection = 'things', project = projectId) =>
    `/api/v1/projects/${project}/collections/${collection}/documents`;

  const create = (data: Record<string, unknown>, collection = 'things') =>
    call(t.app, owner, { method: 'POST', url: docs(collection), payload: { data } });

  /** Creates with one invalid value and returns the single detail the server reports. */
  async function rejected(data: Record<string, unknown>, collection = 'things') {
    const body = expectError(await create({ title: 'Valid', ...data }, collection), 400, 'VALIDATION_FAILED');
    expect(body.details).toHaveLength(1);
    return body.details?.[0];
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    otherProjectId = await createProject(t.app, owner, { name: 'Elsewhere', locales: ['en'], default_locale: 'en' });
    const components = `/api/v1/projects/${projectId}/components`;
    for (const component of [
      { name: 'quote', fields: [{ name: 'text', type: 'text', required: true, options: { max_length: 20 } }] },
      {
        name: 'section',
        fields: [
          { name: 'heading', type: 'text' },
          { name: 'children', type: 'blocks', options: { components: ['quote'] } },
        ],
      },
    ]) {
      const response = await call(t.app, owner, { method: 'POST', url: components, payload: component });
      expect(response.statusCode, response.body).toBe(201);
    }
    for (const project of [projectId, otherProjectId]) {
      await createCollection(t.app, owner, project, {
        slug: 'authors',
        name: 'Authors',
        fields: [{ name: 'name', type: 'text', required: true }],
      });
    }
    await createCollection(t.app, owner, projectId, {
      slug: 'things',
      name: 'Things',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'code', type: 'text', options: { min_length: 2, max_length: 5, pattern: '^[A-Z]+$' } },
        { name: 'notes', type: 'longtext' },
        { name: 'body', type: 'richtext' },
        { name: 'price', type: 'number', options: { min: 0, max: 100 } },
        { name: 'count', type: 'integer' },
        { name: 'active', type: 'boolean' },
        { name: 'day', type: 'date' },
        { name: 'at', type: 'datetime' },
        { name: 'contact', type: 'email' },
        { name: 'site', type: 'url' },
        { name: 'handle', type: 'slug' },
        { name: 'color', type: 'select', options: { choices: ['red', 'green', 'blue'] } },
        { name: 'tags', type: 'select', options: { choices: ['a', 'b', 'c'], multiple: true } },
        { name: 'extra', type: 'json' },
        { name: 'cover', type: 'media' },
        { name: 'gallery', type: 'media', options: { multiple: true } },
        { name: 'author', type: 'reference', options: { collection: 'authors' } },
        { name: 'coauthors', type: 'reference', options: { collection: 'authors', multiple: true } },
        { name: 'content', type: 'blocks', options: { components: ['quote', 'section'] } },
        { name: 'rating', type: 'integer', default: 3 },
        { name: 'kind', type: 'select', default: 'news', options: { choices: ['news', 'blog'] } },
      ],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
        { name: 'sku', type: 'text', unique: true },
      ],
    });
    assets.push(
      await uploadAsset(t.app, owner, projectId, 'one.png'),
      await uploadAsset(t.app, owner, projectId, 'two.png'),
    );
  });
  afterAll(async () => t.close());

  it('stores valid values of every type and normalizes them', async () => {
    const author = await createDocument(t.app, owner, projectId, 'authors', { data: { name: 'Ada' } });
    const second = await createDocument(t.app, owner, projectId, 'authors', { data: { name: 'Grace' } });
    const response = await create({
      title: 'All types',
      code: 'ABC',
      notes: 'Line one\nLine two',
      price: 9.5,
      count: 7,
      active: false,
      day: '2026-02-28',
      at: '2026-11-22T12:30:00+02:00',
      contact: 'ada@example.com',
      site: 'https://example.com/a?b=c',
      handle: 'all-types-2',
      color: 'green',
      tags: ['a', 'c'],
      extra: { nested: [1, 'two', { three: true }] },
      cover: assets[0],
      gallery: [assets[0], assets[1]],
      author: author.id,
      coauthors: [author.id, second.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().data;
    expect(created.data).toMatchObject({
      title: 'All types',
      code: 'ABC',
      notes: 'Line one\nLine two',
      price: 9.5,
      count: 7,
      active: false,
      day: '2026-02-28',
      at: '2026-11-22T10:30:00.000Z',
      contact: 'ada@example.com',
      site: 'https://example.com/a?b=c',
      handle: 'all-types-2',
      color: 'green',
      tags: ['a', 'c'],
      extra: { nested: [1, 'two', { three: true }] },
      cover: assets[0],
      gallery: [assets[0], assets[1]],
      author: author.id,
      coauthors: [author.id, second.id],
    });
    const read = await call(t.app, owner, { method: 'GET', url: `${docs()}/${created.id}` });
    expect(read.json().data.data).toEqual(created.data);
  });

  it('counts text lengths in characters, not UTF-16 units', async () => {
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/collections`,
      payload: {
        slug: 'shorts',
        name: 'Shorts',
        fields: [{ name: 'label', type: 'text', options: { min_length: 2, max_length: 3 } }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const fits = await create({ label: '😀😀😀' }, 'shorts');
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json().data.data.label).toBe('😀😀😀');
    const tooLong = expectError(await create({ label: '😀😀😀😀' }, 'shorts'), 400, 'VALIDATION_FAILED');
    expect(tooLong.details).toEqual([{ path: 'data.label', message: 'must be at most 3 characters' }]);
    const tooShort = expectError(await create({ label: '😀' }, 'shorts'), 400, 'VALIDATION_FAILED');
    expect(tooShort.details).toEqual([{ path: 'data.label', message: 'must be at least 2 characters' }]);
  });

  it('answers a pattern that backtracks catastrophically in JavaScript correctly', async () => {
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/collections`,
      payload: { slug: 'runs', name: 'Runs', fields: [{ name: 'run', type: 'text', options: { pattern: '^(a+)+$' } }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const matching = await create({ run: 'a'.repeat(27) }, 'runs');
    expect(matching.statusCode, matching.body).toBe(201);
    const failing = expectError(await create({ run: `${'a'.repeat(27)}b` }, 'runs'), 400, 'VALIDATION_FAILED');
    expect(failing.details).toEqual([{ path: 'data.run', message: 'does not match the required pattern' }]);
    const huge = expectError(await create({ run: 'a'.repeat(10_001) }, 'runs'), 400, 'VALIDATION_FAILED');
    expect(huge.details).toEqual([{ path: 'data.run', message: 'must be at most 10000 characters' }]);
  });

  it.each([
    ['code', 'A', 'at least 2'],
    ['code', 'ABCDEF', 'at most 5'],
    ['code', 'abc', 'pattern'],
    ['code', 12, 'string'],
    ['notes', ['not', 'text'], 'string'],
    ['body', { html: true }, 'HTML'],
    ['price', -1, 'at least 0'],
    ['price', 100.5, 'at most 100'],
    ['price', '5', 'number'],
    ['count', 1.5, 'integer'],
    ['active', 'true', 'true or false'],
    ['active', 1, 'true or false'],
    ['day', '2026-02-30', 'date'],
    ['day', '22/11/2026', 'date'],
    ['at', '2026-11-22T10:00:00', 'time zone'],
    ['at', '2026-02-30T10:00:00Z', 'date and time'],
    ['at', '2026-11-22T25:00:00Z', 'date and time'],
    ['at', 'yesterday', 'date and time'],
    ['contact', 'not-an-email', 'email'],
    ['contact', 'a b@example.com', 'email'],
    ['site', 'javascript:alert(1)', 'http'],
    ['site', 'ftp://example.com/file', 'http'],
    ['site', 'example.com', 'http'],
    ['handle', 'Not A Slug', 'lowercase'],
    ['handle', 'trailing-', 'lowercase'],
    ['color', 'purple', 'one of'],
    ['color', ['red'], 'one of'],
    ['tags', ['a', 'z'], 'list'],
    ['tags', 'a', 'list'],
    ['tags', ['a', 'a'], 'duplicates'],
    ['cover', 'has spaces!', 'id'],
    ['cover', ['asset_01'], 'id'],
    ['gallery', 'asset_01', 'list'],
    ['author', 42, 'id'],
    ['coauthors', 'single', 'list'],
    ['content', 'not blocks', 'blocks'],
  ])('rejects %s = %j with one detail on that field', async (field, value, words) => {
    const detail = await rejected({ [field]: value });
    expect(detail?.path).toBe(`data.${field}`);
    expect(detail?.message).toContain(words);
  });

  it('reports one detail per invalid field, all at once', async () => {
    const body = expectError(
      await create({ code: 'x', price: 1000, count: 2.5, site: 'mailto:a@b.c', nope: 1 }),
      400,
      'VALIDATION_FAILED',
    );
    const paths = (body.details ?? []).map((detail) => detail.path).sort();
    expect(paths).toEqual(['data.code', 'data.count', 'data.nope', 'data.price', 'data.site', 'data.title']);
    expect(body.message).toMatch(/^data\.\w+ /);
  });

  it('sanitizes rich text on write and keeps safe markup', async () => {
    const created = await createDocument(t.app, owner, projectId, 'things', {
      data: {
        title: 'Rich',
        body: [
          '<h2 id="top">Title</h2>',
          '<p onclick="steal()" style="color:red">Hello <strong>bold</strong> <em>it</em></p>',
          '<script>alert(1)</script>',
          '<a href="javascript:alert(2)">bad link</a>',
          '<a href="https://example.com/ok">good link</a>',
          '<img src="https://example.com/x.png" alt="x" onerror="alert(3)">',
          '<iframe src="https://evil.example"></iframe>',
          '<ul><li>one</li></ul>',
        ].join(''),
      },
    });
    const html: string = created.data.body;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|style=|alert/i);
    expect(html).toContain('<h2 id="top">Title</h2>');
    expect(html).toContain('Hello <strong>bold</strong> <em>it</em>');
    expect(html).toMatch(/<a href="https:\/\/example\.com\/ok"[^>]*>good link<\/a>/);
    expect(html).toContain('bad link');
    expect(html).toMatch(/<img src="https:\/\/example\.com\/x\.png" alt="x" ?\/?>/);
    expect(html).toContain('<ul><li>one</li></ul>');
    const stored = await call(t.app, owner, { method: 'GET', url: `${docs()}/${created.id}` });
    expect(stored.json().data.data.body).toBe(html);
  });

  it('requires required fields and refuses unknown ones', async () => {
    const missing = expectError(await create({ code: 'AB' }), 400, 'VALIDATION_FAILED');
    expect(missing.details).toEqual([{ path: 'data.title', message: 'is required' }]);
    expect(missing.message).toBe('data.title is required');
    const blank = expectError(await create({ title: '' }), 400, 'VALIDATION_FAILED');
    expect(blank.details).toEqual([{ path: 'data.title', message: 'is required' }]);
    const wrongType = expectError(await create({ title: 5 }), 400, 'VALIDATION_FAILED');
    expect(wrongType.details).toEqual([{ path: 'data.title', message: 'must be a string' }]);

    const unknown = expectError(await create({ title: 'x', password_hash: 'y' }), 400, 'VALIDATION_FAILED');
    expect(unknown.details).toEqual([{ path: 'data.password_hash', message: expect.any(String) }]);
    expectError(
      await call(t.app, owner, { method: 'POST', url: docs(), payload: { data: { title: 'x' }, owner: 'me' } }),
      400,
      'VALIDATION_FAILED',
    );

    const created = await createDocument(t.app, owner, projectId, 'things', { data: { title: 'Keep' } });
    const cleared = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs()}/${created.id}`,
      payload: { data: { title: null } },
    });
    expect(expectError(cleared, 400, 'VALIDATION_FAILED').details).toEqual([
      { path: 'data.title', message: 'is required' },
    ]);
    const unknownOnUpdate = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs()}/${created.id}`,
      payload: { data: { created_by: 'someone' } },
    });
    expectError(unknownOnUpdate, 400, 'VALIDATION_FAILED');
    const after = await call(t.app, owner, { method: 'GET', url: `${docs()}/${created.id}` });
    expect(after.json().data).toMatchObject({ version: 1, data: { title: 'Keep' } });
  });

  it('applies defaults on create only, unless a value is given', async () => {
    const defaulted = await createDocument(t.app, owner, projectId, 'things', { data: { title: 'Defaults' } });
    expect(defaulted.data).toMatchObject({ rating: 3, kind: 'news', count: null });
    const given = await createDocument(t.app, owner, projectId, 'things', {
      data: { title: 'Given', rating: 5, kind: 'blog' },
    });
    expect(given.data).toMatchObject({ rating: 5, kind: 'blog' });
    const cleared = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs()}/${defaulted.id}`,
      payload: { data: { rating: null } },
    });
    expect(cleared.json().data.data.rating).toBeNull();
  });

  it('checks that references exist in the same project', async () => {
    const foreign = await createDocument(t.app, owner, otherProjectId, 'authors', { data: { name: 'Stranger' } });
    const local = await createDocument(t.app, owner, projectId, 'authors', { data: { name: 'Local' } });
    const other = await rejected({ author: foreign.id });
    expect(other?.path).toBe('data.author');
    expect(other?.message).toContain(foreign.id);
    expect((await rejected({ author: '01NOTAREALDOCUMENT' }))?.path).toBe('data.author');
    const many = await rejected({ coauthors: [local.id, foreign.id] });
    expect(many?.path).toBe('data.coauthors');
    expect(many?.message).toContain(foreign.id);
    expect(many?.message).not.toContain(local.id);
    expect((await rejected({ coauthors: [local.id, local.id] }))?.message).toContain('duplicates');

    // A document of another collection of this project is not an author either.
    const thing = await createDocument(t.app, owner, projectId, 'things', { data: { title: 'Not an author' } });
    expect((await rejected({ author: thing.id }))?.path).toBe('data.author');

    // A deleted author cannot be referenced any more.
    const gone = await createDocument(t.app, owner, projectId, 'authors', { data: { name: 'Gone' } });
    const deleted = await call(t.app, owner, { method: 'DELETE', url: `${docs('authors')}/${gone.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await rejected({ author: gone.id }))?.path).toBe('data.author');

    const ok = await createDocument(t.app, owner, projectId, 'things', {
      data: { title: 'Refs', author: local.id, coauthors: [local.id] },
    });
    expect(ok.data).toMatchObject({ author: local.id, coauthors: [local.id] });
    const updated = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs()}/${ok.id}`,
      payload: { data: { author: foreign.id } },
    });
    expect(expectError(updated, 400, 'VALIDATION_FAILED').details?.[0]?.path).toBe('data.author');
  });

  it('checks references and media inside blocks, however deep, like top-level ones', async () => {
    for (const component of [
      {
        name: 'credit',
        fields: [
          { name: 'author', type: 'reference', options: { collection: 'authors' } },
          { name: 'photo', type: 'media', options: { accept: ['image/*'] } },
        ],
      },
      { name: 'group', fields: [{ name: 'items', type: 'blocks', options: { components: ['credit'] } }] },
    ]) {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/components`,
        payload: component,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await createCollection(t.app, owner, projectId, {
      slug: 'credits',
      name: 'Credits',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'content', type: 'blocks', localized: true, options: { components: ['credit', 'group'] } },
      ],
    });
    const local = await createDocument(t.app, owner, projectId, 'authors', { data: { name: 'Local' } });
    const foreign = await createDocument(t.app, owner, otherProjectId, 'authors', { data: { name: 'Far' } });
    const thing = await createDocument(t.app, owner, projectId, 'things', { data: { title: 'Not an author' } });
    const foreignAsset = await uploadAsset(t.app, owner, otherProjectId, 'far.png');
    const nested = (credit: Record<string, unknown>) => [
      { _component: 'credit', author: local.id, photo: assets[0] },
      { _component: 'group', items: [{ _component: 'credit', ...credit }] },
    ];
    const cases: [unknown, string, string][] = [
      [[{ _component: 'credit', author: foreign.id }], 'data.content.0.author', foreign.id],
      [[{ _component: 'credit', author: '01NOTAREALDOCUMENT' }], 'data.content.0.author', '01NOTAREALDOCUMENT'],
      [[{ _component: 'credit', author: thing.id }], 'data.content.0.author', thing.id],
      [nested({ author: foreign.id }), 'data.content.1.items.0.author', foreign.id],
      [nested({ photo: 'made-up-asset' }), 'data.content.1.items.0.photo', 'made-up-asset'],
      [nested({ photo: foreignAsset }), 'data.content.1.items.0.photo', foreignAsset],
    ];
    for (const [content, path, id] of cases) {
      const detail = await rejected({ content }, 'credits');
      expect(detail?.path, JSON.stringify(content)).toBe(path);
      expect(detail?.message).toContain(id);
    }
    // In another locale, and on update, the same checks apply.
    const ok = await createDocument(t.app, owner, projectId, 'credits', {
      data: { title: 'Fine', content: nested({ author: local.id, photo: assets[1] }) },
    });
    const spanish = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs('credits')}/${ok.id}`,
      payload: { locale: 'es', data: { content: nested({ author: foreign.id }) } },
    });
    expect(expectError(spanish, 400, 'VALIDATION_FAILED').details).toEqual([
      { path: 'data.content.1.items.0.author', message: expect.stringContaining(foreign.id) },
    ]);
  });

  it('validates blocks recursively and generates missing _key values', async () => {
    const created = await createDocument(t.app, owner, projectId, 'things', {
      data: {
        title: 'Blocks',
        content: [
          { _component: 'quote', _key: 'first', text: 'Hello' },
          {
            _component: 'section',
            heading: 'Inner',
            children: [{ _component: 'quote', text: 'Nested' }],
          },
        ],
      },
    });
    const content = created.data.content;
    expect(content).toHaveLength(2);
    expect(content[0]).toEqual({ _component: 'quote', _key: 'first', text: 'Hello' });
    expect(content[1]).toMatchObject({ _component: 'section', heading: 'Inner' });
    expect(typeof content[1]._key).toBe('string');
    expect(content[1]._key.length).toBeGreaterThan(0);
    expect(content[1].children[0]).toMatchObject({ _component: 'quote', text: 'Nested' });
    expect(typeof content[1].children[0]._key).toBe('string');
    expect(content[1].children[0]._key).not.toBe(content[1]._key);
    const read = await call(t.app, owner, { method: 'GET', url: `${docs()}/${created.id}` });
    expect(read.json().data.data.content).toEqual(content);

    const cases: [unknown, string, string][] = [
      [[{ _component: 'hero' }], 'data.content.0._component', 'one of'],
      [[{ text: 'no component' }], 'data.content.0._component', 'one of'],
      [['text'], 'data.content.0', '_component'],
      [[{ _component: 'quote' }], 'data.content.0.text', 'is required'],
      [[{ _component: 'quote', text: 'x'.repeat(21) }], 'data.content.0.text', 'at most 20'],
      [[{ _component: 'quote', text: 'ok', extra: 1 }], 'data.content.0.extra', 'not a field'],
      [[{ _component: 'quote', text: 'ok', _key: '' }], 'data.content.0._key', 'characters'],
      [
        [
          { _component: 'quote', text: 'ok' },
          { _component: 'section', children: [{ _component: 'section' }] },
        ],
        'data.content.1.children.0._component',
        'one of',
      ],
      [
        [{ _component: 'section', children: [{ _component: 'quote', text: 5 }] }],
        'data.content.0.children.0.text',
        'string',
      ],
    ];
    for (const [content, path, words] of cases) {
      const detail = await rejected({ content });
      expect(detail?.path, JSON.stringify(content)).toBe(path);
      expect(detail?.message).toContain(words);
    }
  });

  it('generates slugs from their source field and keeps them unique', async () => {
    const pages = (data: Record<string, unknown>) => create(data, 'pages');
    const first = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Hello, World!' } });
    const second = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Hello world' } });
    const third = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'hello   WORLD' } });
    expect([first.data.slug, second.data.slug, third.data.slug]).toEqual([
      'hello-world',
      'hello-world-2',
      'hello-world-3',
    ]);

    // A slug the caller chose that is taken is a conflict, not a silent rename.
    const taken = expectError(await pages({ title: 'Other', slug: 'hello-world-2' }), 409, 'CONFLICT');
    expect(taken.details?.[0]?.path).toBe('data.slug');
    const renamed = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs('pages')}/${third.id}`,
      payload: { data: { slug: 'hello-world' } },
    });
    expectError(renamed, 409, 'CONFLICT');

    // Editing the title later keeps the slug; setting its own slug again is fine.
    const edited = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs('pages')}/${first.id}`,
      payload: { data: { title: 'Renamed', slug: 'hello-world' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.data).toMatchObject({ title: 'Renamed', slug: 'hello-world' });

    // Other unique fields: a taken value is a 409, and a trashed document frees it.
    const a = await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'A', sku: 'SKU-1' } });
    expectError(await pages({ title: 'B', sku: 'SKU-1' }), 409, 'CONFLICT');
    await call(t.app, owner, { method: 'DELETE', url: `${docs('pages')}/${a.id}` });
    const b = await pages({ title: 'B', sku: 'SKU-1' });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().data.data.slug).toBe('b');
  });

  it('keeps a generated slug with a suffix within the slug length', async () => {
    const title = `${'long '.repeat(39)}words ending here`;
    const first = await createDocument(t.app, owner, projectId, 'pages', { data: { title } });
    const second = await createDocument(t.app, owner, projectId, 'pages', { data: { title } });
    expect(first.data.slug).toHaveLength(200);
    expect(second.data.slug.length).toBeLessThanOrEqual(200);
    expect(second.data.slug).toMatch(/^long-long-.*[a-z]-2$/);
    expect(second.data.slug.slice(0, -2)).toBe(first.data.slug.slice(0, second.data.slug.length - 2));
    // The stored slug is one the field accepts: saving it back as is is not refused.
    const resaved = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs('pages')}/${second.id}`,
      payload: { data: { slug: second.data.slug } },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
  });
});
