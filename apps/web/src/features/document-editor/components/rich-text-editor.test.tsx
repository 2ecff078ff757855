import type { Asset, Field } from '@plinth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeFetch, json, signIn } from '../../../test/render';
import { RichTextEditor } from './rich-text-editor';

const BODY: Field = { name: 'body', type: 'richtext', required: true, help: 'What readers see.' };

/** The editor holding its value as the document form does; `changes` records every value it sent. */
function renderEditor(initial: unknown, options: { readOnly?: boolean; error?: string } = {}) {
  const changes = vi.fn<(value: string | null) => void>();
  function Form() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <RichTextEditor
        projectId="p1"
        field={BODY}
        value={value}
        error={options.error}
        readOnly={options.readOnly ?? false}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
      />
    );
  }
  const view = render(
    <QueryClientProvider client={createQueryClient({ retryQueries: false })}>
      <Form />
    </QueryClientProvider>,
  );
  return { ...view, changes, latest: () => changes.mock.lastCall?.[0], box: editorBox() };
}

const editorBox = () => screen.getByRole('textbox', { name: 'Body (required)' });

/**
 * Puts the caret at the end of the editor's last text, as a click there would. The DOM here lays
 * nothing out, so a click places no caret; ProseMirror reads this one from `selectionchange`.
 */
function caretAtEnd(box: HTMLElement): void {
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  let last: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node;
  if (!last) throw new Error('The editor holds no text');
  document.getSelection()?.collapse(last, last.textContent?.length ?? 0);
  document.dispatchEvent(new Event('selectionchange'));
}

/** Focuses the editor and puts the caret at the end of its text. */
async function clickAtEnd(user: ReturnType<typeof userEvent.setup>, box: HTMLElement): Promise<void> {
  await user.click(box);
  caretAtEnd(box);
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  user = userEvent.setup();
});

