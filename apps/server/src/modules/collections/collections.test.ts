import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

/** Every field type of API.md with every option it lists, and the common flags. */
const EVERY_TYPE = [
  {
    name: 'title',
    type: 'text',
    required: true,
    localized: true,
    label: 'Title',
    help: 'Shown in lists',
    options: { min_length: 2, max_length: 200, pattern: '^[A-Z]' },
  },
  { name: 'summary', type: 'longtext', options: { min_length: 0, max_length: 5000 } },
  { name: 'body', type: 'richtext', localized: true },
  { name: 'price', type: 'number', default: 9.5, options: { min: 0, max: 1000 } },
  { name: 'stock', type: 'integer', unique: true, options: { min: 0, max: 10 } },
  { name: 'featured', type: 'boolean', default: false },
  { name: 'released_on', type: 'date', unique: true },
  { name: 'released_at', type: 'datetime' },
  { name: 'contact', type: 'email', unique: true },
  { name: 'homepage', type: 'url', unique: true },
  { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
  { name: 'color', type: 'select', default: 'red', options: { choices: ['red', 'green'] } },
  { name: 'tags', type: 'select', options: { choices: ['a', 'b', 'c'], multiple: true } },
  { name: 'extra', type: 'json', hidden: true, default: { any: ['thing'] } },
  { name: 'cover', type: 'media', options: { accept: ['image/*', 'application/pdf'] } },
  { name: 'gallery', type: 'media', options: { multiple: true } },
  { name: 'author', type: 'reference', options: { collection: 'authors' } },
  { name: 'related', type: 'reference', options: { collection: 'products', multiple: true } },
  { name: 'content', type: 'blocks', localized: true, options: { components: ['hero', 'quote'] } },
];

describe('collections: create, read, update, delete', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const time = createTestClock();
  const url = (path = '') => `/api/v1/projects/${projectId}/collections${path}`;

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
  });
  afterAll(async () => t.close());

  it('creates a collection and answers the full shape with defaults', async () => {
    const response = await call(t.app, owner, {
      method: 'POST',
      url: url(),
      payload: { slug: 'articles', name: 'Articles', fields: [{ name: 'title', type: 'text', required: true }] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: {
        slug: 'articles',
        name: 'Articles',
        singular: 'article',
        description: '',
        kind: 'collection',
        display_field: 'title',
        requires_approval: false,
        preview_url: null,
        fields: [{ name: 'title', type: 'text', required: true }],
        created_at: '2026-11-22T10:00:00.000Z',
        updated_at: '2026-11-22T10:00:00.000Z',
      },
    });
  });

  it.each([
    ['posts', 'post'],
    ['news', 'news_item'],
    ['latest_news', 'latest_news_item'],
    ['people', 'people_item'],
    ['glass', 'glass_item'],
  ])('defaults the singular of %s to %s', async (slug, singular) => {
    const created = await createCollection(t.app, owner, projectId, { slug, name: slug, fields: [] });
    expect(created.singular).toBe(singular);
  });

  it('keeps the given singular, description, kind, display field and approval flag', async () => {
    const created = await createCollection(t.app, owner, projectId, {
      slug: 'settings',
      name: 'Site settings',
      singular: 'setting',
      description: 'One per site',
      kind: 'singleton',
      display_field: 'site_name',
      requires_approval: true,
      fields: [
        { name: 'motto', type: 'text' },
        { name: 'site_name', type: 'text' },
      ],
    });
    expect(created).toMatchObject({
      slug: 'settings',
      name: 'Site settings',
      singular: 'setting',
      description: 'One per site',
      kind: 'singleton',
      display_field: 'site_name',
      requires_approval: true,
    });
    const read = await call(t.app, owner, { method: 'GET', url: url('/settings') });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);
  });

  it('keeps singulars apart from slugs so generated names never clash', async () => {
    const same = await call(t.app, owner, {
      method: 'POST',
      url: url(),
      payload: { slug: 'sheep', name: 'Sheep', singular: 'sheep', fields: [] },
    });
    expect(expectError(same, 400, 'VALIDATION_FAILED').details).toEqual([
      { path: 'singular', message: 'must differ from the slug' },
    ]);
    // `posts` exists with singular `post`: neither name may be taken again.
    const slugTaken = await call(t.app, owner, {
      method: 'POST',
      url: url(),
      payload: { slug: 'post', name: 'P', fields: [] },
    });
    expectError(slugTaken, 409, 'CONFLICT');
    const singularTaken = await call(t.app, owner, {
      method: 'POST',
      url: url(),
      payload: { slug: 'entries', name: 'Entries', singular: 'post', fields: [] },
    });
    expectError(singularTaken, 409, 'CONFLICT');
    const singularIsSlug = await call(t.app, owner, {
      method: 'POST',
      url: url(),
      payload: { slug: 'blog', name: 'Blog', singular: 'posts', fields: [] },
    });
    expectError(singularIsSlug, 409, 'CONFLICT');
    const patched = await call(t.app, owner, { method: 'PATCH', url: url('/news'), payload: { singular: 'post' } });
    expectError(patched, 409, 'CONFLICT');
    const own = await call(t.app, owner, { method: 'PATCH', url: url('/news'), payload: { singular: 'news' } });
    expectError(own, 400, 'VALIDATION_FAILED');
  });

  it('has no display field when no visible text field exists', async () => {
    const created = await createCollection(t.app, owner, projectId, {
      slug: 'counters',
      name: 'Counters',
      fields: [
        { name: 'secret', type: 'text', hidden: true },
        { name: 'count', type: 'integer' },
      ],
    });
    expect(created.display_field).toBeNull();
  });

  it('accepts every field type with every option and returns the fields as given', async () => {
    for (const name of ['hero', 'quote']) {
      const component = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/components`,
        payload: { name, fields: [{ name: 'text', type: 'text' }] },
      });
      expect(component.statusCode).toBe(201);
    }
    await createCollection(t.app, owner, projectId, { slug: 'authors', name: 'Authors', fields: [] });
    const response = await call(t.app, owner, {
      method: 'POST',
      url: url(),
      payload: { slug: 'products', name: 'Products', fields: EVERY_TYPE },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.fields).toEqual(EVERY_TYPE);
    const read = await call(t.app, owner, { method: 'GET', url: url('/products') });
    expect(read.json().data.fields).toEqual(EVERY_TYPE);
    // A member sees hidden fields in the model.
    expect(read.json().data.fields.map((field: { name: string }) => field.name)).toContain('extra');
  });

  it('lists the collections with a list envelope', async () => {
    const response = await call(t.app, owner, { method: 'GET', url: url() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const slugs = body.data.map((collection: { slug: string }) => collection.slug);
    expect(slugs).toEqual(expect.arrayContaining(['articles', 'news', 'settings', 'products', 'authors']));
    expect(body.meta).toMatchObject({ total: body.data.length, page: 1 });
    expect(body.data.find((collection: { slug: string }) => collection.slug === 'articles')).toMatchObject({
      name: 'Articles',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
  });

  it('refuses a duplicate slug with 409', async () => {
    const response = await call(t.app, owner, {
      method: 'POST',
      url: url(),
      payload: { slug: 'articles', name: 'Again', fields: [] },
    });
    expectError(response, 409, 'CONFLICT');
  });

  it('patches name, singular, description, display field, approval and fields; slug and kind stay', async () => {
    time.advance(60_000);
    const response = await call(t.app, owner, {
      method: 'PATCH',
      url: url('/articles'),
      payload: {
        name: 'Stories',
        singular: 'story',
        description: 'Long reads',
        requires_approval: true,
        display_field: 'headline',
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'headline', type: 'text' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      slug: 'articles',
      name: 'Stories',
      singular: 'story',
      description: 'Long reads',
      kind: 'collection',
      display_field: 'headline',
      requires_approval: true,
      preview_url: null,
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'headline', type: 'text' },
      ],
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:01:00.000Z',
    });
    const read = await call(t.app, owner, { method: 'GET', url: url('/articles') });
    expect(read.json().data).toEqual(response.json().data);

    const kind = await call(t.app, owner, { method: 'PATCH', url: url('/articles'), payload: { kind: 'singleton' } });
    expect(expectError(kind, 400, 'VALIDATION_FAILED').details).toEqual([{ path: 'kind', message: 'is not allowed' }]);
    const slug = await call(t.app, owner, { method: 'PATCH', url: url('/articles'), payload: { slug: 'other' } });
    expectError(slug, 400, 'VALIDATION_FAILED');
  });

  it('clears the display field when its field is removed', async () => {
    const response = await call(t.app, owner, {
      method: 'PATCH',
      url: url('/articles'),
      payload: { fields: [{ name: 'title', type: 'text', required: true }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.display_field).toBeNull();
  });

  it('answers 404 for a collection that does not exist', async () => {
    expectError(await call(t.app, owner, { method: 'GET', url: url('/ghosts') }), 404, 'NOT_FOUND');
    expectError(
      await call(t.app, owner, { method: 'PATCH', url: url('/ghosts'), payload: { name: 'x' } }),
      404,
      'NOT_FOUND',
    );
    expectError(await call(t.app, owner, { method: 'DELETE', url: url('/ghosts') }), 404, 'NOT_FOUND');
  });

  it('deletes a collection without documents', async () => {
    await createCollection(t.app, owner, projectId, { slug: 'drafts', name: 'Drafts', fields: [] });
    const deleted = await call(t.app, owner, { method: 'DELETE', url: url('/drafts') });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectError(await call(t.app, owner, { method: 'GET', url: url('/drafts') }), 404, 'NOT_FOUND');
    const list = await call(t.app, owner, { method: 'GET', url: url() });
    expect(list.json().data.map((collection: { slug: string }) => collection.slug)).not.toContain('drafts');
    // The slug is free again.
    await createCollection(t.app, owner, projectId, { slug: 'drafts', name: 'Drafts again', fields: [] });
  });

  it('lets a singleton hold exactly one document', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'homepage',
      name: 'Homepage',
      kind: 'singleton',
      fields: [{ name: 'headline', type: 'text' }],
    });
    await createDocument(t.app, owner, projectId, 'homepage', { data: { headline: 'Welcome' } });
    const second = await call(t.app, owner, {
      method: 'POST',
      url: url('/homepage/documents'),
      payload: { data: { headline: 'Again' } },
    });
    expectError(second, 409, 'CONFLICT');
  });
});

describe('collections: model validation', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const url = (path = '') => `/api/v1/projects/${projectId}/collections${path}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'authors',
      name: 'Authors',
      fields: [{ name: 'name', type: 'text' }],
    });
    const hero = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/components`,
      payload: { name: 'hero', fields: [{ name: 'heading', type: 'text' }] },
    });
    expect(hero.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  const text = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'text', ...extra });

  const cases: [string, Record<string, unknown>, string][] = [
    ['an upper-case slug', { slug: 'Posts', fields: [] }, 'slug'],
    ['a slug starting with a digit', { slug: '1posts', fields: [] }, 'slug'],
    ['a slug with a dash', { slug: 'blog-posts', fields: [] }, 'slug'],
    ['a slug of 65 characters', { slug: `a${'b'.repeat(64)}`, fields: [] }, 'slug'],
    ['a reserved slug', { slug: 'media', fields: [] }, 'slug'],
    ['an upper-case field name', { fields: [text('Title')] }, 'fields.0.name'],
    ['a field name with a space', { fields: [text('my title')] }, 'fields.0.name'],
    ['a field name starting with _', { fields: [text('_title')] }, 'fields.0.name'],
    ['a field name of 65 characters', { fields: [text(`a${'b'.repeat(64)}`)] }, 'fields.0.name'],
    ['the reserved field name id', { fields: [text('title'), text('id')] }, 'fields.1.name'],
    ['the reserved field name status', { fields: [text('status')] }, 'fields.0.name'],
    ['the reserved field name created_at', { fields: [text('created_at')] }, 'fields.0.name'],
    ['a duplicate field name', { fields: [text('title'), { name: 'title', type: 'integer' }] }, 'fields.1.name'],
    ['an unknown field type', { fields: [{ name: 'title', type: 'string' }] }, 'fields.0.type'],
    ['min on a text field', { fields: [text('title', { options: { min: 1 } })] }, 'fields.0.options.min'],
    [
      'pattern on a longtext field',
      { fields: [{ name: 'body', type: 'longtext', options: { pattern: 'x' } }] },
      'fields.0.options.pattern',
    ],
    [
      'choices on a text field',
      { fields: [text('title', { options: { choices: ['a'] } })] },
      'fields.0.options.choices',
    ],
    [
      'multiple on a text field',
      { fields: [text('title', { options: { multiple: true } })] },
      'fields.0.options.multiple',
    ],
    [
      'max_length on an integer field',
      { fields: [{ name: 'n', type: 'integer', options: { max_length: 3 } }] },
      'fields.0.options.max_length',
    ],
    [
      'accept on a reference field',
      { fields: [{ name: 'a', type: 'reference', options: { collection: 'authors', accept: ['image/*'] } }] },
      'fields.0.options.accept',
    ],
    [
      'collection on a media field',
      { fields: [{ name: 'm', type: 'media', options: { collection: 'authors' } }] },
      'fields.0.options.collection',
    ],
    [
      'from on a boolean field',
      { fields: [{ name: 'b', type: 'boolean', options: { from: 'x' } }] },
      'fields.0.options.from',
    ],
    [
      'components on a json field',
      { fields: [{ name: 'j', type: 'json', options: { components: ['hero'] } }] },
      'fields.0.options.components',
    ],
    ['a select without choices', { fields: [{ name: 'color', type: 'select' }] }, 'fields.0.options.choices'],
    [
      'a select with empty choices',
      { fields: [{ name: 'color', type: 'select', options: { choices: [] } }] },
      'fields.0.options.choices',
    ],
    ['a reference without a collection', { fields: [{ name: 'a', type: 'reference' }] }, 'fields.0.options.collection'],
    [
      'a reference to a collection that does not exist',
      { fields: [{ name: 'a', type: 'reference', options: { collection: 'ghosts' } }] },
      'fields.0.options.collection',
    ],
    ['blocks without components', { fields: [{ name: 'b', type: 'blocks' }] }, 'fields.0.options.components'],
    [
      'blocks naming an unknown component',
      { fields: [{ name: 'b', type: 'blocks', options: { components: ['hero', 'ghost'] } }] },
      'fields.0.options.components',
    ],
    [
      'a slug from a non-text field',
      {
        fields: [
          { name: 'n', type: 'integer' },
          { name: 'slug', type: 'slug', options: { from: 'n' } },
        ],
      },
      'fields.1.options.from',
    ],
    [
      'a slug from a field that does not exist',
      { fields: [{ name: 'slug', type: 'slug', options: { from: 'title' } }] },
      'fields.0.options.from',
    ],
    ['unique on a boolean', { fields: [{ name: 'b', type: 'boolean', unique: true }] }, 'fields.0.unique'],
    ['unique on json', { fields: [{ name: 'j', type: 'json', unique: true }] }, 'fields.0.unique'],
    ['unique on richtext', { fields: [{ name: 'r', type: 'richtext', unique: true }] }, 'fields.0.unique'],
    [
      'unique on blocks',
      { fields: [{ name: 'b', type: 'blocks', unique: true, options: { components: ['hero'] } }] },
      'fields.0.unique',
    ],
    [
      'unique on a multiple select',
      { fields: [{ name: 's', type: 'select', unique: true, options: { choices: ['a'], multiple: true } }] },
      'fields.0.unique',
    ],
    [
      'an invalid regex pattern',
      { fields: [text('code', { options: { pattern: '[a-' } })] },
      'fields.0.options.pattern',
    ],
    [
      // Backreferences and lookaround need a backtracking engine, which a pattern can freeze.
      'a pattern with lookahead',
      { fields: [text('code', { options: { pattern: '^(?=a)a+$' } })] },
      'fields.0.options.pattern',
    ],
    [
      'a pattern with a backreference',
      { fields: [text('code', { options: { pattern: '^(a)\\1$' } })] },
      'fields.0.options.pattern',
    ],
    [
      'min_length above max_length',
      { fields: [text('t', { options: { min_length: 5, max_length: 2 } })] },
      'fields.0.options.min_length',
    ],
    ['min above max', { fields: [{ name: 'n', type: 'number', options: { min: 5, max: 2 } }] }, 'fields.0.options.min'],
    ['a text default that is a number', { fields: [text('title', { default: 3 })] }, 'fields.0.default'],
    [
      'an integer default that is text',
      { fields: [{ name: 'n', type: 'integer', default: 'abc' }] },
      'fields.0.default',
    ],
    ['an integer default of 1.5', { fields: [{ name: 'n', type: 'integer', default: 1.5 }] }, 'fields.0.default'],
    [
      'a default above max',
      { fields: [{ name: 'n', type: 'number', default: 11, options: { max: 10 } }] },
      'fields.0.default',
    ],
    [
      'a select default outside the choices',
      { fields: [{ name: 'c', type: 'select', default: 'blue', options: { choices: ['red'] } }] },
      'fields.0.default',
    ],
    [
      'a date default that is not a date',
      { fields: [{ name: 'd', type: 'date', default: '2026-13-45' }] },
      'fields.0.default',
    ],
    [
      'a boolean default that is text',
      { fields: [{ name: 'b', type: 'boolean', default: 'yes' }] },
      'fields.0.default',
    ],
    [
      'a default that misses the pattern',
      { fields: [text('code', { default: 'abc', options: { pattern: '^[0-9]+$' } })] },
      'fields.0.default',
    ],
    ['an unknown property of the body', { fields: [], color: 'red' }, 'color'],
    ['an unknown property of a field', { fields: [text('title', { colour: 'red' })] }, 'fields.0.colour'],
    ['an unknown option', { fields: [text('title', { options: { foo: 1 } })] }, 'fields.0.options.foo'],
    ['a display field that does not exist', { fields: [text('title')], display_field: 'name' }, 'display_field'],
    ['a hidden display field', { fields: [text('title', { hidden: true })], display_field: 'title' }, 'display_field'],
    ['a display field of type json', { fields: [{ name: 'j', type: 'json' }], display_field: 'j' }, 'display_field'],
    ['an unknown kind', { fields: [], kind: 'list' }, 'kind'],
    ['a missing fields list', { fields: undefined }, 'fields'],
  ];

  it.each(cases)('refuses %s with 400 and a detail at its path', async (_label, body, path) => {
    const payload = { slug: 'posts', name: 'Posts', ...body };
    const response = await call(t.app, owner, { method: 'POST', url: url(), payload });
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details?.map((detail) => detail.path)).toContain(path);
    expect(error.message.length).toBeGreaterThan(0);
    // Nothing was created.
    expectError(await call(t.app, owner, { method: 'GET', url: url('/posts') }), 404, 'NOT_FOUND');
  });

  it('accepts a reference to the collection itself', async () => {
    const created = await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'parent', type: 'reference', options: { collection: 'pages' } },
      ],
    });
    expect(created.fields[1]).toEqual({ name: 'parent', type: 'reference', options: { collection: 'pages' } });
  });

  it('applies the same rules to a PATCH and leaves the model unchanged on failure', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'title', type: 'text' }],
    });
    const patches: [unknown, string][] = [
      [
        [
          { name: 'title', type: 'text' },
          { name: 'status', type: 'text' },
        ],
        'fields.1.name',
      ],
      [
        [
          { name: 'title', type: 'text' },
          { name: 'title', type: 'text' },
        ],
        'fields.1.name',
      ],
      [[{ name: 'a', type: 'reference', options: { collection: 'ghosts' } }], 'fields.0.options.collection'],
      [[{ name: 'b', type: 'blocks', options: { components: ['ghost'] } }], 'fields.0.options.components'],
      [[{ name: 'title', type: 'text', options: { pattern: '(' } }], 'fields.0.options.pattern'],
      [[{ name: 'title', type: 'text', extra: true }], 'fields.0.extra'],
    ];
    for (const [fields, path] of patches) {
      const response = await call(t.app, owner, { method: 'PATCH', url: url('/notes'), payload: { fields } });
      const error = expectError(response, 400, 'VALIDATION_FAILED');
      expect(error.details?.map((detail) => detail.path)).toContain(path);
    }
    const display = await call(t.app, owner, {
      method: 'PATCH',
      url: url('/notes'),
      payload: { display_field: 'nothing' },
    });
    expect(expectError(display, 400, 'VALIDATION_FAILED').details?.map((d) => d.path)).toContain('display_field');
    const read = await call(t.app, owner, { method: 'GET', url: url('/notes') });
    expect(read.json().data.fields).toEqual([{ name: 'title', type: 'text' }]);
    expect(read.json().data.display_field).toBe('title');
  });

  it('answers 400 on malformed JSON', async () => {
    const response = await call(t.app, owner, {
      method: 'POST',
      url: url(),
      payload: '{"slug": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
  });
});

describe('components', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const time = createTestClock();
  const url = (path = '') => `/api/v1/projects/${projectId}/components${path}`;
  const create = (payload: Record<string, unknown>) => call(t.app, owner, { method: 'POST', url: url(), payload });

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
  });
  afterAll(async () => t.close());

  it('creates, lists, reads, patches and deletes a component', async () => {
    const created = await create({ name: 'hero', fields: [{ name: 'heading', type: 'text', required: true }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      data: {
        name: 'hero',
        label: 'hero',
        description: '',
        fields: [{ name: 'heading', type: 'text', required: true }],
        created_at: '2026-11-22T10:00:00.000Z',
        updated_at: '2026-11-22T10:00:00.000Z',
      },
    });
    const labelled = await create({
      name: 'quote',
      label: 'Quote',
      description: 'A pull quote',
      fields: [
        { name: 'text', type: 'longtext' },
        { name: 'source', type: 'url' },
      ],
    });
    expect(labelled.json().data).toMatchObject({ name: 'quote', label: 'Quote', description: 'A pull quote' });

    const list = await call(t.app, owner, { method: 'GET', url: url() });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((component: { name: string }) => component.name)).toEqual(['hero', 'quote']);
    expect(list.json().meta).toMatchObject({ total: 2, page: 1 });

    const read = await call(t.app, owner, { method: 'GET', url: url('/quote') });
    expect(read.json().data).toEqual(labelled.json().data);

    time.advance(1000);
    const patched = await call(t.app, owner, {
      method: 'PATCH',
      url: url('/hero'),
      payload: { label: 'Hero', description: 'Big', fields: [{ name: 'heading', type: 'text' }] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toEqual({
      name: 'hero',
      label: 'Hero',
      description: 'Big',
      fields: [{ name: 'heading', type: 'text' }],
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:01.000Z',
    });

    const deleted = await call(t.app, owner, { method: 'DELETE', url: url('/quote') });
    expect(deleted.statusCode).toBe(204);
    expectError(await call(t.app, owner, { method: 'GET', url: url('/quote') }), 404, 'NOT_FOUND');
    expectError(await call(t.app, owner, { method: 'DELETE', url: url('/quote') }), 404, 'NOT_FOUND');
    expectError(
      await call(t.app, owner, { method: 'PATCH', url: url('/quote'), payload: { label: 'x' } }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a duplicate name with 409', async () => {
    expectError(await create({ name: 'hero', fields: [] }), 409, 'CONFLICT');
  });

  it.each([
    ['a bad name', { name: 'Hero-2', fields: [] }, 'name'],
    ['a reserved field name', { name: 'card', fields: [{ name: 'id', type: 'text' }] }, 'fields.0.name'],
    [
      'a duplicate field name',
      {
        name: 'card',
        fields: [
          { name: 'a', type: 'text' },
          { name: 'a', type: 'text' },
        ],
      },
      'fields.1.name',
    ],
    [
      'an unknown component',
      { name: 'card', fields: [{ name: 'b', type: 'blocks', options: { components: ['ghost'] } }] },
      'fields.0.options.components',
    ],
    [
      'unique inside a component',
      { name: 'card', fields: [{ name: 'a', type: 'text', unique: true }] },
      'fields.0.unique',
    ],
    [
      'localized inside a component',
      { name: 'card', fields: [{ name: 'a', type: 'text', localized: true }] },
      'fields.0.localized',
    ],
    ['an unknown property', { name: 'card', fields: [], kind: 'x' }, 'kind'],
    ['a select without choices', { name: 'card', fields: [{ name: 's', type: 'select' }] }, 'fields.0.options.choices'],
  ])('refuses %s with 400', async (_label, payload, path) => {
    const error = expectError(await create(payload), 400, 'VALIDATION_FAILED');
    expect(error.details?.map((detail) => detail.path)).toContain(path);
  });

  it('refuses a component that contains itself (A → A)', async () => {
    const response = await create({
      name: 'section',
      fields: [{ name: 'children', type: 'blocks', options: { components: ['section'] } }],
    });
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details?.[0]?.path).toBe('fields');
    expectError(await call(t.app, owner, { method: 'GET', url: url('/section') }), 404, 'NOT_FOUND');
  });

  it('refuses a cycle through another component (A → B → A)', async () => {
    expect((await create({ name: 'alpha', fields: [{ name: 'x', type: 'text' }] })).statusCode).toBe(201);
    const beta = await create({
      name: 'beta',
      fields: [{ name: 'inner', type: 'blocks', options: { components: ['alpha'] } }],
    });
    expect(beta.statusCode, beta.body).toBe(201);
    const cycle = await call(t.app, owner, {
      method: 'PATCH',
      url: url('/alpha'),
      payload: { fields: [{ name: 'inner', type: 'blocks', options: { components: ['beta'] } }] },
    });
    const error = expectError(cycle, 400, 'VALIDATION_FAILED');
    expect(error.message).toContain('alpha');
    const alpha = await call(t.app, owner, { method: 'GET', url: url('/alpha') });
    expect(alpha.json().data.fields).toEqual([{ name: 'x', type: 'text' }]);
    // A self-reference added later by PATCH is refused as well.
    const self = await call(t.app, owner, {
      method: 'PATCH',
      url: url('/beta'),
      payload: { fields: [{ name: 'inner', type: 'blocks', options: { components: ['alpha', 'beta'] } }] },
    });
    expectError(self, 400, 'VALIDATION_FAILED');
  });

  it('refuses to delete a component used by a collection or another component', async () => {
    expect((await create({ name: 'leaf', fields: [{ name: 'x', type: 'text' }] })).statusCode).toBe(201);
    expect(
      (await create({ name: 'branch', fields: [{ name: 'kids', type: 'blocks', options: { components: ['leaf'] } }] }))
        .statusCode,
    ).toBe(201);
    const byComponent = await call(t.app, owner, { method: 'DELETE', url: url('/leaf') });
    expect(expectError(byComponent, 409, 'CONFLICT').message).toContain('branch');

    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [{ name: 'body', type: 'blocks', options: { components: ['branch'] } }],
    });
    const byCollection = await call(t.app, owner, { method: 'DELETE', url: url('/branch') });
    expect(expectError(byCollection, 409, 'CONFLICT').message).toContain('pages');
    expect((await call(t.app, owner, { method: 'GET', url: url('/branch') })).statusCode).toBe(200);

    // Once the collection stops using it, it can go; then its child can go too.
    const patched = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/pages`,
      payload: { fields: [] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call(t.app, owner, { method: 'DELETE', url: url('/branch') })).statusCode).toBe(204);
    expect((await call(t.app, owner, { method: 'DELETE', url: url('/leaf') })).statusCode).toBe(204);
  });
});
