import {
  type Field,
  isHttpUrlTemplate,
  PREVIEW_URL_BUILT_INS,
  PREVIEW_URL_FIELD_TYPES,
  previewUrlPlaceholders,
} from '@plinth/contract';
import { fieldError } from '../../lib/errors.js';

const BUILT_IN = new Set<string>(PREVIEW_URL_BUILT_INS);

/**
 * Checks a collection's `preview_url` template: an http(s) URL whose `{placeholders}` are `id`,
 * `collection`, `locale` or a single-valued text-like field of the collection.
 * @example checkPreviewUrl('https://site.example/blog/{slug}?locale={locale}', fields)
 */
export function checkPreviewUrl(template: string, fields: readonly Field[]): void {
  for (const name of previewUrlPlaceholders(template)) {
    if (BUILT_IN.has(name)) continue;
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) {
      throw fieldError('preview_url', `{${name}} is neither id, collection, locale nor a field of the collection`);
    }
    if (!PREVIEW_URL_FIELD_TYPES.includes(field.type) || field.options?.multiple) {
      throw fieldError('preview_url', `{${name}} is a ${field.type} field; only single text-like values go in a URL`);
    }
  }
  if (!isHttpUrlTemplate(template)) throw fieldError('preview_url', 'must be an absolute http:// or https:// URL');
}
