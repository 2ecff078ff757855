import type {
  Collection,
  Component,
  CreateCollectionBody,
  CreateComponentBody,
  Role,
  UpdateCollectionBody,
} from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  type FetchCall,
  fakeAppApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testProject,
} from '../../test/render';

const API = '/api/v1/projects/p1';
const EDITOR = '/app/projects/p1/collection-editor';

const AUTHORS = testCollection({ slug: 'authors', name: 'Authors', singular: 'author' });
const ARTICLES = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  display_field: 'title',
  fields: [
    { name: 'title', type: 'text', required: true, options: { max_length: 200 } },
    { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
    { name: 'body', type: 'blocks', options: { components: ['hero'] } },
  ],
});
const HERO: Component = {
  name: 'hero',
  label: 'Hero',
  description: '',
  fields: [{ name: 'heading', type: 'text' }],
  created_at: '2026-02-01T00:00:00.000Z',
  updated_at: '2026-02-01T00:00:00.000Z',
};

function serveModel(options: { role?: Role; answer?: (call: FetchCall) => Response | undefined } = {}) {
  let collections = [ARTICLES, AUTHORS];
  let components = [HERO];
  return fakeAppApi(
    (call) => {
      const custom = options.answer?.(call);
      if (custom) return custom;
      if (call.path === `${API}/collections` && call.method === 'GET') return json(200, { data: collections });
      if (call.path === `${API}/components` && call.method === 'GET') return json(200, { data: components });
      if (call.path === `${API}/collections` && call.method === 'POST') {
        const body = call.body as CreateCollectionBody;
        const created = testCollection({ ...body, singular: body.singular ?? body.slug.replace(/s$/, '') });
        collections = [...collections, created];
        return json(201, { data: created });
      }
      if (call.path === `${API}/components` && call.method === 'POST') {
        const body = call.body as CreateComponentBody;
        const created: Component = { ...HERO, label: '', description: '', ...body };
        components = [...components, created];
        return json(201, { data: created });
      }
      const one = new RegExp(`^${API}/collections/([^/]+)$`).exec(call.path);
      const found = collections.find((collection) => collection.slug === one?.[1]);
      if (one && !found) return apiError(404, 'Collection not found');
      if (found && call.method === 'GET') return json(200, { data: found });
      if (found && call.method === 'PATCH') {
        const updated = { ...found, ...(call.body as UpdateCollectionBody) } as Collection;
        collections = collections.map((collection) => (collection.slug === found.slug ? updated : collection));
        return json(200, { data: updated });
      }
      const component = new RegExp(`^${API}/components/([^/]+)$`).exec(call.path);
      const foundComponent = components.find((item) => item.name === component?.[1]);
      if (foundComponent && call.method === 'GET') return json(200, { data: foundComponent });
      if (foundComponent && call.method === 'PATCH')
        return json(200, { data: { ...foundComponent, ...(call.body as object) } });
      return undefined;
    },
    { projects: [testProject({ role: options.role ?? 'owner' })] },
  );
}

const sent = (calls: FetchCall[], method: string) =>
  calls.filter((call) => call.method === method && call.path.startsWith(API) && !call.path.endsWith('/documents'));

/** The settings of the field added last (or of the field with this name). */
const fieldSettings = (name?: string) => {
  const groups = screen.getAllByRole('group', { name: name ? `Settings of ${name}` : /^Settings of/ });
  const group = groups.at(-1);
  if (!group) throw new Error('No field settings open');
  return within(group);
};

