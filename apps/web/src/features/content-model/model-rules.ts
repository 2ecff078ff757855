import type { FieldOptions, FieldType } from '@plinth/contract';

// What the model builder checks before saving, besides the rules it shares with the server
// (@plinth/contract's model rules). The server stays the judge: what it refuses lands beside the
// field all the same.

/** Names of collections, components and fields (API.md). */
export const MODEL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

export const MODEL_NAME_HINT = 'Lower-case letters, digits and _, starting with a letter (at most 64)';

export type OptionName = keyof FieldOptions;

/** Types that take a default value typed in the editor (the others hold ids or structures). */
export const DEFAULT_TYPES: readonly FieldType[] = [
  'text',
  'longtext',
  'richtext',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'email',
  'url',
  'slug',
  'select',
  'json',
];

/** A MIME pattern of a media field's `accept`: `image/*`, `application/pdf`. */
export const MIME_PATTERN = /^[a-z]+\/([a-z0-9.+-]+|\*)$/;

/**
 * The singular the server gives a slug without one: the slug without its final `s`, or the slug
 * plus `_item` when it has none.
 * @example defaultSingular('articles') // 'article'
 */
export function defaultSingular(slug: string): string {
  return slug.endsWith('s') && slug.length > 1 ? slug.slice(0, -1) : `${slug}_item`;
}

/**
 * A model name made from words a person typed ("Published on" → `published_on`).
 * @example toModelName('Blog posts') // 'blog_posts'
 */
export function toModelName(text: string): string {
  const name = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 64);
  return name.replace(/_+$/, '');
}

/** `blog_post` → `blogPost`, as the server's GraphQL names (modules/graphql/names.ts). */
export function camelCase(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase()).replace(/_+$/, '');
}

/** `blog_post` → `BlogPost`. */
export function pascalCase(name: string): string {
  const camel = camelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}
