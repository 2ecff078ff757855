import type { Field } from '@plinth/contract';
import { describe, expect, it } from 'vitest';
import { pathLabel } from './components/version-history';
import { readableValue } from './field-values';

const FIELDS: Field[] = [
  { name: 'title', type: 'text', localized: true, label: 'Headline' },
  { name: 'body', type: 'blocks', options: { components: ['hero', 'text_block'] } },
  { name: 'views', type: 'integer' },
];

describe('readableValue', () => {
  it('shows blocks as their component in words and their first text, without markup', () => {
    const long = 'word '.repeat(30);
    expect(
      readableValue([
        { _component: 'hero', _key: 'a', heading: 'Welcome aboard', image: null },
        { _component: 'text_block', _key: 'b', body: '<p>Plain <strong>text</strong></p>' },
        { _component: 'divider', _key: 'c' },
        { _component: 'text_block', _key: 'd', body: long },
      ]),
    ).toBe(
      [
        '1. Hero: Welcome aboard',
        '2. Text block: Plain text',
        '3. Divider',
        `4. Text block: ${long.trim().slice(0, 60)}…`,
      ].join('\n'),
    );
  });
});

describe('pathLabel', () => {
  it('names a change by its field’s label, its locale and where in the field it is', () => {
    expect(pathLabel(FIELDS, 'title.es')).toBe('Headline (es)');
    expect(pathLabel(FIELDS, 'views')).toBe('Views');
    expect(pathLabel(FIELDS, 'body.2.heading')).toBe('Body › 2 › heading');
    expect(pathLabel(FIELDS, 'removed_field.en')).toBe('removed_field.en');
  });
});
