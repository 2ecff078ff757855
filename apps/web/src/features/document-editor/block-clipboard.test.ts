import type { Component } from '@plinth/contract';
import { describe, expect, it } from 'vitest';
import {
  type Block,
  describeSkipped,
  parseClipboardText,
  planPaste,
  toClipboardText,
  withFreshKeys,
} from './block-clipboard';

const component = (name: string, label: string): Component => ({
  name,
  label,
  description: '',
  fields: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

describe('block clipboard', () => {
  it('reads back what it writes, and nothing else', () => {
    const blocks: Block[] = [{ _component: 'hero', _key: 'a', heading: 'Hi' }];
    const text = toClipboardText(blocks, new Date('2026-11-02T10:00:00.000Z'));
    expect(JSON.parse(text)).toEqual({ plinth: 'blocks', version: 1, copied_at: '2026-11-02T10:00:00.000Z', blocks });
    expect(parseClipboardText(text)?.blocks).toEqual(blocks);

    for (const other of [
      null,
      '',
      'Hello there',
      '{not json',
      '[1, 2]',
      JSON.stringify({ plinth: 'blocks', version: 2, blocks }),
      JSON.stringify({ plinth: 'fields', version: 1, blocks }),
      JSON.stringify({ plinth: 'blocks', version: 1, blocks: [] }),
      JSON.stringify({ plinth: 'blocks', version: 1, blocks: [{ _component: 'hero' }] }),
    ]) {
      expect(parseClipboardText(other)).toBeNull();
    }
  });

  it('gives a copy and every block nested in it new keys, sharing nothing with the original', () => {
    let next = 0;
    const original: Block = {
      _component: 'section',
      _key: 's',
      tags: ['a', 'b'],
      items: [{ _component: 'row', _key: 'r', cells: [{ _component: 'cell', _key: 'c', text: 'x' }] }, 'kept as is'],
    };
    const copy = withFreshKeys(original, () => `n${++next}`);
    expect(copy).toEqual({
      _component: 'section',
      _key: 'n1',
      tags: ['a', 'b'],
      items: [{ _component: 'row', _key: 'n2', cells: [{ _component: 'cell', _key: 'n3', text: 'x' }] }, 'kept as is'],
    });
    (copy.tags as string[]).push('c');
    expect(original.tags).toEqual(['a', 'b']);
  });

  it('keeps the blocks a field takes and says why it leaves out the others', () => {
    const components = [component('hero', 'Hero'), component('video', 'Video'), component('quote', '')];
    const plan = planPaste({
      blocks: [
        { _component: 'hero', _key: 'a' },
        { _component: 'video', _key: 'b' },
        { _component: 'video', _key: 'c' },
        { _component: 'quote', _key: 'd' },
        { _component: 'map', _key: 'e' },
      ],
      allowed: ['hero'],
      components,
    });
    expect(plan.blocks.map((block) => block._component)).toEqual(['hero']);
    expect(plan.blocks[0]?._key).not.toBe('a');
    expect(describeSkipped({ skipped: plan.skipped, components, fieldLabel: 'Body' })).toBe(
      '4 blocks skipped: “Video” and “quote” are not allowed in Body; “map” is not a component of this project.',
    );
    expect(describeSkipped({ skipped: [], components, fieldLabel: 'Body' })).toBeNull();
  });
});
