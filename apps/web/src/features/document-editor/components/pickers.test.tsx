import type { Asset, Document, Field } from '@plinth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { type FetchCall, fakeFetch, json, signIn, testCollection, testDocument } from '../../../test/render';
import { MediaPicker, ReferencePicker } from './pickers';

const DOCS = '/api/v1/projects/p1/collections/authors/documents';
const MEDIA = '/api/v1/projects/p1/media';

const AUTHORS = testCollection({ slug: 'authors', name: 'Authors', display_field: 'name' });

const author = (id: string, name: string, status: Document['status'] = 'published'): Document =>
  testDocument({ id, collection: 'authors', status, data: { name } });

const AUTHOR_DOCS = [author('a1', 'Ada Lovelace'), author('a2', 'Grace Hopper', 'draft'), author('a3', 'Alan Turing')];

const asset = (id: string, filename: string, mime = 'image/jpeg'): Asset => ({
  id,
  filename,
  mime_type: mime,
  size: 1000,
  width: mime.startsWith('image/') ? 800 : null,
  height: mime.startsWith('image/') ? 600 : null,
  alt: `Alt of ${filename}`,
  folder: null,
  url: `https://cms.example/media/p1/${id}/${filename}`,
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: 'u1',
  focal_point: null,
  dominant_color: null,
});

const ASSETS = [
  asset('m1', 'harbour.jpg'),
  asset('m2', 'lighthouse.png', 'image/png'),
  asset('m3', 'terms.pdf', 'application/pdf'),
];

/**
 * The API the pickers read: the authors collection's documents (searched with `q`, named with
 * `filter[id][in]`) and the media library (searched with `q`, narrowed with `type`).
 */
function pickerApi(): FetchCall[] {
  signIn();
  return fakeFetch((call) => {
    if (call.method === 'GET' && call.path === DOCS) {
      const ids = call.query.get('filter[id][in]');
      const q = call.query.get('q')?.toLowerCase();
      const found = AUTHOR_DOCS.filter((document) =>
        ids !== null
          ? ids.split(',').includes(document.id)
          : !q || String(document.data.name).toLowerCase().includes(q),
      );
      return json(200, { data: found, meta: { total: found.length, page: 1, limit: 20 } });
    }
    if (call.method === 'GET' && call.path === MEDIA) {
      const q = call.query.get('q')?.toLowerCase();
      const type = call.query.get('type');
      const found = ASSETS.filter(
        (item) => (!q || item.filename.includes(q)) && (type !== 'image' || item.mime_type.startsWith('image/')),
      );
      return json(200, { data: found, meta: { total: found.length, page: 1, limit: 20 } });
    }
    const one = call.method === 'GET' ? ASSETS.find((item) => call.path === `${MEDIA}/${item.id}`) : undefined;
    if (one) return json(200, { data: one });
    return json(404, { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' });
  });
}

type Picker = (props: { value: unknown; onChange: (value: unknown) => void }) => ReactNode;

/** A picker holding its value as the document form does; `changes` records every value it sent. */
function renderPicker(picker: Picker, initial: unknown = null) {
  const changes = vi.fn<(value: unknown) => void>();
  function Form() {
    const [value, setValue] = useState<unknown>(initial);
    return picker({
      value,
      onChange: (next) => {
        changes(next);
        setValue(next);
      },
    });
  }
  render(
    <QueryClientProvider client={createQueryClient({ retryQueries: false })}>
      <Form />
    </QueryClientProvider>,
  );
  return { changes, latest: () => changes.mock.lastCall?.[0] };
}

const reference = (field: Field, options: { readOnly?: boolean; error?: string } = {}): Picker =>
  function Reference({ value, onChange }) {
    return (
      <ReferencePicker
        projectId="p1"
        field={field}
        collections={[AUTHORS]}
        value={value}
        error={options.error}
        readOnly={options.readOnly ?? false}
        onChange={onChange}
      />
    );
  };

const media = (field: Field, options: { readOnly?: boolean } = {}): Picker =>
  function Media({ value, onChange }) {
    return (
      <MediaPicker
        projectId="p1"
        field={field}
        value={value}
        readOnly={options.readOnly ?? false}
        onChange={onChange}
      />
    );
  };

const AUTHOR: Field = { name: 'author', type: 'reference', required: true, options: { collection: 'authors' } };
const CO_AUTHORS: Field = { name: 'co_authors', type: 'reference', options: { collection: 'authors', multiple: true } };
const COVER: Field = { name: 'cover', type: 'media', options: { accept: ['image/*'] } };
const ATTACHMENTS: Field = {
  name: 'attachments',
  type: 'media',
  options: { multiple: true, accept: ['image/*', 'application/pdf'] },
};

/** The titles the open choice dialog lists, one per button. */
const choicesIn = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  user = userEvent.setup();
});

