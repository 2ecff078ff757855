import type { Field } from '@plinth/contract';

/** The field types the assistant writes into. */
export const WRITABLE_TYPES: readonly Field['type'][] = ['text', 'longtext', 'richtext'];

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Text without markup, for reviews: paragraphs and list items on lines of their own.
 * @example plainText('<p>Hello <b>you</b></p><p>Bye</p>') // 'Hello you\nBye'
 */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Plain text as rich text: each paragraph (text between blank lines) in a `<p>`, single line breaks kept.
 * @example toRichText('One\n\nTwo & three') // '<p>One</p><p>Two &amp; three</p>'
 */
export function toRichText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Text as a field stores it: rich text as paragraphs, the rest as it is. */
export const valueForField = (field: Field, text: string): string =>
  field.type === 'richtext' ? toRichText(text) : text;

/**
 * Any stored value as a line of text for a before → after review: strings without markup, blocks
 * and lists as their texts joined, nothing as "(empty)".
 * @example readable([{ _component: 'hero', _key: 'a', heading: '<b>Hi</b>' }]) // 'Hi'
 */
export function readable(value: unknown): string {
  const texts: string[] = [];
  const collect = (item: unknown, key = ''): void => {
    if (key === '_component' || key === '_key') return;
    if (typeof item === 'string') {
      const text = plainText(item);
      if (text) texts.push(text);
    } else if (typeof item === 'number' || typeof item === 'boolean') texts.push(String(item));
    else if (Array.isArray(item)) for (const entry of item) collect(entry);
    else if (item && typeof item === 'object') {
      for (const [name, entry] of Object.entries(item)) collect(entry, name);
    }
  };
  collect(value);
  return texts.length > 0 ? texts.join(' · ') : '(empty)';
}
