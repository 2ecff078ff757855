// The visitor's locale, kept in a cookie for a year (PRODUCT-SPEC §9). English is the only
// locale for now, and URLs carry no locale prefix.

export const LOCALE_COOKIE = 'plinth_locale';
export const LOCALE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const SUPPORTED_LOCALES = ['en'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export function readLocale(cookie: string = document.cookie): Locale {
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return (SUPPORTED_LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'en';
}

/** Writes (and so renews) the locale cookie: 365 days, whole site. */
export function saveLocale(locale: Locale = readLocale()): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
