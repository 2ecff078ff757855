import type { Field } from '@plinth/contract';

/** "published_on" → "Published on". */
export function humanize(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a field is called on screen: its label, else its name in words. */
export function fieldLabel(field: Field): string {
  return field.label?.trim() || humanize(field.name);
}
