// What people call a locale tag, in English, from the browser's own list of languages.

let displayNames: Intl.DisplayNames | null | undefined;

/**
 * A tag's name in English, or null when the browser does not know it.
 * @example localeName('pt-BR') // 'Brazilian Portuguese'
 */
export function localeName(tag: string): string | null {
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    } catch {
      displayNames = null;
    }
  }
  try {
    return displayNames?.of(tag) ?? null;
  } catch {
    return null;
  }
}

/** "Spanish (es)", or the tag alone when it has no known name. */
export function localeLabel(tag: string): string {
  const name = localeName(tag);
  return name ? `${name} (${tag})` : tag;
}
