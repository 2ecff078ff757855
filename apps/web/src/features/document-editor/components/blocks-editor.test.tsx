import type { Component, Field } from '@plinth/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BLOCK_CLIPBOARD_KEY, type Block, toClipboardText } from '../block-clipboard';
import { BlocksEditor, type RenderField } from './blocks-editor';
import { FieldControl } from './field-control';

const component = (name: string, label: string, fields: Field[]): Component => ({
  name,
  label,
  description: '',
  fields,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

const COMPONENTS: Component[] = [
  component('hero', 'Hero', [
    { name: 'heading', type: 'text' },
    { name: 'size', type: 'integer' },
  ]),
  component('video', 'Video', [{ name: 'url', type: 'url' }]),
  component('section', 'Section', [
    { name: 'title', type: 'text' },
    { name: 'items', type: 'blocks', options: { components: ['hero'] } },
  ]),
];

const BODY: Field = { name: 'body', type: 'blocks', options: { components: ['hero', 'video', 'section'] } };

/** One document's blocks field, holding its value as the document form does; `values` records each change. */
function renderDocument({
  field = BODY,
  initial,
  readOnly = false,
}: {
  field?: Field;
  initial: Block[];
  readOnly?: boolean;
}) {
  const values: unknown[] = [];
  const renderField: RenderField = (inner, value, onChange) =>
    inner.type === 'blocks' ? (
      <BlocksEditor
        field={inner}
        components={COMPONENTS}
        value={value}
        readOnly={readOnly}
        onChange={onChange}
        renderField={renderField}
      />
    ) : (
      <FieldControl
        field={inner}
        value={value}
        fallback={null}
        fallbackLocale={null}
        readOnly={readOnly}
        onChange={onChange}
      />
    );
  function Document() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <BlocksEditor
        field={field}
        components={COMPONENTS}
        value={value}
        readOnly={readOnly}
        onChange={(next) => {
          values.push(next);
          setValue(next);
        }}
        renderField={renderField}
      />
    );
  }
  const view = render(<Document />);
  return { ...view, region: screen.getByRole('region', { name: /Body/ }), latest: () => values.at(-1) as Block[] };
}

const titles = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('button')[1]?.textContent);

/** What the field last said it did (copied, pasted, removed). */
const status = (region: HTMLElement) => within(region).getByRole('status', { name: 'Last change to Body' });

/** Waits for a copy or a paste, which go through the clipboard first, to show their result. */
const shows = (region: HTMLElement, text: string) => waitFor(() => expect(status(region).textContent).toContain(text));