describe('RichTextEditor', () => {
  it('shows the HTML in a labelled multi-line text box, under a toolbar of named buttons', () => {
    renderEditor('<h2>Our harbour</h2><p>Boats <strong>and</strong> <a href="https://example.com">birds</a></p>', {
      error: 'must not be empty',
    });
    const box = editorBox();
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(within(box).getByRole('heading', { level: 2, name: 'Our harbour' })).toBeTruthy();
    expect(within(box).getByText('and').tagName).toBe('STRONG');
    expect(within(box).getByRole('link', { name: 'birds' }).getAttribute('href')).toBe('https://example.com');

    const toolbar = screen.getByRole('toolbar', { name: 'Body formatting' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Bold',
      'Italic',
      'Heading',
      'Subheading',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Code',
      'Code block',
      'Link',
      'Image from the media library',
      'Undo',
      'Redo',
    ]);
    expect(screen.getByText('What readers see.')).toBeTruthy();
    expect(screen.getByText('must not be empty')).toBeTruthy();
  });

  it('ties the server’s refusal to the text box', () => {
    const { box } = renderEditor('<p>Hi</p>', { error: 'is required' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('is required');
  });

  it('sends the HTML of what is typed', async () => {
    const { box, changes, latest } = renderEditor('<p>Hello</p>');
    await clickAtEnd(user, box);
    await user.keyboard(' world');
    expect(latest()).toBe('<p>Hello world</p>');
    expect(changes).toHaveBeenCalledTimes(' world'.length);
  });

  it('makes the selected text bold from the toolbar, and shows the button pressed', async () => {
    const { box, latest } = renderEditor('<p>Hello</p>');
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    expect(pressed('Bold')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(latest()).toBe('<p><strong>Hello</strong></p>');
    expect(pressed('Bold')).toBe('true');
    expect(within(box).getByText('Hello').tagName).toBe('STRONG');

    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(latest()).toBe('<p>Hello</p>');
    expect(pressed('Bold')).toBe('false');
  });

  it('types in bold after Bold is pressed at the caret', async () => {
    const { box, latest } = renderEditor('<p>Hello</p>');
    await clickAtEnd(user, box);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard(' world');
    expect(latest()).toBe('<p>Hello<strong> world</strong></p>');
  });

  it('turns the paragraph at the caret into a heading and a subheading, and back', async () => {
    const { box, latest } = renderEditor('<p>Hello</p><p>More</p>');
    await clickAtEnd(user, box);
    await user.click(screen.getByRole('button', { name: 'Heading' }));
    // Tiptap's starter kit keeps a paragraph after a last block that is not one (TrailingNode),
    // so there is always a line to type on below it.
    expect(latest()).toBe('<p>Hello</p><h2>More</h2><p></p>');
    expect(pressed('Heading')).toBe('true');
    expect(within(box).getByRole('heading', { level: 2, name: 'More' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Subheading' }));
    expect(latest()).toBe('<p>Hello</p><h3>More</h3><p></p>');
    expect([pressed('Heading'), pressed('Subheading')]).toEqual(['false', 'true']);

    await user.click(screen.getByRole('button', { name: 'Subheading' }));
    expect(latest()).toBe('<p>Hello</p><p>More</p><p></p>');
  });

  it('makes a bulleted list, and undoes it', async () => {
    const { box, latest } = renderEditor('<p>Hello</p>');
    await clickAtEnd(user, box);
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(latest()).toBe('<ul><li><p>Hello</p></li></ul><p></p>');
    expect(pressed('Bulleted list')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(latest()).toBe('<p>Hello</p>');
  });

  it('sends null once everything is deleted', async () => {
    const { box, latest } = renderEditor('<p>Hello</p>');
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(latest()).toBeNull();
  });

  it('links the selected text to the address given in the Link dialog', async () => {
    const { box, latest } = renderEditor('<p>Hello</p>');
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link' });
    const address = within(dialog).getByRole('textbox', { name: 'Address' }) as HTMLInputElement;
    expect(address.value).toBe('https://');
    await user.type(address, 'example.com/boats');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const sent = document.createElement('div');
    sent.innerHTML = latest() ?? '';
    const link = within(sent).getByRole('link', { name: 'Hello' });
    expect(link.getAttribute('href')).toBe('https://example.com/boats');
    expect(pressed('Link')).toBe('true');
  });

  it('inserts an image chosen from the media library, offering images only', async () => {
    const photo: Asset = {
      id: 'm1',
      filename: 'harbour.jpg',
      mime_type: 'image/jpeg',
      size: 1000,
      width: 800,
      height: 600,
      alt: 'Boats in the harbour',
      folder: null,
      url: 'https://cms.example/media/p1/m1/harbour.jpg',
      created_at: '2026-11-01T10:00:00.000Z',
      created_by: 'u1',
      focal_point: null,
      dominant_color: null,
    };
    signIn();
    const calls = fakeFetch((call) =>
      call.path === '/api/v1/projects/p1/media'
        ? json(200, { data: [photo], meta: { total: 1, page: 1, limit: 20 } })
        : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }),
    );
    const { box, latest } = renderEditor('<p>Hello</p>');
    await clickAtEnd(user, box);
    await user.click(screen.getByRole('button', { name: 'Image from the media library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from the media library' });
    await user.click(await within(dialog).findByRole('button', { name: /harbour\.jpg/ }));
    expect(calls.at(-1)?.query.get('type')).toBe('image');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(latest()).toBe(
      '<p>Hello</p><img src="https://cms.example/media/p1/m1/harbour.jpg" alt="Boats in the harbour"><p></p>',
    );
    expect(within(box).getByRole('img', { name: 'Boats in the harbour' })).toBeTruthy();
  });

  it('shows a new value from outside (another locale, someone else’s save) in place of the old one', () => {
    const client = createQueryClient({ retryQueries: false });
    const editor = (value: string) => (
      <QueryClientProvider client={client}>
        <RichTextEditor projectId="p1" field={BODY} value={value} readOnly={false} onChange={() => {}} />
      </QueryClientProvider>
    );
    const { rerender } = render(editor('<p>English</p>'));
    expect(editorBox().innerHTML).toBe('<p>English</p>');
    rerender(editor('<p>Español</p>'));
    expect(editorBox().innerHTML).toBe('<p>Español</p>');
  });

  it('lets a reader read the text but offers no toolbar and takes no typing', async () => {
    const { box, changes } = renderEditor('<p>Hello</p>', { readOnly: true });
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(within(box).getByText('Hello')).toBeTruthy();
    await clickAtEnd(user, box);
    await user.keyboard(' world');
    expect(changes).not.toHaveBeenCalled();
    expect(box.textContent).toBe('Hello');
  });
});
