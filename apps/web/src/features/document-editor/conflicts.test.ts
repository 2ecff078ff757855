import type { Field } from '@plinth/contract';
import { describe, expect, it } from 'vitest';
import { mergeText, reconcile, sameValue } from './conflicts';

describe('mergeText', () => {
  it('keeps both changes when they touch different words', () => {
    expect(mergeText('The quick brown fox', 'The quick red fox', 'The quick brown fox jumps')).toBe(
      'The quick red fox jumps',
    );
    expect(mergeText('a b c', 'A b c', 'a b C')).toBe('A b C');
  });

  it('merges inside HTML without breaking its tags', () => {
    expect(mergeText('<p>One two</p><p>Three</p>', '<p>One 2</p><p>Three</p>', '<p>One two</p><p>Three!</p>')).toBe(
      '<p>One 2</p><p>Three!</p>',
    );
  });

  it('gives up when both change the same words differently', () => {
    expect(mergeText('Hello world', 'Hello there', 'Hello everyone')).toBeNull();
  });

  it('takes a change both made once', () => {
    expect(mergeText('a b', 'a c', 'a c')).toBe('a c');
    expect(mergeText('', 'mine', '')).toBe('mine');
  });
});

describe('reconcile', () => {
  const fields: Field[] = [
    { name: 'title', type: 'text', localized: true },
    { name: 'views', type: 'integer' },
    { name: 'tags', type: 'json' },
  ];
  const base = { title: { en: 'Hello world', es: 'Hola' }, views: 1, tags: ['a'] };

  it('keeps edits of fields they did not change and drops edits that match theirs', () => {
    const theirs = { ...base, title: { en: 'Hello world', es: 'Hola mundo' }, tags: ['a', 'b'] };
    const result = reconcile(fields, base, theirs, {
      'en:title': { field: 'title', locale: 'en', value: 'Hi world' },
      '*:tags': { field: 'tags', locale: null, value: ['a', 'b'] },
    });
    expect(result.conflicts).toEqual([]);
    expect(result.edits).toEqual({ 'en:title': { field: 'title', locale: 'en', value: 'Hi world' } });
  });

  it('reports a field both changed, with a merge for text', () => {
    const theirs = { ...base, title: { en: 'Hello world!', es: 'Hola' }, views: 9 };
    const result = reconcile(fields, base, theirs, {
      'en:title': { field: 'title', locale: 'en', value: 'Goodbye world' },
      '*:views': { field: 'views', locale: null, value: 2 },
    });
    expect(result.edits).toEqual({});
    expect(result.conflicts.map((conflict) => [conflict.key, conflict.mine, conflict.theirs, conflict.merged])).toEqual(
      [
        ['en:title', 'Goodbye world', 'Hello world!', 'Goodbye world!'],
        ['*:views', 2, 9, null],
      ],
    );
  });

  it('compares structured values by content', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});
