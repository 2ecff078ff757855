import type { Document, Role } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  type FetchCall,
  fakeEditorApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testDocument,
  testProject,
} from '../../../test/render';

const DOCS = '/api/v1/projects/p1/collections/articles/documents';
const EDITOR = '/app/projects/p1/document-editor/articles/d1';
const ARTICLES = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  display_field: 'title',
  fields: [{ name: 'title', type: 'text', required: true, localized: true }],
});

const DOCUMENT: Document = testDocument({
  id: 'd1',
  collection: 'articles',
  locale: '*',
  status: 'changed',
  version: 4,
  data: { title: { en: 'Hello', es: 'Hola' } },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  published_at: '2026-11-01T12:00:00.000Z',
  locale_status: { en: 'published', es: 'changed', fr: 'draft' },
});

/** An instant given in the reader's time zone, as the API carries it. */
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

/**
 * The editor's API around a document that `schedule` may change: each POST of a schedule is
 * recorded and answered by `schedule` (by default: applied to the document, which later reads get).
 */
function scheduleApi({
  document = DOCUMENT,
  role = 'owner',
  schedule,
}: {
  document?: Document;
  role?: Role;
  schedule?: (call: FetchCall) => Response;
} = {}) {
  let current = document;
  const posts: FetchCall[] = [];
  signIn();
  fakeEditorApi({
    project: testProject({ locales: ['en', 'es', 'fr'], default_locale: 'en', role }),
    collections: [ARTICLES],
    document: () => current,
    handler: (call) => {
      if (call.method === 'POST' && call.path === `${DOCS}/d1/schedule`) {
        posts.push(call);
        if (schedule) return schedule(call);
        const body = call.body as Partial<Record<'publish_at' | 'unpublish_at', string | null>> & {
          locales?: string[];
        };
        const locales = body.locales ?? null;
        current = {
          ...current,
          ...('publish_at' in body ? { publish_at: body.publish_at ?? null, publish_locales: locales } : {}),
          ...('unpublish_at' in body ? { unpublish_at: body.unpublish_at ?? null, unpublish_locales: locales } : {}),
        };
        return json(200, { data: { ...current, locale: 'en' } });
      }
      return undefined;
    },
  });
  return posts;
}

async function openSchedule(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Schedule…' }));
  return screen.findByRole('dialog', { name: 'Schedule publishing' });
}