describe('ReferencePicker', () => {
  it('names the chosen document by its display field and searches the target collection for another', async () => {
    const calls = pickerApi();
    const { changes } = renderPicker(reference(AUTHOR), 'a1');
    const group = screen.getByRole('group', { name: 'Author (required)' });
    expect(await within(group).findByText('Ada Lovelace')).toBeTruthy();
    const named = calls.find((call) => call.query.has('filter[id][in]'));
    expect(named?.query.get('filter[id][in]')).toBe('a1');

    await user.click(within(group).getByRole('button', { name: 'Choose…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from Authors' });
    await waitFor(() =>
      expect(choicesIn(dialog)).toEqual(['Ada Lovelacepublished', 'Grace Hopperdraft', 'Alan Turingpublished']),
    );
    const listed = calls.filter((call) => call.path === DOCS && !call.query.has('filter[id][in]'));
    expect(listed.map((call) => Object.fromEntries(call.query))).toEqual([{ limit: '20', sort: '-updated_at' }]);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), ' gra ');
    await waitFor(() => expect(choicesIn(dialog)).toEqual(['Grace Hopperdraft']));
    // The search is sent trimmed, in `q`.
    expect(calls.at(-1)?.query.get('q')).toBe('gra');

    await user.click(within(dialog).getByRole('button', { name: /Grace Hopper/ }));
    expect(changes.mock.calls).toEqual([['a2']]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(group).findByText('Grace Hopper')).toBeTruthy();
    expect(within(group).queryByText('Ada Lovelace')).toBeNull();
  });

  it('says when the search finds nothing', async () => {
    pickerApi();
    renderPicker(reference(AUTHOR));
    await user.click(screen.getByRole('button', { name: 'Choose…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from Authors' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await within(dialog).findByText('Nothing matches.')).toBeTruthy();
    expect(choicesIn(dialog)).toEqual([]);
  });

  it('removes the chosen document of a single reference, leaving null', async () => {
    pickerApi();
    const { latest } = renderPicker(reference(AUTHOR), 'a1');
    await user.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(latest()).toBeNull();
    expect(screen.getByText('None chosen.')).toBeTruthy();
  });

  it('adds to and removes from a multiple reference, which holds a list of ids', async () => {
    pickerApi();
    const { latest } = renderPicker(reference(CO_AUTHORS), ['a1']);
    const group = screen.getByRole('group', { name: 'Co authors' });
    expect(await within(group).findByText('Ada Lovelace')).toBeTruthy();

    await user.click(within(group).getByRole('button', { name: 'Add…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from Authors' });
    await user.click(await within(dialog).findByRole('button', { name: /Alan Turing/ }));
    expect(latest()).toEqual(['a1', 'a3']);
    expect(await within(group).findByText('Alan Turing')).toBeTruthy();

    await user.click(within(group).getByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(latest()).toEqual(['a3']);
    await waitFor(() => expect(within(group).queryByText('Ada Lovelace')).toBeNull());
    expect(within(group).getByText('Alan Turing')).toBeTruthy();
  });

  it('says which chosen document no longer exists', async () => {
    pickerApi();
    renderPicker(reference(AUTHOR), 'gone');
    expect(await screen.findByText('Missing document')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Missing document' })).toBeTruthy();
  });

  it('shows a reader the chosen document and the server’s error, with nothing to change', async () => {
    pickerApi();
    renderPicker(reference(AUTHOR, { readOnly: true, error: 'is required' }), 'a1');
    const group = screen.getByRole('group', { name: 'Author (required)' });
    expect(await within(group).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(group).getByText('is required')).toBeTruthy();
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('is required');
    expect(within(group).queryAllByRole('button')).toEqual([]);
  });
});

describe('MediaPicker', () => {
  it('chooses an image from the media library, shows it, and removes it', async () => {
    const calls = pickerApi();
    const { changes, latest } = renderPicker(media(COVER));
    const group = screen.getByRole('group', { name: 'Cover' });
    expect(within(group).getByText('None chosen.')).toBeTruthy();

    await user.click(within(group).getByRole('button', { name: 'Choose…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from the media library' });
    // The field accepts images only, so only images are offered.
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /\.(jpg|png|pdf)$/ })).toHaveLength(2));
    expect(Object.fromEntries(calls.find((call) => call.path === MEDIA)?.query ?? [])).toEqual({
      limit: '20',
      type: 'image',
    });

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'light');
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /\.(jpg|png)$/ })).toHaveLength(1));
    expect(calls.at(-1)?.query.get('q')).toBe('light');
    await user.click(within(dialog).getByRole('button', { name: 'Alt of lighthouse.png lighthouse.png' }));
    expect(changes.mock.calls).toEqual([['m2']]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const image = (await within(group).findByRole('img', { name: 'Alt of lighthouse.png' })) as HTMLImageElement;
    expect(image.src).toBe('https://cms.example/media/p1/m2/lighthouse.png?w=96&h=96&fit=cover&format=webp');
    expect(within(group).getByTitle('lighthouse.png').textContent).toBe('lighthouse.png');
    expect(calls.some((call) => call.path === `${MEDIA}/m2`)).toBe(true);

    await user.click(within(group).getByRole('button', { name: 'Remove lighthouse.png' }));
    expect(latest()).toBeNull();
    expect(within(group).getByText('None chosen.')).toBeTruthy();
  });

  it('adds files of any accepted type to a multiple media field and removes one', async () => {
    const calls = pickerApi();
    const { latest } = renderPicker(media(ATTACHMENTS), ['m1']);
    const group = screen.getByRole('group', { name: 'Attachments' });
    expect(await within(group).findByRole('img', { name: 'Alt of harbour.jpg' })).toBeTruthy();

    await user.click(within(group).getByRole('button', { name: 'Add…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from the media library' });
    await user.click(await within(dialog).findByRole('button', { name: 'terms.pdf' }));
    expect(latest()).toEqual(['m1', 'm3']);
    // Not only images: no type is asked for.
    expect(calls.find((call) => call.path === MEDIA)?.query.has('type')).toBe(false);
    expect(await within(group).findByTitle('terms.pdf')).toBeTruthy();

    await user.click(within(group).getByRole('button', { name: 'Remove harbour.jpg' }));
    expect(latest()).toEqual(['m3']);
    await waitFor(() => expect(within(group).queryByTitle('harbour.jpg')).toBeNull());
    expect(within(group).getByTitle('terms.pdf')).toBeTruthy();
  });

  it('names and removes each chosen file by its id, whatever order the files are in', async () => {
    pickerApi();
    const { latest } = renderPicker(media(ATTACHMENTS), ['m1', 'm2']);
    const group = screen.getByRole('group', { name: 'Attachments' });
    expect(await within(group).findByTitle('lighthouse.png')).toBeTruthy();
    // Choosing a file already there moves it to the end.
    await user.click(within(group).getByRole('button', { name: 'Add…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from the media library' });
    await user.click(await within(dialog).findByRole('button', { name: 'Alt of harbour.jpg harbour.jpg' }));
    expect(latest()).toEqual(['m2', 'm1']);
    const names = () =>
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent);
    expect(names()).toEqual(['lighthouse.png', 'harbour.jpg']);
    await user.click(within(group).getByRole('button', { name: 'Remove harbour.jpg' }));
    expect(latest()).toEqual(['m2']);
  });

  it('lets a reader see the chosen file but not change it', async () => {
    pickerApi();
    renderPicker(media(COVER, { readOnly: true }), 'm1');
    const group = screen.getByRole('group', { name: 'Cover' });
    expect(await within(group).findByTitle('harbour.jpg')).toBeTruthy();
    expect(within(group).queryAllByRole('button')).toEqual([]);
  });
});