describe('model editor: a new collection', () => {
  it('creates a collection with six field types, sending the exact POST body', async () => {
    signIn();
    const calls = serveModel();
    const { user, router } = renderApp(EDITOR);
    const settings = within(await screen.findByRole('group', { name: 'Collection settings' }));
    await user.type(settings.getByLabelText('Name'), 'Blog posts');
    expect((settings.getByLabelText('Slug') as HTMLInputElement).value).toBe('blog_posts');
    expect(settings.getByLabelText('Singular (optional)').getAttribute('placeholder')).toBe('blog_post');

    const add = async (type: string) => {
      await user.click(screen.getByRole('button', { name: 'Add field' }));
      await user.click(within(screen.getByRole('list', { name: 'Field types' })).getByRole('button', { name: type }));
      return fieldSettings();
    };

    let field = await add('Text');
    // The new field's name takes focus; its label suggests the name.
    await waitFor(() => expect(document.activeElement).toBe(field.getByLabelText('Name')));
    await user.type(field.getByLabelText('Label (optional)'), 'Title');
    expect((field.getByLabelText('Name') as HTMLInputElement).value).toBe('title');
    await user.type(field.getByLabelText('Maximum length'), '120');
    await user.click(field.getByLabelText('Required'));
    await user.click(field.getByLabelText('Unique'));

    field = await add('Long text');
    await user.type(field.getByLabelText('Name'), 'excerpt');
    await user.click(field.getByLabelText('Localized'));

    field = await add('Integer');
    await user.type(field.getByLabelText('Name'), 'rating');
    await user.type(field.getByLabelText('Minimum'), '1');
    await user.type(field.getByLabelText('Maximum'), '5');
    await user.type(field.getByLabelText('Default'), '3');

    field = await add('Select');
    await user.type(field.getByLabelText('Name'), 'tone');
    await user.type(field.getByLabelText('Choices'), 'calm{Enter}loud');
    await user.click(field.getByLabelText('Several at once'));

    field = await add('Reference');
    await user.type(field.getByLabelText('Name'), 'author');
    await user.selectOptions(field.getByLabelText('Collection'), 'authors');

    field = await add('Blocks');
    await user.type(field.getByLabelText('Name'), 'body');
    await user.click(field.getByLabelText('Hero'));

    await user.selectOptions(settings.getByLabelText('Display field'), 'title');
    // The API preview follows: the GraphQL type is named from the singular.
    await user.click(screen.getByRole('tab', { name: 'GraphQL' }));
    const graphql = await screen.findByRole('region', { name: 'GraphQL type' });
    await waitFor(() => expect(graphql.textContent).toContain('type BlogPost {'));
    expect(graphql.textContent).toContain('author: Author');
    expect(graphql.textContent).toContain('body: [BlogPostBodyBlock]');
    expect(graphql.textContent).toContain('union BlogPostBodyBlock = HeroComponent');

    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText('Blog posts created.')).toBeTruthy();
    expect(sent(calls, 'POST').map((call) => [call.path, call.body])).toEqual([
      [
        `${API}/collections`,
        {
          slug: 'blog_posts',
          name: 'Blog posts',
          description: '',
          kind: 'collection',
          display_field: 'title',
          requires_approval: false,
          preview_url: null,
          fields: [
            { name: 'title', type: 'text', label: 'Title', required: true, unique: true, options: { max_length: 120 } },
            { name: 'excerpt', type: 'longtext', localized: true },
            { name: 'rating', type: 'integer', default: 3, options: { min: 1, max: 5 } },
            { name: 'tone', type: 'select', options: { choices: ['calm', 'loud'], multiple: true } },
            { name: 'author', type: 'reference', options: { collection: 'authors' } },
            { name: 'body', type: 'blocks', options: { components: ['hero'] } },
          ],
        },
      ],
    ]);
    // On to the new collection's own editor, without asking about unsaved changes.
    await waitFor(() => expect(router.state.location.pathname).toBe(`${EDITOR}/blog_posts`));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog posts' })).toBeTruthy();
  });

  it('checks the model before sending, and puts the server’s 400 details on the right fields', async () => {
    signIn();
    const calls = serveModel({
      answer: (call) =>
        call.method === 'POST' && call.path === `${API}/collections`
          ? apiError(400, 'fields.0.options.pattern is not a valid regular expression', [
              {
                path: 'fields.0.options.pattern',
                message: 'is not a valid regular expression (RE2 syntax: no backreferences or lookaround)',
              },
              { path: 'singular', message: 'is already used by collection articles' },
            ])
          : undefined,
    });
    const { user } = renderApp(EDITOR);
    const settings = within(await screen.findByRole('group', { name: 'Collection settings' }));
    await user.type(settings.getByLabelText('Slug'), 'status');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(screen.getByRole('button', { name: 'Text' }));
    let field = fieldSettings();
    await user.type(field.getByLabelText('Name'), 'id');
    await user.type(field.getByLabelText('Minimum length'), '10');
    await user.type(field.getByLabelText('Maximum length'), '5');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));

    expect(await settings.findByText('Enter a name, such as Articles')).toBeTruthy();
    field = fieldSettings('id');
    expect(field.getByText('“id” is reserved: every document has it already')).toBeTruthy();
    expect(field.getByText('Must not exceed the maximum length')).toBeTruthy();
    expect(screen.getByText('Fix the fields marked in red, then save again.')).toBeTruthy();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.type(settings.getByLabelText('Name'), 'Statuses');
    await user.clear(field.getByLabelText('Name'));
    await user.type(field.getByLabelText('Name'), 'code');
    field = fieldSettings('code');
    await user.clear(field.getByLabelText('Minimum length'));
    await user.type(field.getByLabelText('Pattern'), '^(?=A)');
    await user.type(settings.getByLabelText('Singular (optional)'), 'article');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));

    const pattern = await waitFor(() => {
      const input = fieldSettings('code').getByLabelText('Pattern');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      return input;
    });
    expect(document.getElementById(pattern.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Is not a valid regular expression (RE2 syntax: no backreferences or lookaround)',
    );
    expect(settings.getByText('Is already used by collection articles')).toBeTruthy();
    expect(settings.getByLabelText('Singular (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(sent(calls, 'POST')).toHaveLength(1);
  });

  it('creates a component at ?new=component', async () => {
    signIn();
    const calls = serveModel();
    const { user, router } = renderApp(`${EDITOR}?new=component`);
    expect(await screen.findByRole('heading', { level: 1, name: 'New component' })).toBeTruthy();
    const settings = within(await screen.findByRole('group', { name: 'Component settings' }));
    await user.type(settings.getByLabelText('Label'), 'Call to action');
    expect((settings.getByLabelText('Name') as HTMLInputElement).value).toBe('call_to_action');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(screen.getByRole('button', { name: 'URL' }));
    const field = fieldSettings();
    await user.type(field.getByLabelText('Name'), 'link');
    // Inside a component, unique and localized belong to the blocks field that holds it.
    expect(field.queryByLabelText('Unique')).toBeNull();
    expect(field.queryByLabelText('Localized')).toBeNull();
    await user.click(field.getByLabelText('Required'));
    await user.click(screen.getByRole('button', { name: 'Create component' }));
    expect(await screen.findByText('Component Call to action created.')).toBeTruthy();
    expect(sent(calls, 'POST').map((call) => call.body)).toEqual([
      {
        name: 'call_to_action',
        label: 'Call to action',
        description: '',
        fields: [{ name: 'link', type: 'url', required: true }],
      },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe('?component=call_to_action'));
  });
});

