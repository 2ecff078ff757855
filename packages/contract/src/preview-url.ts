// A collection's `preview_url` template, read the same way by the server (which fills it for a
// preview token) and by the model builder (which checks it and shows a sample).

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Placeholders every template may use besides the collection's fields. */
export const PREVIEW_URL_BUILT_INS = ['id', 'collection', 'locale'] as const;

/**
 * The `{placeholders}` of a preview URL template, in order.
 * @example previewUrlPlaceholders('https://site.example/{slug}?l={locale}') // ['slug', 'locale']
 */
export function previewUrlPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map(([, name = '']) => name);
}

/**
 * The template with each placeholder filled in from `values`, URL-encoded (an empty string where
 * there is no value, or it is not a scalar).
 * @example fillPreviewUrl('https://site.example/{slug}', { slug: 'hello' }) // 'https://site.example/hello'
 */
export function fillPreviewUrl(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    return value === null || value === undefined || typeof value === 'object' ? '' : encodeURIComponent(String(value));
  });
}

/**
 * Whether a template, placeholders aside, is an absolute http(s) URL.
 * @example isHttpUrlTemplate('ftp://site.example/{slug}') // false
 */
export function isHttpUrlTemplate(template: string): boolean {
  try {
    const url = new URL(template.replace(PLACEHOLDER, 'x'));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