async function copyFromMenu(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByRole('button', { name: `More actions for ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Copy block' }));
}

let user: ReturnType<typeof userEvent.setup>;

beforeEach(async () => {
  user = userEvent.setup();
  // user-event's clipboard outlives a test when the runner has no global afterEach.
  await navigator.clipboard.writeText('');
});

describe('copying and pasting blocks', () => {
  it('copies a block from one document and pastes a copy with a new key into another', async () => {
    const first = renderDocument({
      initial: [
        { _component: 'hero', _key: 'a1', heading: 'Welcome', size: 2 },
        { _component: 'video', _key: 'a2', url: 'https://example.com/v' },
      ],
    });
    await copyFromMenu(user, 'Hero: Welcome');
    await shows(first.region, 'Copied “Hero: Welcome”.');
    const kept = JSON.parse(localStorage.getItem(BLOCK_CLIPBOARD_KEY) ?? 'null');
    expect(kept).toMatchObject({
      plinth: 'blocks',
      version: 1,
      blocks: [{ _component: 'hero', _key: 'a1', heading: 'Welcome', size: 2 }],
    });
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(kept);
    first.unmount();

    const second = renderDocument({ initial: [{ _component: 'video', _key: 'b1', url: 'https://example.com/w' }] });
    await user.click(within(second.region).getByRole('button', { name: 'Paste block at the end' }));
    await shows(second.region, 'Pasted “Hero: Welcome” at position 2.');
    expect(titles(second.region)).toEqual(['Video', 'Hero: Welcome']);
    const [, pasted] = second.latest();
    expect(pasted).toEqual({ _component: 'hero', _key: expect.any(String), heading: 'Welcome', size: 2 });
    expect(pasted?._key).not.toBe('a1');
    expect((within(second.region).getAllByRole('textbox', { name: 'Heading' })[0] as HTMLInputElement).value).toBe(
      'Welcome',
    );

    await user.click(within(second.region).getByRole('button', { name: 'Undo' }));
    expect(titles(second.region)).toEqual(['Video']);
  });

  it('pastes from the copy kept in the browser where the clipboard cannot be read, between two blocks', async () => {
    const first = renderDocument({
      initial: [
        { _component: 'hero', _key: 'a1', heading: 'One' },
        { _component: 'hero', _key: 'a2', heading: 'Two' },
      ],
    });
    await user.click(within(first.region).getByRole('button', { name: 'Copy all blocks' }));
    await shows(first.region, 'Copied 2 blocks.');
    first.unmount();

    // Another tab: the system clipboard now holds other text, and reading it is refused.
    await navigator.clipboard.writeText('some words');
    vi.spyOn(navigator.clipboard, 'readText').mockRejectedValue(new DOMException('Denied'));
    const second = renderDocument({
      initial: [
        { _component: 'video', _key: 'b1', url: 'https://example.com/1' },
        { _component: 'video', _key: 'b2', url: 'https://example.com/2' },
      ],
    });
    await user.click(within(second.region).getByRole('button', { name: 'Paste 2 blocks after 1' }));
    await shows(second.region, 'Pasted 2 blocks at positions 2 to 3.');
    expect(titles(second.region)).toEqual(['Video', 'Hero: One', 'Hero: Two', 'Video']);
    const keys = second.latest().map((block) => block._key);
    expect(new Set(keys).size).toBe(4);
    expect(keys).not.toContain('a1');
    expect(keys).not.toContain('a2');
  });

  it('gives nested blocks new keys too, keeping their values', async () => {
    const first = renderDocument({
      initial: [
        {
          _component: 'section',
          _key: 's1',
          title: 'Team',
          items: [
            { _component: 'hero', _key: 'n1', heading: 'Ada' },
            { _component: 'hero', _key: 'n2', heading: 'Grace' },
          ],
        },
      ],
    });
    await copyFromMenu(user, 'Section: Team');
    await shows(first.region, 'Copied “Section: Team”.');
    first.unmount();

    const second = renderDocument({ initial: [] });
    expect(within(second.region).getByText('No blocks yet.')).toBeTruthy();
    await user.click(within(second.region).getByRole('button', { name: 'Paste block' }));
    await shows(second.region, 'Pasted “Section: Team” at position 1.');
    const [section] = second.latest();
    expect(section).toMatchObject({ _component: 'section', title: 'Team' });
    const items = section?.items as Block[];
    expect(items.map((item) => [item._component, item.heading])).toEqual([
      ['hero', 'Ada'],
      ['hero', 'Grace'],
    ]);
    const keys = [section?._key, ...items.map((item) => item._key)];
    expect(keys.filter((key) => ['s1', 'n1', 'n2'].includes(key ?? ''))).toEqual([]);
    expect(new Set(keys).size).toBe(3);
    // The nested editor shows them.
    expect(within(second.region).getByRole('region', { name: /Items/ })).toBeTruthy();
    expect(
      within(second.region)
        .getAllByRole('textbox', { name: 'Heading' })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Ada', 'Grace']);
  });

  it('skips the blocks the field does not allow or the project does not have, and says why', async () => {
    localStorage.setItem(
      BLOCK_CLIPBOARD_KEY,
      toClipboardText([
        { _component: 'hero', _key: 'a1', heading: 'Kept' },
        { _component: 'video', _key: 'a2', url: 'https://example.com/v' },
        { _component: 'gallery', _key: 'a3' },
      ]),
    );
    const heroesOnly: Field = { name: 'body', type: 'blocks', options: { components: ['hero'] } };
    const view = renderDocument({ field: heroesOnly, initial: [] });
    await user.click(within(view.region).getByRole('button', { name: 'Paste block' }));
    await shows(
      view.region,
      'Pasted “Hero: Kept” at position 1. 2 blocks skipped: “Video” is not allowed in Body; “gallery” is not a component of this project.',
    );
    expect(view.latest().map((block) => block._component)).toEqual(['hero']);
    view.unmount();

    localStorage.setItem(BLOCK_CLIPBOARD_KEY, toClipboardText([{ _component: 'video', _key: 'a2' }]));
    const other = renderDocument({ field: heroesOnly, initial: [{ _component: 'hero', _key: 'b1', heading: 'Only' }] });
    // No Paste is offered for it; the shortcut still says why nothing comes in.
    within(other.region).getByRole('button', { name: 'Drag Hero: Only, position 1 of 1' }).focus();
    await user.keyboard('{Control>}v{/Control}');
    await shows(other.region, 'Nothing pasted. 1 block skipped: “Video” is not allowed in Body.');
    expect(titles(other.region)).toEqual(['Hero: Only']);
    expect(within(other.region).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('counts in Paste only the copied blocks the field takes, and offers none where it takes none', async () => {
    localStorage.setItem(
      BLOCK_CLIPBOARD_KEY,
      toClipboardText([
        { _component: 'hero', _key: 'a1', heading: 'Kept' },
        { _component: 'video', _key: 'a2', url: 'https://example.com/v' },
      ]),
    );
    const heroesOnly: Field = { name: 'body', type: 'blocks', options: { components: ['hero'] } };
    const heroes = renderDocument({
      field: heroesOnly,
      initial: [{ _component: 'hero', _key: 'b1', heading: 'Only' }],
    });
    expect(within(heroes.region).getByRole('button', { name: 'Paste block at the end' })).toBeTruthy();
    expect(within(heroes.region).queryByRole('button', { name: /Paste 2 blocks/ })).toBeNull();
    heroes.unmount();

    const sectionsOnly: Field = { name: 'body', type: 'blocks', options: { components: ['section'] } };
    localStorage.setItem(BLOCK_CLIPBOARD_KEY, toClipboardText([{ _component: 'video', _key: 'a2' }]));
    const sections = renderDocument({
      field: sectionsOnly,
      initial: [{ _component: 'section', _key: 's1', title: 'Team' }],
    });
    expect(within(sections.region).getByRole('button', { name: /Add block at the end/ })).toBeTruthy();
    expect(within(sections.region).queryByRole('button', { name: /Paste/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions for Section: Team' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy block' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Paste/ })).toBeNull();
  });

  it('offers Paste only when blocks were copied, here or in another tab', async () => {
    await navigator.clipboard.writeText('not blocks');
    const view = renderDocument({ initial: [{ _component: 'hero', _key: 'a1', heading: 'Welcome' }] });
    expect(within(view.region).getByRole('button', { name: /Add block at the end/ })).toBeTruthy();
    expect(within(view.region).queryByRole('button', { name: /Paste/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions for Hero: Welcome' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy block' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Paste/ })).toBeNull();
    await user.keyboard('{Escape}');

    // Another tab copies: localStorage changes there, and this tab hears of it.
    const text = toClipboardText([{ _component: 'video', _key: 'x1', url: 'https://example.com/v' }]);
    localStorage.setItem(BLOCK_CLIPBOARD_KEY, text);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: BLOCK_CLIPBOARD_KEY, newValue: text }));
    });
    expect(within(view.region).getByRole('button', { name: 'Paste block at the end' })).toBeTruthy();

    localStorage.removeItem(BLOCK_CLIPBOARD_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: BLOCK_CLIPBOARD_KEY, newValue: null }));
    });
    expect(within(view.region).queryByRole('button', { name: /Paste/ })).toBeNull();
  });

  it('copies with Ctrl+C and pastes after the block with Ctrl+V on its handle, but not in a text field', async () => {
    const view = renderDocument({
      initial: [
        { _component: 'hero', _key: 'a1', heading: 'First' },
        { _component: 'hero', _key: 'a2', heading: 'Second' },
      ],
    });
    // Whether each Ctrl/Cmd shortcut was taken from the browser, seen once it has gone through the editor.
    const shortcuts: [string, boolean][] = [];
    const record = (event: KeyboardEvent) => {
      if (event.key === 'c' || event.key === 'v') shortcuts.push([event.key, event.defaultPrevented]);
    };
    document.addEventListener('keydown', record);
    onTestFinished(() => document.removeEventListener('keydown', record));
    within(view.region).getByRole('button', { name: 'Drag Hero: Second, position 2 of 2' }).focus();
    await user.keyboard('{Control>}c{/Control}');
    await shows(view.region, 'Copied “Hero: Second”.');

    within(view.region).getByRole('button', { name: 'Drag Hero: First, position 1 of 2' }).focus();
    await user.keyboard('{Meta>}v{/Meta}');
    await shows(view.region, 'Pasted “Hero: Second” at position 2.');
    expect(titles(view.region)).toEqual(['Hero: First', 'Hero: Second', 'Hero: Second']);
    expect(view.latest()[1]?._key).not.toBe('a2');

    const heading = within(view.region).getAllByRole('textbox', { name: 'Heading' })[0] as HTMLInputElement;
    await user.click(heading);
    await user.keyboard('{Control>}v{/Control}{Control>}c{/Control}');
    // Left to the browser: the text field pastes and copies text as it always does.
    expect(shortcuts).toEqual([
      ['c', true],
      ['v', true],
      ['v', false],
      ['c', false],
    ]);
    expect(titles(view.region)).toHaveLength(3);
  });

  it('lets a reader copy blocks but not paste them', async () => {
    localStorage.setItem(BLOCK_CLIPBOARD_KEY, toClipboardText([{ _component: 'hero', _key: 'x1', heading: 'Old' }]));
    const view = renderDocument({ initial: [{ _component: 'hero', _key: 'a1', heading: 'Read' }], readOnly: true });
    expect(within(view.region).queryByRole('button', { name: /Paste|Add block/ })).toBeNull();
    await copyFromMenu(user, 'Hero: Read');
    await shows(view.region, 'Copied “Hero: Read”.');
    await user.click(screen.getByRole('button', { name: 'More actions for Hero: Read' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy block' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Paste/ })).toBeNull();
    expect(JSON.parse(localStorage.getItem(BLOCK_CLIPBOARD_KEY) ?? 'null').blocks).toEqual([
      { _component: 'hero', _key: 'a1', heading: 'Read' },
    ]);
  });
});

describe('a long page of blocks', () => {
  /** The browser's IntersectionObserver, told by the test which blocks are near the screen. */
  function observeByHand() {
    const observed = new Map<Element, IntersectionObserverCallback>();
    class ObserverByHand {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        observed.set(target, this.callback);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', ObserverByHand);
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    return (target: Element, isIntersecting: boolean) =>
      act(() =>
        observed.get(target)?.([{ target, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
  }

  const many = Array.from({ length: 30 }, (_, index) => ({
    _component: 'hero',
    _key: `k${index + 1}`,
    heading: `Heading ${index + 1}`,
  }));

  it('draws the blocks near the screen in full and the others as their titles, until they come near', async () => {
    const report = observeByHand();
    const { region, latest } = renderDocument({ initial: many });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(30);
    expect(within(region).getAllByRole('textbox', { name: 'Heading' })).toHaveLength(6);
    const far = items[19] as HTMLElement;
    expect(far.textContent).toBe('Hero: Heading 20');
    expect(within(far).queryByRole('textbox')).toBeNull();

    report(far, true);
    const heading = within(far).getByRole('textbox', { name: 'Heading' });
    await user.type(heading, '!');
    expect(latest()[19]).toMatchObject({ _key: 'k20', heading: 'Heading 20!' });
    // Edited far down, every block keeps its place and value.
    expect(latest().map((block) => block._key)).toEqual(many.map((block) => block._key));

    report(far, false);
    expect(within(far).queryByRole('textbox')).toBeNull();
    expect(far.textContent).toBe('Hero: Heading 20!');
  });
});
