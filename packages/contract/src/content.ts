import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.js';
import { Locale } from './projects.js';

export const FIELD_TYPES = [
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
  'media',
  'reference',
  'blocks',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Names of collections, components and fields. */
export const ModelName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' });

export const FieldOptions = Type.Object(
  {
    min_length: Type.Optional(Type.Integer({ minimum: 0 })),
    max_length: Type.Optional(Type.Integer({ minimum: 1 })),
    pattern: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    from: Type.Optional(ModelName),
    choices: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 500, uniqueItems: true }),
    ),
    multiple: Type.Optional(Type.Boolean()),
    accept: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z]+/([a-z0-9.+-]+|\\*)$' }), { maxItems: 50 })),
    collection: Type.Optional(ModelName),
    components: Type.Optional(Type.Array(ModelName, { minItems: 1, maxItems: 100, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type FieldOptions = Static<typeof FieldOptions>;

export const Field = Type.Object(
  {
    name: ModelName,
    type: Type.Enum(FIELD_TYPES),
    label: Type.Optional(Type.String({ maxLength: 200 })),
    help: Type.Optional(Type.String({ maxLength: 1000 })),
    required: Type.Optional(Type.Boolean()),
    unique: Type.Optional(Type.Boolean()),
    localized: Type.Optional(Type.Boolean()),
    hidden: Type.Optional(Type.Boolean()),
    default: Type.Optional(Type.Unknown()),
    options: Type.Optional(FieldOptions),
  },
  { additionalProperties: false },
);
export type Field = Static<typeof Field>;

const Fields = Type.Array(Field, { maxItems: 200 });

/** Where a collection's documents are previewed: an http(s) URL with `{placeholders}`. */
export const PreviewUrl = Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()], {
  description:
    'An http(s) URL template such as `https://site.example/blog/{slug}?locale={locale}`: `{id}`, `{collection}`, `{locale}` and `{<field>}` (a text-like field of the collection) are filled in per document; null for none',
});

export const CollectionKind = Type.Enum(['collection', 'singleton'] as const);

export const Collection = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  singular: Type.String(),
  description: Type.String(),
  kind: CollectionKind,
  display_field: Type.Union([Type.String(), Type.Null()]),
  requires_approval: Type.Boolean(),
  preview_url: Type.Union([Type.String(), Type.Null()]),
  fields: Type.Array(Field),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Collection = Static<typeof Collection>;

export const CreateCollectionBody = Type.Object(
  {
    slug: ModelName,
    name: Type.String({ minLength: 1, maxLength: 120 }),
    singular: Type.Optional(ModelName),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    kind: Type.Optional(CollectionKind),
    display_field: Type.Optional(Type.Union([ModelName, Type.Null()])),
    requires_approval: Type.Optional(Type.Boolean()),
    preview_url: Type.Optional(PreviewUrl),
    fields: Fields,
  },
  { additionalProperties: false },
);
export type CreateCollectionBody = Static<typeof CreateCollectionBody>;

export const UpdateCollectionBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    singular: Type.Optional(ModelName),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    display_field: Type.Optional(Type.Union([ModelName, Type.Null()])),
    requires_approval: Type.Optional(Type.Boolean()),
    preview_url: Type.Optional(PreviewUrl),
    fields: Type.Optional(Fields),
  },
  { additionalProperties: false },
);
export type UpdateCollectionBody = Static<typeof UpdateCollectionBody>;

