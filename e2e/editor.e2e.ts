import zlib from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, startServer } from './server.js';
import { callApi, expectAccessible as expectSettledAndAccessible, signedInPage as openSignedIn } from './session.js';

// The editing screens as people use them, against the built server: a collection built in the
// model builder, a page of blocks dragged into order, images dropped into the media library and
// attached to a document, a review from author to editor to readers, and a version restored.
// Every journey ends by reading what it made through the REST API; axe checks each screen, and
// each screen is also used 390 px wide.

interface ApiDocument {
  id: string;
  version: number;
  status: string;
  workflow_stage: string | null;
  data: Record<string, unknown>;
}

interface ApiAsset {
  id: string;
  filename: string;
  mime_type: string;
  width: number | null;
  height: number | null;
}

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A real PNG of one colour, `size` pixels square: signature, IHDR, one IDAT and IEND. */
function png(size: number, [red, green, blue]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // truecolour RGB
  const row = Buffer.from([0, ...Array.from({ length: size }, () => [red, green, blue]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the model builder, the block editor, media and review in a real browser', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let accessToken = '';
  let projectId = '';
  const checkedScreens: string[] = [];

  const api = <T>(method: string, path: string, body?: unknown, token = accessToken) =>
    callApi<T>(server.url, method, path, body, token);

  const documentsPath = (collection: string) => `/projects/${projectId}/collections/${collection}/documents`;
  const readDocument = async (collection: string, id: string) =>
    (await api<{ data: ApiDocument }>('GET', `${documentsPath(collection)}/${id}`)).data;

  const signedInPage = (viewport = DESKTOP, credentials = ADMIN) =>
    openSignedIn(browser, server.url, contexts, viewport, credentials);

  /** The screen is settled (no skeletons or spinners) and axe finds nothing serious on it. */
  async function expectAccessible(page: Page, screen: string) {
    await expectSettledAndAccessible(page, screen);
    checkedScreens.push(screen);
  }

  /**
   * On a phone: nothing is wider than the screen, and each control named can be scrolled to and
   * tapped (visible, inside the screen, not under a bar or a panel).
   */
  async function expectUsableOnPhone(page: Page, screen: string, controls: Locator[]) {
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow, `${screen}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box, `${screen}: ${control} is not shown`).not.toBeNull();
      if (!box) continue;
      expect(box.x, `${screen}: ${control} starts left of the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${screen}: ${control} ends right of the screen`).toBeLessThanOrEqual(
        MOBILE.width + 0.5,
      );
      // Nothing sits over it (a sticky bar, the uploads panel): a tap there reaches it.
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const isOnTop = await control.evaluate((element, point) => {
        const top = element.ownerDocument.elementFromPoint(point.x, point.y);
        return top !== null && (top === element || element.contains(top));
      }, centre);
      expect(isOnTop, `${screen}: ${control} is covered`).toBe(true);
    }
    await expectAccessible(page, `${screen} at 390 px`);
  }

  /** The names a list of sortable items gives its drag handles, in the order shown. */
  const handleOrder = async (handles: Locator) =>
    (await Promise.all((await handles.all()).map((handle) => handle.getAttribute('aria-label')))).map((label) =>
      String(label)
        .replace(/^Drag /, '')
        .replace(/( to reorder|, position \d+ of \d+)$/, ''),
    );

  /**
   * Picks up a sortable item by keyboard: Space on its focused handle, then the frames dnd-kit
   * takes to measure the list and listen for arrows (keys pressed before that are lost).
   */
  async function pickUp(page: Page, handle: Locator) {
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))))',
    );
  }

  /** The editor's save state line once it has settled on "All changes saved". */
  const saved = (page: Page) =>
    expect
      .poll(() => page.getByRole('status', { name: 'Save state' }).textContent(), { timeout: 15_000 })
      .toBe('All changes saved');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    accessToken = (
      await api<{ access_token: string }>('POST', '/auth/login', { username: ADMIN.email, password: ADMIN.password })
    ).access_token;
    projectId = (
      await api<{ data: { id: string } }>('POST', '/projects', {
        name: 'Editors’ desk',
        locales: ['en', 'fr'],
        default_locale: 'en',
      })
    ).data.id;
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    console.log(`axe checked ${checkedScreens.length} editing screens: ${checkedScreens.join(', ')}`);
  });

  it('builds a collection of seven field types in the model builder, reordered by keyboard, and the API has exactly that', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/app/projects/${projectId}/collection-editor`);
    await page.getByRole('heading', { level: 1, name: 'New collection' }).waitFor();
    const settings = page.getByRole('group', { name: 'Collection settings' });
    await settings.getByLabel('Name', { exact: true }).fill('Events');
    // The slug follows the name until it is typed.
    expect(await settings.getByLabel('Slug', { exact: true }).inputValue()).toBe('events');

    const fieldSettings = (title: string) => page.getByRole('group', { name: `Settings of ${title}` });
    async function addField(type: string, name: string) {
      await page.getByRole('button', { name: 'Add field' }).click();
      await page.getByRole('list', { name: 'Field types' }).getByRole('button', { name: type, exact: true }).click();
      const label = type.toLowerCase();
      // A new field's name is the first thing to type: it has the focus.
      const nameInput = fieldSettings(`new ${label} field`).getByLabel('Name', { exact: true });
      const nameId = await nameInput.getAttribute('id');
      await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id')).toBe(nameId);
      await page.keyboard.type(name);
      return fieldSettings(name);
    }
    await (await addField('Text', 'title')).getByLabel('Required', { exact: true }).check();
    await (await addField('Long text', 'summary')).getByLabel('Localized', { exact: true }).check();
    await addField('Integer', 'seats');
    await addField('Boolean', 'featured');
    await (await addField('Select', 'category')).getByLabel('Choices').fill('talk\nworkshop\nsocial');
    await addField('Date', 'starts_on');
    await (await addField('Media', 'poster')).getByLabel('Accepted types').fill('image/*');
    await settings.getByLabel('Display field').selectOption('title');
    await expectAccessible(page, 'model builder: new collection with open field settings');

    // Settings closed, the fields are one row each; starts_on goes up two places by keyboard.
    const fieldList = page.getByRole('list', { name: 'Fields' });
    const open = fieldList.getByRole('button', { name: /^Edit /, expanded: true });
    while ((await open.count()) > 0) await open.first().click();
    const handles = fieldList.getByRole('button', { name: /^Drag .* to reorder$/ });
    expect(await handleOrder(handles)).toEqual([
      'title',
      'summary',
      'seats',
      'featured',
      'category',
      'starts_on',
      'poster',
    ]);
    const announced = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
    await pickUp(page, fieldList.getByRole('button', { name: 'Drag starts_on to reorder' }));
    await page.keyboard.press('ArrowUp');
    await announced('starts_on is over position 5 of 7.');
    await page.keyboard.press('ArrowUp');
    await announced('starts_on is over position 4 of 7.');
    await page.keyboard.press('Space');
    await announced('starts_on dropped at position 4 of 7.');
    const order = ['title', 'summary', 'seats', 'starts_on', 'featured', 'category', 'poster'];
    await expect.poll(() => handleOrder(handles)).toEqual(order);

    // The same form on a phone: the settings, the field rows and the button that creates it.
    await page.setViewportSize(MOBILE);
    const create = page.getByRole('button', { name: 'Create collection' });
    await expectUsableOnPhone(page, 'model builder', [
      settings.getByLabel('Name', { exact: true }),
      handles.first(),
      fieldList.getByRole('button', { name: 'Edit poster' }),
      page.getByRole('button', { name: 'Add field' }),
      create,
    ]);
    await create.click();
    await page.waitForURL(/\/collection-editor\/events$/);
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await page.getByText('All changes saved.').waitFor();
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'model builder: saved collection');

    const collection = (
      await api<{ data: Record<string, unknown> & { fields: { name: string }[] } }>(
        'GET',
        `/projects/${projectId}/collections/events`,
      )
    ).data;
    expect(collection).toMatchObject({
      slug: 'events',
      name: 'Events',
      kind: 'collection',
      display_field: 'title',
      requires_approval: false,
    });
    expect(collection.fields).toEqual([
      { name: 'title', type: 'text', required: true },
      { name: 'summary', type: 'longtext', localized: true },
      { name: 'seats', type: 'integer' },
      { name: 'starts_on', type: 'date' },
      { name: 'featured', type: 'boolean' },
      { name: 'category', type: 'select', options: { choices: ['talk', 'workshop', 'social'] } },
      { name: 'poster', type: 'media', options: { accept: ['image/*'] } },
    ]);
  });

  it('adds three blocks from the palette, orders them by mouse and by keyboard, and autosaves that order', async () => {
    for (const [name, label, field] of [
      ['hero', 'Hero', { name: 'headline', type: 'text' }],
      ['quote', 'Quote', { name: 'quote', type: 'longtext' }],
      ['callout', 'Callout', { name: 'message', type: 'text' }],
    ] as const) {
      await api('POST', `/projects/${projectId}/components`, { name, label, fields: [field] });
    }
    await api('POST', `/projects/${projectId}/collections`, {
      slug: 'pages',
      name: 'Pages',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'blocks', options: { components: ['hero', 'quote', 'callout'] } },
      ],
    });

    const page = await signedInPage();
    await page.goto(`${server.url}/app/projects/${projectId}/document-editor/pages/new`);
    await page.getByRole('textbox', { name: /^Title/ }).fill('Landing page');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/document-editor\/pages\/(?!new)[^/?]+/);
    await saved(page);
    const id = /\/document-editor\/pages\/([^/?]+)/.exec(page.url())?.[1] ?? '';

    const body = page.getByRole('region', { name: /^Body/ });
    async function addBlock(trigger: string, component: string, label: string, text: string) {
      await body.getByRole('button', { name: trigger, exact: true }).click();
      await page.getByRole('menuitem', { name: component }).click();
      await body.getByRole('textbox', { name: label, exact: true }).fill(text);
    }
    await addBlock('Add block', 'Hero', 'Headline', 'Welcome aboard');
    await addBlock('Add block at the end', 'Quote', 'Quote', 'Less is more');
    await addBlock('Add block at the end', 'Callout', 'Message', 'Sign up today');
    const handles = body.getByRole('button', { name: /^Drag / });
    expect(await handleOrder(handles)).toEqual([
      'Hero: Welcome aboard',
      'Quote: Less is more',
      'Callout: Sign up today',
    ]);
    await expectAccessible(page, 'document editor with three blocks');

    // By mouse: the callout's handle, pressed and moved in small steps above the first block.
    const from = await handles.nth(2).boundingBox();
    const to = await handles.nth(0).boundingBox();
    if (!from || !to) throw new Error('the drag handles are not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 20, { steps: 20 });
    await page.mouse.up();
    await expect
      .poll(() => handleOrder(handles))
      .toEqual(['Callout: Sign up today', 'Hero: Welcome aboard', 'Quote: Less is more']);

    // By keyboard: the hero picked up with Space, moved down one, dropped with Space.
    const announced = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
    await pickUp(page, body.getByRole('button', { name: /^Drag Hero: Welcome aboard/ }));
    await page.keyboard.press('ArrowDown');
    await announced('Hero: Welcome aboard is over position 3 of 3.');
    await page.keyboard.press('Space');
    await expect
      .poll(() => handleOrder(handles))
      .toEqual(['Callout: Sign up today', 'Quote: Less is more', 'Hero: Welcome aboard']);

    // No click on Save: the order reaches the server a moment later.
    await saved(page);
    const stored = (await readDocument('pages', id)).data.body as Record<string, unknown>[];
    expect(stored.map(({ _key, ...block }) => ({ key: typeof _key, ...block }))).toEqual([
      { key: 'string', _component: 'callout', message: 'Sign up today' },
      { key: 'string', _component: 'quote', quote: 'Less is more' },
      { key: 'string', _component: 'hero', headline: 'Welcome aboard' },
    ]);
    expect(new Set(stored.map((block) => block._key)).size).toBe(3);
    await expectAccessible(page, 'document editor after reordering blocks');
  });

  it('uploads two images dropped on the media library with progress per file, and attaches one through the media picker', async () => {
    await api('POST', `/projects/${projectId}/collections`, {
      slug: 'galleries',
      name: 'Galleries',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'cover', type: 'media', options: { accept: ['image/*'] } },
      ],
    });
    const gallery = (
      await api<{ data: ApiDocument }>('POST', documentsPath('galleries'), { data: { title: 'Autumn' } })
    ).data;

    const page = await signedInPage();
    // The uploads are held at the server's door until both files have shown their progress.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await page.route(`**/api/v1/projects/${projectId}/media`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      held += 1;
      await released;
      await route.continue();
    });
    await page.goto(`${server.url}/app/projects/${projectId}/media`);
    const emptyLibrary = page.getByText('No files yet');
    await emptyLibrary.waitFor();

    const files = [
      { name: 'tomato.png', bytes: [...png(2, [220, 40, 30])] },
      { name: 'sky.png', bytes: [...png(2, [40, 120, 220])] },
    ];
    const dataTransfer = await page.evaluateHandle(
      `(() => {
        const transfer = new DataTransfer();
        for (const file of ${JSON.stringify(files)}) {
          transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: 'image/png' }));
        }
        return transfer;
      })()`,
    );
    await emptyLibrary.dispatchEvent('dragenter', { dataTransfer });
    await emptyLibrary.dispatchEvent('dragover', { dataTransfer });
    await page.getByText('Drop to upload').waitFor();
    await emptyLibrary.dispatchEvent('drop', { dataTransfer });

    const uploads = page.getByRole('region', { name: 'Uploads' });
    await uploads.getByRole('heading', { name: /Uploading 2 files/ }).waitFor();
    for (const file of files) {
      // Each file has its own row: a bar, and what has been sent of how much.
      const row = uploads.getByRole('listitem').filter({ hasText: file.name });
      const progress = row.getByRole('progressbar', { name: `Uploading ${file.name}` });
      await progress.waitFor();
      expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
      expect(await row.textContent()).toMatch(/(Waiting · \d+ bytes|\d+% · \d+ bytes of \d+ bytes)$/);
    }
    await expect.poll(() => held).toBe(2);
    release();
    await uploads.getByRole('heading', { name: '2 files uploaded' }).waitFor();
    expect(await uploads.getByText('Uploaded', { exact: true }).count()).toBe(2);
    const library = page.getByRole('list', { name: 'Media files' });
    for (const file of files) await library.getByText(file.name, { exact: true }).waitFor();
    await page.getByText(/^2 files( ·|$)/).waitFor();
    await expectAccessible(page, 'media library with finished uploads');

    const assets = (await api<{ data: ApiAsset[] }>('GET', `/projects/${projectId}/media`)).data;
    expect(assets.map(({ filename, mime_type, width, height }) => ({ filename, mime_type, width, height }))).toEqual(
      expect.arrayContaining(
        files.map((file) => ({ filename: file.name, mime_type: 'image/png', width: 2, height: 2 })),
      ),
    );
    expect(assets).toHaveLength(2);
    const sky = assets.find((asset) => asset.filename === 'sky.png');

    await page.setViewportSize(MOBILE);
    await expectUsableOnPhone(page, 'media library', [
      page.getByRole('button', { name: 'Upload files' }).first(),
      library.getByRole('button', { name: 'tomato.png', exact: true }),
      library.getByRole('button', { name: 'sky.png', exact: true }),
    ]);
    await page.setViewportSize(DESKTOP);

    await page.goto(`${server.url}/app/projects/${projectId}/document-editor/galleries/${gallery.id}`);
    const cover = page.getByRole('group', { name: 'Cover' });
    await cover.getByText('None chosen.').waitFor();
    await cover.getByRole('button', { name: 'Choose…' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from the media library' });
    await picker.getByRole('button', { name: 'sky.png' }).waitFor();
    await expectAccessible(page, 'media picker');
    await picker.getByRole('button', { name: 'sky.png' }).click();
    await picker.waitFor({ state: 'hidden' });
    await cover.getByRole('button', { name: 'Remove sky.png' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    expect((await readDocument('galleries', gallery.id)).data).toEqual({ title: 'Autumn', cover: sky?.id });

    // The library now says where the file is used, and leads back to the document.
    await page.goto(`${server.url}/app/projects/${projectId}/media?asset=${sky?.id}`);
    const usage = page.getByRole('dialog', { name: 'sky.png' }).getByRole('region', { name: /Used in/ });
    await usage.getByRole('heading', { name: 'Used in 1 document' }).waitFor();
    await expectAccessible(page, 'media details with where the file is used');
    await usage.getByRole('link', { name: /Autumn/ }).click();
    await page.waitForURL(`**/document-editor/galleries/${gallery.id}`);
    await page.getByRole('group', { name: 'Cover' }).getByRole('button', { name: 'Remove sky.png' }).waitFor();
  });

  it('takes a story that needs approval from its author (no publish button) to an editor who approves and publishes it, and readers get it', async () => {
    await api('POST', `/projects/${projectId}/collections`, {
      slug: 'stories',
      name: 'Stories',
      display_field: 'title',
      requires_approval: true,
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'longtext' },
      ],
    });
    const author = { name: 'Ada Author', email: 'ada@editor-e2e.test', password: 'ada author password' };
    const editor = { name: 'Ed Editor', email: 'ed@editor-e2e.test', password: 'ed editor password' };
    for (const [person, role] of [
      [author, 'author'],
      [editor, 'editor'],
    ] as const) {
      await api('POST', '/auth/register', { name: person.name, email: person.email, password: person.password }, '');
      const member = await api<{ data: { role: string; status: string } }>('POST', `/projects/${projectId}/members`, {
        email: person.email,
        role,
      });
      expect(member.data).toMatchObject({ role, status: 'active' });
    }

    // The author, on a phone: a new story from the list, saved, then sent for review.
    const writer = await signedInPage(MOBILE, author);
    await writer.goto(`${server.url}/app/projects/${projectId}/content?collection=stories`);
    await writer.getByRole('link', { name: 'New document' }).first().click();
    await writer.waitForURL(/\/document-editor\/stories\/new/);
    const title = writer.getByRole('textbox', { name: /^Title/ });
    const body = writer.getByRole('textbox', { name: 'Body' });
    const save = writer.getByRole('button', { name: 'Save', exact: true });
    await expectUsableOnPhone(writer, 'document editor: a new story as an author', [title, body, save]);
    await title.fill('Harbour reopens');
    await body.fill('Ships are back at the old pier.');
    // Tapped at once, before the autosave a moment later would do it.
    await save.click();
    await writer.waitForURL(/\/document-editor\/stories\/(?!new)[^/?]+/);
    await saved(writer);
    const id = /\/document-editor\/stories\/([^/?]+)/.exec(writer.url())?.[1] ?? '';
    expect(await writer.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
    await writer.getByRole('button', { name: 'Submit for review' }).click();
    await writer.getByText('In review', { exact: true }).waitFor();
    expect(await writer.getByRole('button', { name: 'Submit for review' }).count()).toBe(0);
    await expectAccessible(writer, 'document editor: a story in review, as its author');
    expect((await readDocument('stories', id)).workflow_stage).toBe('in_review');

    // Readers do not get a story that is only in review.
    const reader = (
      await api<{ data: { token: string } }>('POST', `/projects/${projectId}/api-tokens`, {
        name: 'site',
        scopes: ['content:read'],
      })
    ).data.token;
    const readerUrl = `${server.url}/api/v1${documentsPath('stories')}/${id}`;
    const unpublished = await fetch(readerUrl, { headers: { authorization: `Bearer ${reader}` } });
    expect(unpublished.status).toBe(404);

    // The editor, in another browser: publishing waits for the approval, then goes through.
    const reviewer = await signedInPage(DESKTOP, editor);
    await reviewer.goto(`${server.url}/app/projects/${projectId}/document-editor/stories/${id}`);
    await reviewer.getByText('In review', { exact: true }).waitFor();
    await reviewer.getByRole('button', { name: 'Publish…' }).click();
    const publish = reviewer.getByRole('dialog', { name: 'Publish by locale' });
    await publish.getByText('Stories need approval before they are published.').waitFor();
    expect(await publish.getByRole('button', { name: 'Publish all', exact: true }).isDisabled()).toBe(true);
    await reviewer.keyboard.press('Escape');
    await publish.waitFor({ state: 'hidden' });
    await expectAccessible(reviewer, 'document editor: a story to review, as an editor');
    await reviewer.getByRole('button', { name: 'Approve' }).click();
    await reviewer.getByText('Approved', { exact: true }).first().waitFor();
    await reviewer.getByRole('button', { name: 'Publish…' }).click();
    await publish.getByRole('button', { name: 'Publish all', exact: true }).click();
    await expect
      .poll(() => reviewer.getByRole('list', { name: 'Status by locale' }).textContent())
      .toContain('en · published');

    const read = await api<{ data: ApiDocument }>('GET', `${documentsPath('stories')}/${id}`, undefined, reader);
    expect(read.data.status).toBe('published');
    expect(read.data.data).toEqual({ title: 'Harbour reopens', body: 'Ships are back at the old pier.' });
  });

  it('saves three edits, compares two versions field by field, and restores the first', async () => {
    await api('POST', `/projects/${projectId}/collections`, {
      slug: 'notes',
      name: 'Notes',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'body', type: 'longtext' },
      ],
    });
    const first = { title: 'Version one', body: 'First body' };
    const note = (await api<{ data: ApiDocument }>('POST', documentsPath('notes'), { data: first })).data;
    expect(note.version).toBe(1);

    const page = await signedInPage();
    await page.goto(`${server.url}/app/projects/${projectId}/document-editor/notes/${note.id}`);
    const title = page.getByRole('textbox', { name: 'Title' });
    const body = page.getByRole('textbox', { name: 'Body' });
    await expect.poll(() => title.inputValue()).toBe('Version one');
    const edits: [Locator, string][] = [
      [title, 'Version two'],
      [body, 'Second body'],
      [title, 'Version four'],
    ];
    for (const [index, [field, value]] of edits.entries()) {
      await field.fill(value);
      // Saved with the shortcut: the same save as the button, and no race with the autosave.
      await page.keyboard.press('Control+s');
      await expect.poll(async () => (await readDocument('notes', note.id)).version).toBe(index + 2);
      await saved(page);
    }

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Version history' });
    const versions = history.getByRole('list', { name: 'Versions' });
    await expect.poll(() => versions.getByRole('listitem').count()).toBe(4);
    await versions.getByText('Version 4 (current)', { exact: true }).waitFor();
    const changes = history.getByRole('table');
    const change = (path: string) =>
      changes
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: path, exact: true }) })
        .getByRole('cell');
    // The newest against the one before it: only the title changed.
    await expect.poll(() => change('Title').allTextContents()).toEqual(['Version two', 'Version four']);
    expect(await change('Body').count()).toBe(0);
    // Against the first: both fields, old and new values side by side.
    await history.getByRole('combobox').selectOption({ label: 'version 1' });
    await expect.poll(() => change('Body').allTextContents()).toEqual(['First body', 'Second body']);
    expect(await change('Title').allTextContents()).toEqual(['Version one', 'Version four']);
    await expectAccessible(page, 'version history: two versions compared');

    await versions.getByText('Version 1', { exact: true }).click();
    // On a phone the history is one column: the versions, the comparison and the restore button.
    await page.setViewportSize(MOBILE);
    const restore = history.getByRole('button', { name: 'Restore this version' });
    await expectUsableOnPhone(page, 'version history', [
      versions.getByText('Version 4 (current)', { exact: true }),
      history.getByRole('combobox'),
      restore,
    ]);
    await restore.click();
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => title.inputValue()).toBe('Version one');
    expect(await body.inputValue()).toBe('First body');

    const restored = await readDocument('notes', note.id);
    expect(restored.version).toBe(5);
    expect(restored.data).toEqual(first);
  });
});
