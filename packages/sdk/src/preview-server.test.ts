import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection } from '../../../apps/server/src/test/content.js';
import { createClient, type PlinthClient } from './client.js';
import { PlinthError } from './errors.js';
import { previewTokenFrom } from './preview.js';
import { clientOf, type SdkTestServer, startSdkServer } from './test/server.js';

interface Page {
  title: string;
  slug: string | null;
  parent: string | { id: string; data: Page } | null;
}

/** Preview tokens (API.md, Live preview) against the real server, on SQLite or PostgreSQL. */
describe('live preview against the real server', () => {
  let server: SdkTestServer;
  let owner: PlinthClient;

  beforeAll(async () => {
    server = await startSdkServer();
    await createCollection(server.t.app, server.owner, server.projectId, {
      slug: 'pages',
      name: 'Pages',
      preview_url: 'https://site.example/pages/{slug}?locale={locale}',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'slug', type: 'slug', options: { from: 'title' } },
        { name: 'parent', type: 'reference', options: { collection: 'pages' } },
      ],
    });
    await createCollection(server.t.app, server.owner, server.projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'text', type: 'text' }],
    });
    owner = clientOf(server);
  });
  afterAll(() => server.close());

  it('makes a preview token and URL that read the draft being edited', async () => {
    const pages = owner.collection<Page>('pages');
    const parent = await pages.create({ title: 'Parent draft', slug: 'parent' });
    const page = await pages.create({ title: 'Draft title', slug: 'hello', parent: parent.id });
    await pages.update(page.id, { title: 'Título' }, { locale: 'es' });

    const preview = await pages.previewToken(page.id, { locale: 'es' });
    expect(preview.token).toMatch(/^plp_/);
    expect(new Date(preview.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(preview.url).toMatch(/^https:\/\/site\.example\/pages\/hello\?/);
    const url = new URL(preview.url ?? '');
    expect(url.searchParams.get('locale')).toBe('es');
    expect(previewTokenFrom(url)).toBe(preview.token);
    expect(previewTokenFrom(preview.url ?? '')).toBe(preview.token);

    // The site has no credential of its own here: the preview token is the call's.
    const site = createClient({ url: server.url, projectId: server.projectId }).collection<Page>('pages');
    const shown = await site.get(page.id, { previewToken: preview.token, locale: 'es', populate: ['parent'] });
    expect(shown.data.title).toBe('Título');
    expect(shown.status).toBe('draft');
    // It reads the documents the previewed one references.
    expect(shown.data.parent).toMatchObject({ id: parent.id, data: { title: 'Parent draft' } });
    expect((await site.get(parent.id, { previewToken: preview.token })).data.title).toBe('Parent draft');

    // Another document is not its to read, nor are lists or writes.
    const other = await pages.create({ title: 'Other draft', slug: 'other' });
    const refused = await site.get(other.id, { previewToken: preview.token }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlinthError);
    expect([401, 403, 404]).toContain((refused as PlinthError).status);
    await expect(
      site.update(page.id, { title: 'No' }, { headers: { authorization: `Bearer ${preview.token}` } }),
    ).rejects.toBeInstanceOf(PlinthError);
  });

  it('takes the token as plinth_preview in the query too', async () => {
    const page = await owner.collection<Page>('pages').create({ title: 'Query draft', slug: 'query' });
    const { token } = await owner.collection('pages').previewToken(page.id);
    const response = await fetch(
      `${server.url}/api/v1/projects/${server.projectId}/collections/pages/documents/${page.id}?plinth_preview=${token}`,
    );
    expect(response.status).toBe(200);
    expect((await response.json()).data.data.title).toBe('Query draft');
  });

  it('sends the preview token instead of the client credential for that call only', async () => {
    const reader = clientOf(server, { token: await server.token(['content:read']) }).collection<Page>('pages');
    const page = await owner.collection<Page>('pages').create({ title: 'Only a draft', slug: 'only' });
    const { token } = await owner.collection('pages').previewToken(page.id);
    await expect(reader.get(page.id)).rejects.toMatchObject({ status: 404 });
    expect((await reader.get(page.id, { previewToken: token })).data.title).toBe('Only a draft');
    await expect(reader.get(page.id)).rejects.toMatchObject({ status: 404 });
  });

  it('answers a null URL for a collection without preview_url, and refuses readers of published content', async () => {
    const note = await owner.collection('notes').create({ text: 'Note' });
    const preview = await owner.collection('notes').previewToken(note.id);
    expect(preview.url).toBeNull();
    expect(preview.token).toMatch(/^plp_/);

    const reader = clientOf(server, { token: await server.token(['content:read']) });
    await expect(reader.collection('notes').previewToken(note.id)).rejects.toMatchObject({ status: 403 });
    const previewer = clientOf(server, { token: await server.token(['content:preview']) });
    expect((await previewer.collection('notes').previewToken(note.id)).token).toMatch(/^plp_/);
  });
});
