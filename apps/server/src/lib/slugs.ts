import slugifyLibrary from 'slugify';

/**
 * A lowercase, dash-separated ASCII slug (`"Café Menu!"` → `"cafe-menu"`), at most `maxLength` long.
 * @example toSlug('Hello World') // 'hello-world'
 */
export function toSlug(text: string, maxLength = 64): string {
  return slugifyLibrary.default(text, { lower: true, strict: true, trim: true }).slice(0, maxLength).replace(/-+$/, '');
}