describe('scheduled publishing', () => {
  it('schedules the chosen locales at times typed in the reader’s time zone, then shows the schedule', async () => {
    const posts = scheduleApi();
    const { user } = renderApp(EDITOR);
    const dialog = await openSchedule(user);
    expect(within(dialog).getByText(Intl.DateTimeFormat().resolvedOptions().timeZone)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Publish at'), '2099-12-03T09:00');
    await user.type(within(dialog).getByLabelText('Unpublish at'), '2100-01-15T18:30');
    await user.click(within(dialog).getByRole('checkbox', { name: /^en/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toEqual({
      publish_at: local(2099, 12, 3, 9, 0),
      unpublish_at: local(2100, 1, 15, 18, 30),
      locales: ['es', 'fr'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule publishing' })).toBeNull());
    // The document is read again, and the editor says what is scheduled.
    const schedule = await screen.findByRole('list', { name: 'Schedule' });
    for (const line of ['Publishes es, fr on Dec 3, 2099, 9:00 AM', 'Unpublishes es, fr on Jan 15, 2100, 6:30 PM']) {
      expect(within(schedule).getByRole('button', { name: 'Cancel schedule', description: line })).toBeTruthy();
    }
  });

  it('sends no locales when every locale is chosen, and sends an unchanged time exactly as it was', async () => {
    const publishAt = new Date(2099, 11, 3, 9, 0, 42).toISOString();
    const posts = scheduleApi({ document: { ...DOCUMENT, publish_at: publishAt, publish_locales: null } });
    const { user } = renderApp(EDITOR);
    const dialog = await openSchedule(user);
    expect((within(dialog).getByLabelText('Publish at') as HTMLInputElement).value).toBe('2099-12-03T09:00');
    await user.type(within(dialog).getByLabelText('Unpublish at'), '2099-12-24T12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toEqual({ publish_at: publishAt, unpublish_at: local(2099, 12, 24, 12, 0) });
  });

  it('refuses a past time, an unpublish before the publish and no locale, without asking the server', async () => {
    const posts = scheduleApi();
    const { user } = renderApp(EDITOR);
    const dialog = await openSchedule(user);
    const publishAt = within(dialog).getByLabelText('Publish at');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText('Choose when to publish, unpublish, or both')).toBeTruthy();

    await user.type(publishAt, '2020-01-01T09:00');
    await user.type(within(dialog).getByLabelText('Unpublish at'), '2019-12-31T09:00');
    for (const locale of ['en', 'es', 'fr']) {
      await user.click(within(dialog).getByRole('checkbox', { name: new RegExp(`^${locale}`) }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findAllByText('Choose a time in the future')).toHaveLength(2);
    expect(within(dialog).getByText('Choose at least one locale')).toBeTruthy();
    expect(publishAt.getAttribute('aria-invalid')).toBe('true');

    await user.clear(publishAt);
    await user.type(publishAt, '2099-12-03T09:00');
    const unpublishAt = within(dialog).getByLabelText('Unpublish at');
    await user.clear(unpublishAt);
    await user.type(unpublishAt, '2099-12-03T08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText('Choose a time after the publish time')).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('shows the server’s refusal on its field, and one without a field in the dialog', async () => {
    const never: Document = {
      ...DOCUMENT,
      status: 'draft',
      published_at: null,
      locale_status: { en: 'draft', es: 'draft', fr: 'draft' },
    };
    let answer = apiError(
      400,
      'locales must include the default locale (en): the document has not been published yet',
      [{ path: 'locales', message: 'must include the default locale (en): the document has not been published yet' }],
    );
    const posts = scheduleApi({ document: never, schedule: () => answer });
    const { user } = renderApp(EDITOR);
    const dialog = await openSchedule(user);
    await user.type(within(dialog).getByLabelText('Publish at'), '2099-12-03T09:00');
    await user.click(within(dialog).getByRole('checkbox', { name: /^en/ }));
    expect(within(dialog).getByText('The first publish must include en, the default locale.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(
      await within(dialog).findByText(
        'Locales must include the default locale (en): the document has not been published yet',
      ),
    ).toBeTruthy();
    expect(posts[0]?.body).toMatchObject({ locales: ['es', 'fr'] });

    answer = new Response(
      JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: 'Articles requires approval before publishing' }),
      { status: 409, headers: { 'Content-Type': 'application/json' } },
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /^en/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Articles requires approval before publishing');
    expect(posts).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Schedule publishing' })).toBeTruthy();
  });

  it('shows what is scheduled and cancels one action by sending null for its time', async () => {
    const posts = scheduleApi({
      document: {
        ...DOCUMENT,
        publish_at: local(2099, 12, 3, 9, 0),
        publish_locales: ['es', 'fr'],
        unpublish_at: local(2100, 1, 1, 0, 0),
        unpublish_locales: null,
      },
    });
    const { user } = renderApp(EDITOR);
    const schedule = await screen.findByRole('list', { name: 'Schedule' });
    expect(
      within(schedule).getByRole('button', {
        name: 'Cancel schedule',
        description: 'Unpublishes all locales on Jan 1, 2100, 12:00 AM',
      }),
    ).toBeTruthy();
    await user.click(
      within(schedule).getByRole('button', {
        name: 'Cancel schedule',
        description: 'Publishes es, fr on Dec 3, 2099, 9:00 AM',
      }),
    );
    await waitFor(() => expect(posts.map((call) => call.body)).toEqual([{ publish_at: null }]));
    // The document is read again: only the unpublish is left.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Schedule' }))
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ).toEqual(['Unpublishes all locales on Jan 1, 2100, 12:00 AMCancel schedule']),
    );
  });

  it('shows authors what is scheduled, but neither scheduling nor cancelling', async () => {
    scheduleApi({
      role: 'author',
      document: { ...DOCUMENT, publish_at: local(2099, 12, 3, 9, 0), publish_locales: ['es'] },
    });
    renderApp(EDITOR);
    const schedule = await screen.findByRole('list', { name: 'Schedule' });
    expect(
      within(schedule)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Publishes es on Dec 3, 2099, 9:00 AM']);
    expect(screen.queryByRole('button', { name: 'Schedule…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel schedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish…' })).toBeNull();
  });
});