describe('model editor: an existing collection', () => {
  it('edits options per type and sends only the changed fields', async () => {
    signIn();
    const calls = serveModel();
    const { user } = renderApp(`${EDITOR}/articles`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Articles' })).toBeTruthy();
    expect(screen.queryByLabelText('Slug')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    let field = fieldSettings('title');
    await user.clear(field.getByLabelText('Maximum length'));
    await user.type(field.getByLabelText('Maximum length'), '80');
    // `[[` types one `[` (user-event reads `[` as a key name).
    await user.type(field.getByLabelText('Pattern'), '^[[A-Z]');
    await user.click(field.getByLabelText('Localized'));

    await user.click(screen.getByRole('button', { name: 'Edit slug' }));
    field = fieldSettings('slug');
    expect((field.getByLabelText('Made from') as HTMLSelectElement).value).toBe('title');
    await user.selectOptions(field.getByLabelText('Made from'), '');

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(screen.getByRole('button', { name: 'Media' }));
    field = fieldSettings();
    await user.type(field.getByLabelText('Name'), 'gallery');
    await user.type(field.getByLabelText('Accepted types'), 'image/*, video');
    await user.click(field.getByLabelText('Several files'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await field.findByText('“video” is not a MIME type such as image/* or application/pdf')).toBeTruthy();
    await user.clear(field.getByLabelText('Accepted types'));
    await user.type(field.getByLabelText('Accepted types'), 'image/*, video/mp4');

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(screen.getByRole('button', { name: 'Boolean' }));
    field = fieldSettings();
    await user.type(field.getByLabelText('Name'), 'featured');
    await user.selectOptions(field.getByLabelText('Default'), 'false');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Articles saved.')).toBeTruthy();
    expect(sent(calls, 'PATCH').map((call) => [call.path, call.body])).toEqual([
      [
        `${API}/collections/articles`,
        {
          fields: [
            {
              name: 'title',
              type: 'text',
              required: true,
              localized: true,
              options: { max_length: 80, pattern: '^[A-Z]' },
            },
            { name: 'slug', type: 'slug', unique: true },
            { name: 'body', type: 'blocks', options: { components: ['hero'] } },
            { name: 'gallery', type: 'media', options: { accept: ['image/*', 'video/mp4'], multiple: true } },
            { name: 'featured', type: 'boolean', default: false },
          ],
        },
      ],
    ]);
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
  });

  it('reorders fields with the keyboard, announces each move, and sends the new order', async () => {
    signIn();
    const calls = serveModel();
    const { user } = renderApp(`${EDITOR}/articles`);
    const up = await screen.findByRole('button', { name: 'Move body up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('body moved to position 2 of 3.')).toBeTruthy();
    // Focus stays on the moved field's button, so the next key press moves it again.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move body up' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText('body moved to position 1 of 3.')).toBeTruthy();
    const order = () =>
      within(screen.getByRole('list', { name: 'Fields' }))
        .getAllByRole('button', { name: /^Edit / })
        .map((button) => button.getAttribute('aria-label'));
    expect(order()).toEqual(['Edit body', 'Edit title', 'Edit slug']);
    // At the top, moving up does nothing.
    expect(screen.getByRole('button', { name: 'Move body up' }).getAttribute('aria-disabled')).toBe('true');
    screen.getByRole('button', { name: 'Move title down' }).focus();
    await user.keyboard(' ');
    expect(order()).toEqual(['Edit body', 'Edit slug', 'Edit title']);
    // The drag handles explain themselves to screen readers.
    expect(screen.getByRole('button', { name: 'Drag body to reorder' }).getAttribute('aria-roledescription')).toBe(
      'sortable',
    );

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Articles saved.');
    const body = sent(calls, 'PATCH')[0]?.body as UpdateCollectionBody;
    expect(Object.keys(body)).toEqual(['fields']);
    expect(body.fields?.map((field) => field.name)).toEqual(['body', 'slug', 'title']);
  });

  it('warns that a removed field keeps its data in history', async () => {
    signIn();
    const calls = serveModel();
    const { user } = renderApp(`${EDITOR}/articles`);
    await user.click(await screen.findByRole('button', { name: 'Remove slug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove slug?' });
    expect(within(dialog).getByText(/documents keep its values in their version history/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove field' }));
    expect(screen.queryByRole('button', { name: 'Edit slug' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Articles saved.');
    const body = sent(calls, 'PATCH')[0]?.body as UpdateCollectionBody;
    expect(body.fields?.map((field) => field.name)).toEqual(['title', 'body']);
  });

  it('shows the server’s 409 in a dialog, then goes back to the field to fix it', async () => {
    signIn();
    const calls = serveModel({
      answer: (call) =>
        call.method === 'PATCH'
          ? json(409, {
              statusCode: 409,
              error: 'Conflict',
              code: 'CONFLICT',
              message: '3 documents would not fit the new model; change or remove them first',
              details: [{ path: 'fields.title', message: '3 document(s) hold values that would be invalid' }],
            })
          : undefined,
    });
    const { user } = renderApp(`${EDITOR}/articles`);
    await user.click(await screen.findByRole('button', { name: 'Edit title' }));
    const field = fieldSettings('title');
    await user.clear(field.getByLabelText('Maximum length'));
    await user.type(field.getByLabelText('Maximum length'), '10');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Existing documents do not fit this change' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '3 documents would not fit the new model; change or remove them first',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'Fields in conflict' })).getByText(/3 document\(s\)/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Go back and fix' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const type = fieldSettings('title').getByLabelText('Type');
    expect(type.getAttribute('aria-invalid')).toBe('true');
    expect(fieldSettings('title').getByText('3 document(s) hold values that would be invalid')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(type));
    // Nothing was saved: the change is still there to fix.
    expect((fieldSettings('title').getByLabelText('Maximum length') as HTMLInputElement).value).toBe('10');
    expect(screen.getByText('Fix the fields marked in red, then save again.')).toBeTruthy();
    expect(sent(calls, 'PATCH')).toHaveLength(1);
  });

  it('asks before leaving with unsaved changes', async () => {
    signIn();
    serveModel();
    const { user, router } = renderApp(`${EDITOR}/articles`);
    const settings = within(await screen.findByRole('group', { name: 'Collection settings' }));
    await user.type(settings.getByLabelText('Name'), ' and news');
    const backLink = () => screen.getAllByRole('link', { name: 'Content model' }).at(-1) as HTMLElement;
    await user.click(backLink());
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe(`${EDITOR}/articles`);
    await user.click(backLink());
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1/collections'));
  });

  it('says when the collection does not exist', async () => {
    signIn();
    serveModel();
    renderApp(`${EDITOR}/gone`);
    expect(await screen.findByText('This collection does not exist')).toBeTruthy();
  });
});

describe('model editor: read-only roles', () => {
  it('shows editors and viewers the model without a way to change it', async () => {
    signIn();
    const calls = serveModel({ role: 'viewer' });
    const { user } = renderApp(`${EDITOR}/articles`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Articles' })).toBeTruthy();
    expect(screen.getByText(/you can read the model, and only owners and admins can change it/)).toBeTruthy();
    // Every setting sits in a disabled fieldset.
    expect(screen.getByLabelText('Name').closest('fieldset[disabled]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add field' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details of title' }));
    expect(fieldSettings('title').getByLabelText('Maximum length').closest('fieldset[disabled]')).toBeTruthy();
    // The API shape is for everyone.
    expect(screen.getByRole('region', { name: 'Example document (JSON)' }).textContent).toContain('"title"');
    expect(sent(calls, 'PATCH')).toHaveLength(0);
  });

  it('refuses an editor a new collection, and says why', async () => {
    signIn();
    serveModel({ role: 'editor' });
    renderApp(EDITOR);
    expect(await screen.findByText('Your role cannot change the content model')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Collection settings' })).toBeNull();
  });
});
