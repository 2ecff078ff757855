import type { Field } from '@plinth/contract';
import { describe, expect, it } from 'vitest';
import { changedFieldNames, diffData } from './version-diff.js';

const fields: Field[] = [
  { name: 'title', type: 'text', localized: true },
  { name: 'views', type: 'integer' },
  { name: 'tags', type: 'select', options: { choices: ['a', 'b'], multiple: true } },
];

describe('diffData', () => {
  it('compares localized fields per locale and others as a whole', () => {
    const changes = diffData(
      fields,
      { title: { en: 'Hello', es: 'Hola' }, views: 1, tags: ['a'] },
      { title: { en: 'Hello', fr: 'Bonjour' }, views: 2, tags: ['a'] },
    );
    expect(changes).toEqual([
      { path: 'title.es', before: 'Hola', after: null },
      { path: 'title.fr', before: null, after: 'Bonjour' },
      { path: 'views', before: 1, after: 2 },
    ]);
  });

  it('reports fields that are no longer in the model', () => {
    expect(diffData(fields, { old: 'x' }, {})).toEqual([{ path: 'old', before: 'x', after: null }]);
  });

  it('names changed top-level fields once', () => {
    expect(
      changedFieldNames(fields, { title: { en: 'a', es: 'b' } }, { title: { en: 'c', es: 'd' }, tags: ['b'] }),
    ).toEqual(['title', 'tags']);
  });
});
