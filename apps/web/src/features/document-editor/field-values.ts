import type { Field } from '@plinth/contract';
import { humanize } from '../../lib/field-label';

const isLocaleMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A field's value in `locale` from a document read with `locale=*`: localized fields hold
 * `{ locale: value }` maps, the others one shared value.
 * @example valueIn({ name: 'title', type: 'text', localized: true }, { title: { en: 'Hi' } }, 'en') // 'Hi'
 */
export function valueIn(field: Field, data: Record<string, unknown>, locale: string): unknown {
  const stored = data[field.name];
  if (!field.localized) return stored ?? null;
  return isLocaleMap(stored) ? (stored[locale] ?? null) : null;
}

/** The default locale's value of a localized field, shown as the fallback where a locale has none. */
export function fallbackIn(field: Field, data: Record<string, unknown>, defaultLocale: string): unknown {
  return field.localized ? valueIn(field, data, defaultLocale) : null;
}

/** `2026-11-28T10:00:00.000Z` → `2026-11-28T10:00` in the browser's time zone, for a datetime-local input. */
export function toDateTimeInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local input's value (the browser's time zone) → ISO 8601 UTC; null when empty. */
export function fromDateTimeInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The text a json field shows: the value pretty-printed, or nothing. */
export const toJsonText = (value: unknown): string =>
  value === null || value === undefined ? '' : JSON.stringify(value, null, 2);

/** Longest a block's first text may be in a comparison line. */
const BLOCK_TEXT_CHARS = 60;

/** A block in one line: its component in words and its first text, `Hero: Welcome aboard`. */
function blockSummary(block: Record<string, unknown>): string {
  const kind = humanize(String(block._component));
  const text = Object.entries(block).find(
    ([key, value]) => !key.startsWith('_') && typeof value === 'string' && value.trim() !== '',
  )?.[1] as string | undefined;
  if (!text) return kind;
  const plain = readableValue(text).replace(/\s+/g, ' ');
  return `${kind}: ${plain.length > BLOCK_TEXT_CHARS ? `${plain.slice(0, BLOCK_TEXT_CHARS)}…` : plain}`;
}

/** A value as comparisons show it: text without markup, anything else as short JSON. */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') {
    const text = value
      .replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .trim();
    return text || '(empty)';
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item && '_component' in item)) {
    return value.map((item, index) => `${index + 1}. ${blockSummary(item as Record<string, unknown>)}`).join('\n');
  }
  const json = JSON.stringify(value);
  return json.length > 400 ? `${json.slice(0, 400)}…` : json;
}
