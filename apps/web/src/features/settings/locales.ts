import { Locale } from '@plinth/contract';
import { localeLabel } from '../../lib/locale-names';

/** Tags people most often add, offered in a list; any other BCP 47 tag can be typed. */
export const COMMON_LOCALES = [
  'ar',
  'bg',
  'bn',
  'ca',
  'cs',
  'da',
  'de',
  'de-AT',
  'de-CH',
  'el',
  'en',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-US',
  'es',
  'es-419',
  'es-MX',
  'et',
  'fa',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'fr-CH',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'sw',
  'ta',
  'th',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh',
  'zh-Hans',
  'zh-Hant',
  'zh-TW',
] as const;

/** The most locales a project may have (the API's limit). */
export const MAX_LOCALES = 50;

// The contract's schema of a locale, so the app refuses exactly what the API would.
const LOCALE_SCHEMA = Locale as { pattern?: string; maxLength?: number };
const LOCALE_PATTERN = new RegExp(LOCALE_SCHEMA.pattern ?? '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');
const LOCALE_MAX_LENGTH = LOCALE_SCHEMA.maxLength ?? 35;

/**
 * Reads a typed tag: its canonical case (`pt-br` → `pt-BR`), or why it cannot be used.
 * @example parseLocale(' PT-br ', ['en']) // { tag: 'pt-BR' }
 */
export function parseLocale(input: string, existing: readonly string[]): { tag: string } | { error: string } {
  const typed = input.trim();
  if (!typed) return { error: 'Type a language tag, such as es or pt-BR.' };
  let tag = typed;
  try {
    tag = Intl.getCanonicalLocales(typed)[0] ?? typed;
  } catch {
    // Not a well-formed tag: the pattern below says so.
  }
  if (tag.length > LOCALE_MAX_LENGTH || !LOCALE_PATTERN.test(tag)) {
    return {
      error: `“${typed}” is not a BCP 47 language tag: use a 2 or 3 letter language code, optionally followed by a region or script, such as es, pt-BR or zh-Hans.`,
    };
  }
  if (existing.includes(tag)) return { error: `${localeLabel(tag)} is already one of the project's locales.` };
  if (existing.length >= MAX_LOCALES) return { error: `A project can have at most ${MAX_LOCALES} locales.` };
  return { tag };
}
