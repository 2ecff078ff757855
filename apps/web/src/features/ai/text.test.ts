import { describe, expect, it } from 'vitest';
import { plainText, readable, toRichText, valueForField } from './text';

describe('ai text helpers', () => {
  it('takes markup out of rich text, a line per paragraph', () => {
    expect(plainText('<p>Hello <b>you</b> &amp; me</p><p>Bye&nbsp;now</p>')).toBe('Hello you & me\nBye now');
  });

  it('makes paragraphs of plain text, escaped', () => {
    expect(toRichText('One\nline two\n\n  Two <b> & three  \n\n')).toBe(
      '<p>One<br>line two</p><p>Two &lt;b&gt; &amp; three</p>',
    );
    expect(valueForField({ name: 'body', type: 'richtext' }, 'Hi')).toBe('<p>Hi</p>');
    expect(valueForField({ name: 'title', type: 'text' }, 'Hi')).toBe('Hi');
  });

  it('reads blocks and empty values for a review', () => {
    expect(readable([{ _component: 'hero', _key: 'a', heading: '<b>Hi</b>', count: 2 }])).toBe('Hi · 2');
    expect(readable(null)).toBe('(empty)');
    expect(readable('')).toBe('(empty)');
  });
});
