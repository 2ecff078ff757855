import type { Asset, AssetReferenceList, Role, UpdateAssetBody } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeXhr } from '../../test/fake-xhr';
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

const PATH = '/app/projects/p1/media';
const API = '/api/v1/projects/p1/media';

const asset = (overrides: Partial<Asset> & Pick<Asset, 'id' | 'filename'>): Asset => ({
  mime_type: 'image/jpeg',
  size: 120_000,
  width: 1600,
  height: 900,
  alt: null,
  folder: null,
  url: `http://localhost/media/p1/${overrides.id}/${overrides.filename}`,
  created_at: '2026-03-01T10:00:00.000Z',
  created_by: 'u1',
  focal_point: null,
  dominant_color: '#336699',
  ...overrides,
});

const HERO = asset({ id: 'a1', filename: 'hero.jpg', alt: 'A red bicycle', folder: 'blog' });
const LOGO = asset({
  id: 'a2',
  filename: 'logo.png',
  mime_type: 'image/png',
  width: 300,
  height: 100,
  created_by: 'u2',
});
const GUIDE = asset({
  id: 'a3',
  filename: 'guide.pdf',
  mime_type: 'application/pdf',
  width: null,
  height: null,
  folder: 'docs',
  dominant_color: null,
});

/**
 * The media API over an in-memory library: the list filters by `q`, `type` and `folder` as the
 * server does, folders are counted from it; PATCH and DELETE change it. `references` answers
 * where each file is used (nowhere by default).
 */
