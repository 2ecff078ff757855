import { type Static, type TSchema, Type } from 'typebox';
import { Id, ListMeta, Timestamp } from './common.js';
import { ModelName } from './content.js';
import { Locale } from './projects.js';

/** Visitor attributes an audience rule may test, besides `custom.<name>`. */
export const VISITOR_ATTRIBUTES = ['country', 'language', 'device', 'utm_source', 'utm_campaign', 'referrer'] as const;
export type VisitorAttribute = (typeof VISITOR_ATTRIBUTES)[number];

/** The devices a visitor's `device` attribute may name. */
export const VISITOR_DEVICES = ['mobile', 'tablet', 'desktop'] as const;

/** A visitor attribute's name: one of VISITOR_ATTRIBUTES, or `custom.<name>`. */
export const VISITOR_ATTRIBUTE_PATTERN = `^(${VISITOR_ATTRIBUTES.join('|')}|custom\\.[A-Za-z0-9_-]{1,64})$`;

/** How many characters a visitor attribute's value may have. */
export const MAX_VISITOR_VALUE_LENGTH = 500;

export const AUDIENCE_OPERATORS = ['eq', 'ne', 'in', 'contains', 'exists'] as const;
export type AudienceOperator = (typeof AUDIENCE_OPERATORS)[number];

/**
 * One condition on a visitor attribute. `in` takes an array of strings, `exists` a boolean
 * (true: the attribute is sent), the others a string; comparisons ignore case.
 */
export const AudienceRule = Type.Object(
  {
    attribute: Type.String({
      pattern: VISITOR_ATTRIBUTE_PATTERN,
      description: `${VISITOR_ATTRIBUTES.join(', ')}, or custom.<name>`,
    }),
    op: Type.Enum(AUDIENCE_OPERATORS),
    value: Type.Union([
      Type.String({ maxLength: MAX_VISITOR_VALUE_LENGTH }),
      Type.Array(Type.String({ maxLength: MAX_VISITOR_VALUE_LENGTH }), { minItems: 1, maxItems: 100 }),
      Type.Boolean(),
    ]),
  },
  { additionalProperties: false },
);
export type AudienceRule = Static<typeof AudienceRule>;

const AudienceMatch = Type.Enum(['all', 'any'] as const, {
  description: '`all`: every rule must hold; `any`: one is enough. An audience without rules matches every visitor',
});
const Priority = Type.Integer({
  minimum: -1_000_000,
  maximum: 1_000_000,
  description: 'Audiences are tried in ascending priority (ties by key)',
});
const AudienceName = Type.String({ minLength: 1, maxLength: 200 });
const AudienceRules = Type.Array(AudienceRule, { maxItems: 50 });

/** A project's audience: who a document's variants are for. */
export const Audience = Type.Object({
  key: Type.String(),
  name: Type.String(),
  priority: Type.Integer(),
  match: AudienceMatch,
  rules: Type.Array(AudienceRule),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Audience = Static<typeof Audience>;

export const CreateAudienceBody = Type.Object(
  {
    key: ModelName,
    name: AudienceName,
    priority: Type.Optional(Priority),
    match: Type.Optional(AudienceMatch),
    rules: Type.Optional(AudienceRules),
  },
  { additionalProperties: false },
);
export type CreateAudienceBody = Static<typeof CreateAudienceBody>;

export const UpdateAudienceBody = Type.Object(
  {
    name: Type.Optional(AudienceName),
    priority: Type.Optional(Priority),
    match: Type.Optional(AudienceMatch),
    rules: Type.Optional(AudienceRules),
  },
  { additionalProperties: false },
);
export type UpdateAudienceBody = Static<typeof UpdateAudienceBody>;

export const AudienceParams = Type.Object({ projectId: Id, key: ModelName });
export type AudienceParams = Static<typeof AudienceParams>;

/** A document's variant for one audience: its field overrides, as the caller may see them. */
export const DocumentVariant = Type.Object({
  audience: Type.String(),
  locale: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Overrides of the working copy: only the fields the variant replaces, in `locale` (or `*`)',
  }),
  published_data: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: 'The overrides published with the document; null until then',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type DocumentVariant = Static<typeof DocumentVariant>;

export const PutVariantBody = Type.Object(
  {
    data: Type.Record(Type.String(), Type.Unknown(), {
      description:
        "The fields this variant overrides, as flat values of `locale`: they replace the variant's shared fields and that locale's values of localized fields (other locales' stay)",
    }),
    locale: Type.Optional(Locale),
  },
  { additionalProperties: false },
);
export type PutVariantBody = Static<typeof PutVariantBody>;

export const VariantParams = Type.Object({ projectId: Id, collection: ModelName, id: Id, audience: ModelName });
export type VariantParams = Static<typeof VariantParams>;

export const VariantListQuery = Type.Object(
  { locale: Type.Optional(Type.String({ maxLength: 35, description: 'A project locale, or `*` for locale maps' })) },
  { additionalProperties: false },
);
export type VariantListQuery = Static<typeof VariantListQuery>;

const AudienceMeta = Type.Union([Type.String(), Type.Null()], {
  description:
    'The audience whose variant this answer holds (null: none); present when the read names `audience` or sends visitor attributes',
});

/**
 * `{ data: T, meta? }`: one document as delivery reads answer it, with `meta.audience` when the
 * read is personalized (a factory, like DataOf, so the answer keeps its item's name in OpenAPI).
 * @example const DocumentAnswer = PersonalizedOf(Document);
 */
export const PersonalizedOf = <T extends TSchema>(item: T) =>
  Type.Object({ data: item, meta: Type.Optional(Type.Object({ audience: AudienceMeta })) });

/**
 * `{ data: T[], meta }`: a page of documents as delivery reads answer it, `meta.audience` added
 * when the read is personalized.
 * @example const DocumentListAnswer = PersonalizedListOf(Document);
 */
export const PersonalizedListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    meta: Type.Object({ ...ListMeta.properties, audience: Type.Optional(AudienceMeta) }),
  });
