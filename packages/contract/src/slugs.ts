import slugifyLibrary from 'slugify';

/** The longest slug a document's slug field holds. */
export const MAX_SLUG_LENGTH = 200;

/**
 * A lowercase, dash-separated ASCII slug (`"Café Menu!"` → `"cafe-menu"`), at most `maxLength`
 * long: what the server stores for an empty slug field and what the editor fills in as its
 * source is typed.
 * @example toSlug('Hello World') // 'hello-world'
 */
export function toSlug(text: string, maxLength = 64): string {
  return slugifyLibrary(text, { lower: true, strict: true, trim: true }).slice(0, maxLength).replace(/-+$/, '');
}