export const Component = Type.Object({
  name: Type.String(),
  label: Type.String(),
  description: Type.String(),
  fields: Type.Array(Field),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Component = Static<typeof Component>;

export const CreateComponentBody = Type.Object(
  {
    name: ModelName,
    label: Type.Optional(Type.String({ maxLength: 120 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    fields: Fields,
  },
  { additionalProperties: false },
);
export type CreateComponentBody = Static<typeof CreateComponentBody>;

export const UpdateComponentBody = Type.Object(
  {
    label: Type.Optional(Type.String({ maxLength: 120 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    fields: Type.Optional(Fields),
  },
  { additionalProperties: false },
);
export type UpdateComponentBody = Static<typeof UpdateComponentBody>;

export const CollectionParams = Type.Object({ projectId: Id, slug: ModelName });
export type CollectionParams = Static<typeof CollectionParams>;
export const ComponentParams = Type.Object({ projectId: Id, name: ModelName });
export type ComponentParams = Static<typeof ComponentParams>;

export const DocumentStatus = Type.Enum(['draft', 'published', 'changed'] as const);
export type DocumentStatus = Static<typeof DocumentStatus>;
export const WorkflowStage = Type.Union([Type.Enum(['in_review', 'approved', 'rejected'] as const), Type.Null()]);

/** Where each project locale stands: `draft` (not published in it), `published`, or `changed` (published, with newer edits). */
export const LocaleStatus = Type.Record(Type.String(), DocumentStatus, {
  description:
    'Each project locale: `draft` (not published in that locale), `published`, or `changed` (published, with newer unpublished edits). Shared fields count with the default locale.',
});
export type LocaleStatus = Static<typeof LocaleStatus>;

/** The locales a scheduled publish or unpublish concerns; null for every locale. */
const ScheduledLocales = Type.Union([Type.Array(Type.String()), Type.Null()]);

export const Document = Type.Object({
  id: Id,
  collection: Type.String(),
  locale: Type.String(),
  status: DocumentStatus,
  workflow_stage: WorkflowStage,
  version: Type.Integer(),
  data: Type.Record(Type.String(), Type.Unknown()),
  created_at: Timestamp,
  updated_at: Timestamp,
  published_at: Type.Union([Timestamp, Type.Null()]),
  publish_at: Type.Union([Timestamp, Type.Null()]),
  unpublish_at: Type.Union([Timestamp, Type.Null()]),
  publish_locales: ScheduledLocales,
  unpublish_locales: ScheduledLocales,
  locale_status: LocaleStatus,
  created_by: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type Document = Static<typeof Document>;

/** The locales a publish or unpublish concerns; absent (or no body) for every locale. */
const PublishLocales = Type.Array(Locale, {
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  description: "Project locales; absent for every locale. The first publish must include the project's default locale",
});

export const PublishBody = Type.Object({ locales: Type.Optional(PublishLocales) }, { additionalProperties: false });
export type PublishBody = Static<typeof PublishBody>;

export const DocumentParams = Type.Object({ projectId: Id, collection: ModelName });
export type DocumentParams = Static<typeof DocumentParams>;
export const DocumentIdParams = Type.Object({ projectId: Id, collection: ModelName, id: Id });
export type DocumentIdParams = Static<typeof DocumentIdParams>;

const DocumentData = Type.Record(Type.String(), Type.Unknown());

export const CreateDocumentBody = Type.Object(
  {
    data: DocumentData,
    locale: Type.Optional(Locale),
    status: Type.Optional(Type.Enum(['draft', 'published'] as const)),
  },
  { additionalProperties: false },
);
export type CreateDocumentBody = Static<typeof CreateDocumentBody>;

export const UpdateDocumentBody = Type.Object(
  {
    data: DocumentData,
    locale: Type.Optional(Locale),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type UpdateDocumentBody = Static<typeof UpdateDocumentBody>;

/** Read options of one document: `locale` (or `*`), `populate`, `fields`, `status`. */
export const DocumentReadQuery = Type.Object(
  {
    locale: Type.Optional(
      Type.String({
        maxLength: 35,
        description: 'The locale of localized fields (falling back to the default locale), or `*` for all',
      }),
    ),
    populate: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: 'Reference and media fields to expand, comma-separated (`author,cover`), or `*`',
      }),
    ),
    depth: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 3, description: 'How many levels of references `populate` resolves' }),
    ),
    fields: Type.Optional(
      Type.String({ maxLength: 2000, description: 'Only these fields of `data`, comma-separated' }),
    ),
    status: Type.Optional(
      Type.Enum(['draft', 'published', 'changed', 'deleted'] as const, {
        description:
          '`published` reads the published snapshot; `draft` and `changed` the working copies in that ' +
          'status; `deleted` the trash. Without it, callers who may preview get working copies and ' +
          'others the snapshot; a token that may not preview gets a 403 for anything but `published`',
      }),
    ),
    plinth_preview: Type.Optional(
      Type.String({
        maxLength: 4000,
        description:
          'A preview token (from POST …/preview-token): reads this document’s working copy, or a document it references, without another credential',
      }),
    ),
    audience: Type.Optional(
      Type.String({
        maxLength: 64,
        description: "An audience's key: the answer holds that audience's variant where the document has one",
      }),
    ),
  },
  { additionalProperties: false, patternProperties: { '^visitor\\[': Type.String({ maxLength: 500 }) } },
);
export type DocumentReadQuery = Static<typeof DocumentReadQuery>;

export const PreviewTokenBody = Type.Object({ locale: Type.Optional(Locale) }, { additionalProperties: false });
export type PreviewTokenBody = Static<typeof PreviewTokenBody>;

/** A preview token and where to use it. */
export const PreviewToken = Type.Object({
  token: Type.String({ description: 'Read-only, for this document (and what it references), for an hour' }),
  url: Type.Union([Type.String(), Type.Null()], {
    description:
      "The collection's preview_url filled in for this document, with `plinth_preview=<token>`; null without one",
  }),
  expires_at: Timestamp,
});
export type PreviewToken = Static<typeof PreviewToken>;

/**
 * The list query. `filter[field][op]=value` keys are open-ended, so their fields and operators
 * are checked by the server's query parser; any other unknown parameter (a misspelt `sortt`) is
 * a 400 rather than silently ignored.
 */
export const DocumentListQuery = Type.Object(
  {
    ...DocumentReadQuery.properties,
    sort: Type.Optional(
      Type.String({ maxLength: 1000, description: 'Fields to sort by, comma-separated; `-` sorts descending' }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    cursor: Type.Optional(
      Type.String({ maxLength: 4000, description: '`meta.next_cursor` of the previous page (instead of `page`)' }),
    ),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Full-text search' })),
  },
  {
    additionalProperties: false,
    patternProperties: {
      '^filter\\[': Type.String({ maxLength: 2000 }),
      // Visitor attributes (`visitor[country]=FR`) pick an audience's variant.
      '^visitor\\[': Type.String({ maxLength: 500 }),
    },
  },
);
/** The known parameters; `filter[…]` and `visitor[…]` keys ride along as extra string properties. */
export type DocumentListQuery = Static<typeof DocumentListQuery>;

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'nin',
  'contains',
  'starts_with',
  'exists',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** One field's condition in a list filter: a value (eq), or values by operator. */
export const FilterCondition = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Object(Object.fromEntries(FILTER_OPERATORS.map((op) => [op, Type.Optional(Type.String({ maxLength: 2000 }))])), {
    additionalProperties: false,
  }),
]);

/**
 * `filter[field][op]=value` as OpenAPI describes it: a deepObject parameter keyed by field. The
 * list query above validates the same keys as flat `filter[…]` strings.
 */
export const DocumentFilterParam = Type.Record(Type.String({ pattern: '^[a-z0-9_.]+$' }), FilterCondition, {
  description:
    'Conditions by field: `filter[title][contains]=cms`, `filter[views][gte]=10`, `filter[status][in]=a,b` ' +
    '(comma-separated for in and nin), `filter[author.name][eq]=Ann` through a reference, and ' +
    '`filter[slug]=hello` for eq. Operators: ' +
    FILTER_OPERATORS.join(', ') +
    '. Localized fields compare their value in the chosen locale.',
});
