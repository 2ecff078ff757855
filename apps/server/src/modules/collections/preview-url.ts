import { type Field, PREVIEW_URL_FIELD_TYPES } from '@plinth/contract';
import { fieldError } from '../../lib/errors.js';

const PLACEHOLDER = /\{([^{}]*)\}/g;
const BUILT_IN = new Set(['id', 'collection', 'locale']);

/**
 * Checks a collection's `preview_url` template: an http(s) URL whose `{placeholders}` are `id`,
 * `collection`, `locale` or a single-valued text-like field of the collection.
 * @example checkPreviewUrl('https://site.example/blog/{slug}?locale={locale}', fields)
 */
export function checkPreviewUrl(template: string, fields: readonly Field[]): void {
  for (const [, name = ''] of template.matchAll(PLACEHOLDER)) {
    if (BUILT_IN.has(name)) continue;
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) {
      throw fieldError('preview_url', `{${name}} is neither id, collection, locale nor a field of the collection`);
    }
    if (!PREVIEW_URL_FIELD_TYPES.includes(field.type) || field.options?.multiple) {
      throw fieldError('preview_url', `{${name}} is a ${field.type} field; only single text-like values go in a URL`);
    }
  }
  let url: URL;
  try {
    url = new URL(template.replace(PLACEHOLDER, 'x'));
  } catch {
    throw fieldError('preview_url', 'must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw fieldError('preview_url', 'must be an absolute http:// or https:// URL');
  }
}

/**
 * A preview URL for one document: each placeholder replaced by its value, URL-encoded (an empty
 * string where the document has none).
 * @example fillPreviewUrl('https://site.example/{slug}', { slug: 'hello' }) // 'https://site.example/hello'
 */
export function fillPreviewUrl(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    return value === null || value === undefined || typeof value === 'object' ? '' : encodeURIComponent(String(value));
  });
}