function serveMedia(
  options: {
    role?: Role;
    assets?: Asset[];
    references?: Record<string, AssetReferenceList>;
    answer?: (call: FetchCall) => Response | undefined;
  } = {},
) {
  let assets = [...(options.assets ?? [HERO, LOGO, GUIDE])];
  return fakeAppApi(
    (call) => {
      const custom = options.answer?.(call);
      if (custom) return custom;
      if (call.path === `${API}/folders` && call.method === 'GET') {
        const counts = new Map<string, number>();
        for (const item of assets) if (item.folder) counts.set(item.folder, (counts.get(item.folder) ?? 0) + 1);
        const names = [...counts.keys()].sort();
        return json(200, { data: names.map((name) => ({ name, count: counts.get(name) })) });
      }
      const used = new RegExp(`^${API}/([^/]+)/references$`).exec(call.path)?.[1];
      if (used && call.method === 'GET') {
        return json(200, options.references?.[used] ?? { data: [], meta: { total: 0 } });
      }
      if (call.path === '/api/v1/projects/p1/collections' && call.method === 'GET') {
        return json(200, { data: [testCollection({ slug: 'posts', name: 'Blog posts' })] });
      }
      if (call.path === API && call.method === 'GET') {
        const q = call.query.get('q')?.toLowerCase();
        const type = call.query.get('type');
        const folder = call.query.get('folder');
        const page = Number(call.query.get('page') ?? 1);
        const limit = Number(call.query.get('limit') ?? 25);
        const matching = assets.filter(
          (item) =>
            (!q || item.filename.includes(q)) &&
            (!type ||
              (type === 'document'
                ? !/^(image|video|audio)\//.test(item.mime_type)
                : item.mime_type.startsWith(`${type}/`))) &&
            (!folder || item.folder === folder),
        );
        return json(200, {
          data: matching.slice((page - 1) * limit, page * limit),
          meta: { total: matching.length, page, limit },
        });
      }
      const id = new RegExp(`^${API}/([^/]+)$`).exec(call.path)?.[1];
      const found = assets.find((item) => item.id === id);
      if (id && !found) return apiError(404, 'Media file not found');
      if (found && call.method === 'GET') return json(200, { data: found });
      if (found && call.method === 'PATCH') {
        const body = call.body as UpdateAssetBody;
        const updated = { ...found, ...body } as Asset;
        assets = assets.map((item) => (item.id === id ? updated : item));
        return json(200, { data: updated });
      }
      if (found && call.method === 'DELETE') {
        assets = assets.filter((item) => item.id !== id);
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
    { projects: [testProject({ role: options.role ?? 'owner' })] },
  );
}

const libraryCalls = (calls: FetchCall[]) => calls.filter((call) => call.method === 'GET' && call.path === API);
const lastLibraryCall = (calls: FetchCall[]) => libraryCalls(calls).at(-1);

const grid = () => screen.findByRole('list', { name: 'Media files' });

describe('media library', () => {
  it('shows the files as thumbnails through resized WebP variants, and a type icon for the rest', async () => {
    signIn();
    serveMedia();
    renderApp(PATH);
    expect(await screen.findByRole('status', { name: 'Loading media' })).toBeTruthy();
    const items = within(await grid()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(screen.getByText('3 files')).toBeTruthy();

    const hero = within(items[0] as HTMLElement);
    expect(hero.getByText('1600 × 900 · 117.2 KB')).toBeTruthy();
    const image = items[0]?.querySelector('img');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('srcset')).toBe(
      [200, 400, 800].map((w) => `${HERO.url}?w=${w}&format=webp ${w}w`).join(', '),
    );
    expect(image?.getAttribute('sizes')).toContain('45vw');
    // An image narrower than a variant is offered at its own width, never enlarged.
    expect(items[1]?.querySelector('img')?.getAttribute('srcset')).toBe(
      `${LOGO.url}?w=200&format=webp 200w, ${LOGO.url}?w=300&format=webp 300w`,
    );
    expect(items[2]?.querySelector('img')).toBeNull();
    expect(within(items[2] as HTMLElement).getByText('PDF')).toBeTruthy();
  });

  it('keeps the view, type, folder and search in the URL and sends them to the API', async () => {
    signIn();
    const calls = serveMedia();
    const { user, router } = renderApp(PATH);
    await grid();
    expect(lastLibraryCall(calls)?.query.toString()).toBe('page=1&limit=48');

    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(router.state.location.search).toBe('?view=list');
    const table = await screen.findByRole('table', { name: 'Media files' });
    expect(within(table).getByRole('button', { name: 'guide.pdf' })).toBeTruthy();
    expect(within(table).getByText('docs')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Documents' }));
    expect(router.state.location.search).toBe('?view=list&type=document');
    await waitFor(() => expect(lastLibraryCall(calls)?.query.get('type')).toBe('document'));
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'hero.jpg' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Documents' }).getAttribute('aria-pressed')).toBe('true');

    // The folders in use are offered with their file counts.
    const folder = screen.getByRole('combobox', { name: 'Folder' });
    await waitFor(() => expect(within(folder).getByRole('option', { name: 'docs (1)' })).toBeTruthy());
    expect(
      within(folder)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All folders', 'blog (1)', 'docs (1)']);
    await user.selectOptions(folder, 'docs');
    expect(router.state.location.search).toBe('?view=list&type=document&folder=docs');
    await waitFor(() => expect(lastLibraryCall(calls)?.query.get('folder')).toBe('docs'));

    await user.type(screen.getByRole('searchbox', { name: 'Search media' }), 'zzz');
    await waitFor(() => expect(router.state.location.search).toBe('?view=list&type=document&folder=docs&q=zzz'));
    await waitFor(() => expect(lastLibraryCall(calls)?.query.get('q')).toBe('zzz'));
    expect(await screen.findByText('No files match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(router.state.location.search).toBe('?view=list');
    expect(await screen.findByRole('button', { name: 'hero.jpg' })).toBeTruthy();
  });

  it('opens a shared link with the same view and filters', async () => {
    signIn();
    const calls = serveMedia();
    renderApp(`${PATH}?view=list&type=image&folder=blog`);
    const table = await screen.findByRole('table', { name: 'Media files' });
    expect(within(table).getByRole('button', { name: 'hero.jpg' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'logo.png' })).toBeNull();
    expect(lastLibraryCall(calls)?.query.toString()).toBe('type=image&folder=blog&page=1&limit=48');
    expect((screen.getByRole('combobox', { name: 'Folder' }) as HTMLSelectElement).value).toBe('blog');
  });

  it('pages with the API’s meta, the page in the URL', async () => {
    signIn();
    const many = Array.from({ length: 50 }, (_, index) => asset({ id: `m${index}`, filename: `photo-${index}.jpg` }));
    const calls = serveMedia({ assets: many });
    const { user, router } = renderApp(PATH);
    expect(within(await grid()).getAllByRole('listitem')).toHaveLength(48);
    expect(screen.getByText('1–48 of 50 files')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Media files' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(lastLibraryCall(calls)?.query.get('page')).toBe('2');
  });

  it('says when the library cannot be loaded, and loads it again on request', async () => {
    signIn();
    let failures = 1;
    serveMedia({
      answer: (call) =>
        call.path === API && call.query.get('limit') === '48' && failures-- > 0
          ? apiError(500 as 404, 'The database is not answering.')
          : undefined,
    });
    const { user } = renderApp(PATH);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the media library.')).toBeTruthy();
    expect(within(alert).getByText('The database is not answering.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await grid()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('invites the first upload when the library is empty', async () => {
    signIn();
    serveMedia({ assets: [] });
    renderApp(PATH);
    expect(await screen.findByText('No files yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Upload files' })).toHaveLength(2);
  });
});

describe('uploads', () => {
  const file = (name: string, size = 1000, type = 'image/png') => new File([new Uint8Array(size)], name, { type });

  it('uploads three files at a time with progress, and goes on while the user is on another screen', async () => {
    signIn();
    const calls = serveMedia();
    const xhrs = fakeXhr();
    const { user, router } = renderApp(PATH);
    await grid();
    const before = libraryCalls(calls).length;
    await user.upload(screen.getByLabelText('Files to upload'), [
      file('one.png'),
      file('two.png'),
      file('three.png'),
      file('four.png'),
    ]);
    expect(xhrs).toHaveLength(3);
    const [first] = xhrs;
    if (!first) throw new Error('No upload');
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/v1/projects/p1/media');
    expect(first.headers.Authorization).toBe('Bearer access-1');
    expect(first.file?.name).toBe('one.png');

    const tray = within(screen.getByRole('region', { name: 'Uploads' }));
    expect(tray.getByText('Uploading 4 files')).toBeTruthy();
    first.progress(500, 1000);
    expect(tray.getByRole('progressbar', { name: 'Uploading one.png' }).getAttribute('aria-valuenow')).toBe('50');
    expect(tray.getByText('50% · 500 bytes of 1000 bytes')).toBeTruthy();

    // Another screen: the tray and the uploads stay.
    await router.navigate('/app/projects/p1/api-tokens');
    expect(await screen.findByRole('heading', { name: 'API tokens', level: 1 })).toBeTruthy();
    const trayElsewhere = within(screen.getByRole('region', { name: 'Uploads' }));
    first.progress(900, 1000);
    expect(trayElsewhere.getByText('90% · 900 bytes of 1000 bytes')).toBeTruthy();

    first.respond(201, { data: asset({ id: 'n1', filename: 'one.png' }) });
    // The fourth file starts once one is done.
    await waitFor(() => expect(xhrs).toHaveLength(4));
    expect(xhrs[3]?.file?.name).toBe('four.png');
    expect(await trayElsewhere.findByText('Uploaded')).toBeTruthy();
    for (const xhr of xhrs.slice(1))
      xhr.respond(201, { data: asset({ id: `n-${xhr.file?.name}`, filename: 'x.png' }) });
    expect(await trayElsewhere.findByText('4 files uploaded')).toBeTruthy();

    // Back in the library, the list was read again for the new files.
    await router.navigate(PATH);
    await grid();
    expect(libraryCalls(calls).length).toBeGreaterThan(before);
    await user.click(trayElsewhere.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });

  it('shows the server’s reason for a failed file, and retries it', async () => {
    signIn();
    serveMedia();
    const xhrs = fakeXhr();
    const { user } = renderApp(`${PATH}?folder=blog`);
    await grid();
    await user.upload(screen.getByLabelText('Files to upload'), [file('big.mov', 5000, 'video/quicktime')]);
    const [first] = xhrs;
    expect(first?.body instanceof FormData && first.body.get('folder')).toBe('blog');
    first?.respond(413, {
      statusCode: 413,
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: 'This upload would pass the 1 GB media storage of the Starter plan; delete files or upgrade',
    });
    const tray = within(screen.getByRole('region', { name: 'Uploads' }));
    expect(
      await tray.findByText(
        'This upload would pass the 1 GB media storage of the Starter plan; delete files or upgrade',
      ),
    ).toBeTruthy();
    expect(tray.getByText(/1 failed/)).toBeTruthy();

    await user.click(tray.getByRole('button', { name: 'Retry big.mov' }));
    expect(xhrs).toHaveLength(2);
    xhrs[1]?.respond(201, { data: asset({ id: 'n1', filename: 'big.mov', folder: 'blog' }) });
    expect(await tray.findByText('Uploaded to blog')).toBeTruthy();
  });

  it('says so when the type is refused or the connection drops', async () => {
    signIn();
    serveMedia();
    const xhrs = fakeXhr();
    const { user } = renderApp(PATH);
    await grid();
    await user.upload(screen.getByLabelText('Files to upload'), [file('run.exe'), file('cut.png')]);
    xhrs[0]?.respond(415, {
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Executable files are not accepted',
    });
    xhrs[1]?.fail();
    const tray = within(screen.getByRole('region', { name: 'Uploads' }));
    expect(await tray.findByText('Executable files are not accepted')).toBeTruthy();
    expect(
      await tray.findByText('The connection was lost before the file was sent. Check it, then retry.'),
    ).toBeTruthy();
  });
});

describe('details panel', () => {
  it('edits the alt text and the focal point, with the exact PATCH body', async () => {
    signIn();
    const calls = serveMedia();
    const { user, router } = renderApp(PATH);
    await user.click(within(await grid()).getByRole('button', { name: 'hero.jpg' }));
    expect(router.state.location.search).toBe('?asset=a1');
    const panel = await screen.findByRole('dialog', { name: 'hero.jpg' });
    const sheet = within(panel);
    expect(sheet.getByText('image/jpeg')).toBeTruthy();
    expect(sheet.getByText('1600 × 900 px')).toBeTruthy();
    expect(sheet.getByText('117.2 KB')).toBeTruthy();
    expect((sheet.getByLabelText('File URL') as HTMLInputElement).value).toBe(HERO.url);
    expect(sheet.getByRole('button', { name: 'Copy URL' })).toBeTruthy();
    expect(sheet.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);

    const alt = sheet.getByLabelText('Alt text');
    await user.clear(alt);
    await user.type(alt, 'A blue bicycle by the sea');

    const picker = sheet.getByRole('button', { name: /^No focal point/ });
    picker.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200 }) as DOMRect;
    await user.pointer({ keys: '[MouseLeft]', target: picker, coords: { clientX: 200, clientY: 200 } });
    expect(sheet.getByText('25% from the left, 75% from the top')).toBeTruthy();
    // The arrow keys move it too.
    await user.keyboard('{ArrowRight}');
    expect(sheet.getByText('30% from the left, 75% from the top')).toBeTruthy();

    await user.click(sheet.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe(`${API}/a1`);
    expect(patch?.body).toEqual({ alt: 'A blue bicycle by the sea', focal_point: { x: 0.3, y: 0.75 } });
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    await waitFor(() => expect(sheet.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true));
  });

  it('renames and moves a file', async () => {
    signIn();
    const calls = serveMedia();
    const { user } = renderApp(`${PATH}?asset=a3`);
    const sheet = within(await screen.findByRole('dialog', { name: 'guide.pdf' }));
    await user.clear(sheet.getByLabelText('File name'));
    await user.type(sheet.getByLabelText('File name'), 'handbook.pdf');
    await user.clear(sheet.getByLabelText('Folder'));
    await user.click(sheet.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ filename: 'handbook.pdf', folder: null }),
    );
  });

  it('shows where a file is used, each document a link to its editor', async () => {
    signIn();
    const hit = (id: string, title: string | null, status: 'draft' | 'published' | 'changed') => ({
      id,
      collection: 'posts',
      title,
      status,
      updated_at: '2026-03-02T10:00:00.000Z',
    });
    serveMedia({
      references: {
        a1: {
          data: [hit('d1', 'Riding to the coast', 'changed'), hit('d2', null, 'published')],
          meta: { total: 12 },
        },
      },
    });
    const { user, router } = renderApp(`${PATH}?asset=a1`);
    const sheet = within(await screen.findByRole('dialog', { name: 'hero.jpg' }));
    const usage = within(await sheet.findByRole('region', { name: /Used in/ }));
    expect(usage.getByRole('heading', { name: 'Used in 12 documents' })).toBeTruthy();
    const links = await usage.findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Riding to the coastBlog postsChanged',
      'UntitledBlog postsPublished',
    ]);
    expect(usage.getByText('and 10 more; the newest are shown.')).toBeTruthy();
    await user.click(links[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1/document-editor/posts/d1'));
  });

  it('says when no document uses a file, and when that cannot be checked', async () => {
    signIn();
    let isDown = true;
    serveMedia({
      answer: (call) =>
        isDown && call.path === `${API}/a3/references` ? apiError(500, 'The database is not answering') : undefined,
    });
    const { user } = renderApp(`${PATH}?asset=a3`);
    const sheet = within(await screen.findByRole('dialog', { name: 'guide.pdf' }));
    const usage = within(sheet.getByRole('region', { name: 'Used in' }));
    expect((await usage.findByRole('alert')).textContent).toContain('The database is not answering');
    isDown = false;
    await user.click(usage.getByRole('button', { name: 'Try again' }));
    expect(await usage.findByText('No document uses this file: deleting it breaks nothing.')).toBeTruthy();
  });

  it('deletes a file after confirmation, and offers to force it when documents use it', async () => {
    signIn();
    let isInUse = true;
    const calls = serveMedia({
      answer: (call) => {
        if (call.method !== 'DELETE' || call.query.get('force') === 'true' || !isInUse) return undefined;
        isInUse = false;
        return json(409, {
          statusCode: 409,
          code: 'CONFLICT',
          message:
            'This file is used by 2 published documents; remove it from them first, or delete it anyway with ?force=true',
        });
      },
    });
    const { user, router } = renderApp(`${PATH}?asset=a1`);
    const sheet = within(await screen.findByRole('dialog', { name: 'hero.jpg' }));
    await user.click(sheet.getByRole('button', { name: 'Delete file' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete hero.jpg?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete file' }));
    const inUse = within(await screen.findByRole('dialog', { name: 'This file is in use' }));
    expect(inUse.getByText(/used by 2 published documents/)).toBeTruthy();
    await user.click(inUse.getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => `${call.path}?${call.query}`)).toEqual([`${API}/a1?`, `${API}/a1?force=true`]);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Media files' })).getAllByRole('listitem')).toHaveLength(2),
    );
  });
});

describe('bulk actions', () => {
  it('deletes the selected files with progress, and lists those the server refused', async () => {
    signIn();
    const calls = serveMedia({
      answer: (call) =>
        call.method === 'DELETE' && call.path === `${API}/a2`
          ? json(403, { statusCode: 403, code: 'FORBIDDEN', message: 'You can only change media files you uploaded' })
          : undefined,
    });
    const { user } = renderApp(PATH);
    const list = within(await grid());
    await user.click(list.getByRole('checkbox', { name: 'Select hero.jpg' }));
    // Shift extends the selection to the range.
    await user.keyboard('{Shift>}');
    await user.click(list.getByRole('checkbox', { name: 'Select guide.pdf' }));
    await user.keyboard('{/Shift}');
    const bar = within(screen.getByRole('region', { name: 'Selected files' }));
    expect(bar.getByText(/^3 selected/)).toBeTruthy();

    await user.click(bar.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete 3 files?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete 3 files' }));
    const result = within(await screen.findByRole('dialog', { name: 'Some files were not deleted' }));
    expect(result.getByText('2 of 3 deleted.')).toBeTruthy();
    expect(result.getByText(/You can only change media files you uploaded/)).toBeTruthy();
    expect(
      calls
        .filter((call) => call.method === 'DELETE')
        .map((call) => call.path)
        .sort(),
    ).toEqual([`${API}/a1`, `${API}/a2`, `${API}/a3`]);
    await user.click(result.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Media files' })).getAllByRole('listitem')).toHaveLength(1),
    );
    // The refused file stays selected, to try again or leave.
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('moves the selected files into a folder', async () => {
    signIn();
    const calls = serveMedia();
    const { user } = renderApp(`${PATH}?view=list`);
    const table = within(await screen.findByRole('table', { name: 'Media files' }));
    await user.click(table.getByRole('checkbox', { name: 'Select all files on this page' }));
    await user.click(screen.getByRole('button', { name: 'Move to folder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move 3 files' }));
    await user.type(dialog.getByLabelText('Folder'), 'archive/2026');
    await user.click(dialog.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(3));
    for (const call of calls.filter((item) => item.method === 'PATCH')) {
      expect(call.body).toEqual({ folder: 'archive/2026' });
    }
    expect(await screen.findByText('3 files moved.')).toBeTruthy();
  });
});

describe('roles', () => {
  it('shows viewers the library read-only, and why', async () => {
    signIn();
    serveMedia({ role: 'viewer' });
    const { user } = renderApp(PATH);
    const list = within(await grid());
    expect(screen.getByText(/the library is read-only for you/)).toBeTruthy();
    expect(screen.getByText(/Only owners, admins, editors and authors can upload/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
    expect(screen.queryByLabelText('Files to upload')).toBeNull();
    expect(list.queryAllByRole('checkbox')).toHaveLength(0);

    await user.click(list.getByRole('button', { name: 'hero.jpg' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'hero.jpg' }));
    expect(sheet.getByText(/you can view and copy files, not change them/)).toBeTruthy();
    expect(sheet.getByLabelText('Alt text')).toHaveProperty('readOnly', true);
    expect(sheet.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(sheet.queryByRole('button', { name: 'Delete file' })).toBeNull();
    expect(sheet.getByRole('button', { name: 'Copy URL' })).toBeTruthy();
  });

  it('lets authors change their own files only, and shows the server’s refusal', async () => {
    signIn();
    serveMedia({
      role: 'author',
      answer: (call) =>
        call.method === 'PATCH'
          ? json(403, { statusCode: 403, code: 'FORBIDDEN', message: 'You can only change media files you uploaded' })
          : undefined,
    });
    const { user } = renderApp(`${PATH}?asset=a2`);
    // logo.png was uploaded by someone else.
    const other = within(await screen.findByRole('dialog', { name: 'logo.png' }));
    expect(other.getByText(/You can only change media files you uploaded/)).toBeTruthy();
    expect(other.queryByRole('button', { name: 'Save changes' })).toBeNull();
    await user.keyboard('{Escape}');

    // hero.jpg is theirs; should the server refuse anyway, its message is shown.
    await user.click(within(await grid()).getByRole('button', { name: 'hero.jpg' }));
    const own = within(await screen.findByRole('dialog', { name: 'hero.jpg' }));
    await user.type(own.getByLabelText('Alt text'), '!');
    await user.click(own.getByRole('button', { name: 'Save changes' }));
    expect((await own.findByRole('alert')).textContent).toBe('You can only change media files you uploaded');
  });
});
