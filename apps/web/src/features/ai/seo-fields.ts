import type { Field } from '@plinth/contract';

export type SuggestionKind = 'meta_title' | 'meta_description' | 'keywords';

/** Field names that hold each suggestion, the most specific first. */
const CANDIDATES: Record<SuggestionKind, readonly string[]> = {
  meta_title: ['meta_title', 'seo_title'],
  meta_description: ['meta_description', 'seo_description', 'description', 'excerpt'],
  keywords: ['meta_keywords', 'seo_keywords', 'keywords'],
};

const TEXT_TYPES: readonly Field['type'][] = ['text', 'longtext', 'richtext'];

/**
 * The collection's field a suggestion goes into: a text-like field with one of the usual names.
 * @example suggestionField([{ name: 'excerpt', type: 'longtext' }], 'meta_description')?.name // 'excerpt'
 */
export function suggestionField(fields: readonly Field[], kind: SuggestionKind): Field | null {
  for (const name of CANDIDATES[kind]) {
    const field = fields.find((item) => item.name === name && TEXT_TYPES.includes(item.type));
    if (field) return field;
  }
  return null;
}
