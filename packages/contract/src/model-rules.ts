import type { FieldOptions, FieldType } from './content.js';

// The rules of the content model that are data, not code: the server checks them
// (collections module) and the model builder says what is wrong before saving with the same ones.

/** Names the document shape already uses: a field may not shadow them. */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  'id',
  'status',
  'locale',
  'version',
  'collection',
  'data',
  'workflow_stage',
  'created_at',
  'updated_at',
  'published_at',
  'publish_at',
  'unpublish_at',
  'created_by',
  'updated_by',
  'deleted_at',
]);

/** Collection slugs that would clash with routes or generated GraphQL names. */
export const RESERVED_COLLECTION_SLUGS: ReadonlySet<string> = new Set([
  'query',
  'mutation',
  'subscription',
  'asset',
  'assets',
  'media',
]);

/** The options each field type takes (any other is refused). */
export const FIELD_OPTIONS_BY_TYPE: Readonly<Record<FieldType, readonly (keyof FieldOptions)[]>> = {
  text: ['min_length', 'max_length', 'pattern'],
  longtext: ['min_length', 'max_length'],
  richtext: ['max_length'],
  number: ['min', 'max'],
  integer: ['min', 'max'],
  boolean: [],
  date: [],
  datetime: [],
  email: [],
  url: [],
  slug: ['from'],
  select: ['choices', 'multiple'],
  json: [],
  media: ['multiple', 'accept'],
  reference: ['collection', 'multiple'],
  blocks: ['components'],
};

/** Types whose values can be unique (and then never several at once). */
export const UNIQUE_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'email',
  'url',
  'slug',
  'number',
  'integer',
  'date',
  'datetime',
];

/** Types that can name a document in lists (`display_field`). */
export const DISPLAY_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'slug',
  'email',
  'url',
  'number',
  'integer',
  'date',
  'datetime',
];

/** Types a slug can be made from (`options.from`). */
export const SLUG_SOURCE_TYPES: readonly FieldType[] = ['text', 'longtext'];

/** Types whose single value reads well in a URL: what a `preview_url` placeholder may name. */
export const PREVIEW_URL_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'slug',
  'integer',
  'number',
  'select',
  'date',
  'datetime',
  'email',
  'url',
  'boolean',
];
