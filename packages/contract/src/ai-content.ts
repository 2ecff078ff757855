import { type Static, Type } from 'typebox';
import { Id } from './common.js';
import { Locale } from './projects.js';

/** What `POST /projects/:p/ai/translate` takes. */
export const AiTranslateBody = Type.Object(
  {
    document_id: Id,
    source_locale: Locale,
    target_locales: Type.Array(Locale, {
      minItems: 1,
      maxItems: 50,
      description: 'Project locales to fill, each different from `source_locale` and named once',
    }),
  },
  { additionalProperties: false },
);
export type AiTranslateBody = Static<typeof AiTranslateBody>;

/** What `POST /projects/:p/ai/variant` takes. */
export const AiVariantBody = Type.Object(
  {
    document_id: Id,
    /** The key of the audience the variant is written for. */
    audience: Type.String({ minLength: 1, maxLength: 100, description: 'The key of an audience of the project' }),
    fields: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
        description:
          'Text, long text or rich text fields of the collection to rewrite; every such field with a value when absent',
      }),
    ),
    /** The locale written: one of the project's; its default locale when absent. */
    locale: Type.Optional(Locale),
  },
  { additionalProperties: false },
);
export type AiVariantBody = Static<typeof AiVariantBody>;

/** What `POST /projects/:p/ai/seo` takes. */
export const AiSeoBody = Type.Object(
  {
    document_id: Id,
    /** The locale measured: one of the project's; its default locale when absent. */
    locale: Type.Optional(Locale),
    keyword: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'The search phrase the page should rank for' }),
    ),
  },
  { additionalProperties: false },
);
export type AiSeoBody = Static<typeof AiSeoBody>;

/** The ids of the SEO checks, in the order they are returned. */
export const SEO_CHECK_IDS = [
  'title_length',
  'description_length',
  'headings',
  'keyword_in_title',
  'keyword_density',
  'image_alt',
  'readability',
  'slug',
  'links',
] as const;
export const AiSeoCheckId = Type.Enum(SEO_CHECK_IDS);
export type AiSeoCheckId = Static<typeof AiSeoCheckId>;

/** One measured SEO check. */
export const AiSeoCheck = Type.Object({
  id: AiSeoCheckId,
  status: Type.Enum(['pass', 'warn', 'fail'] as const),
  message: Type.String({ description: 'What was measured and what to do about it' }),
});
export type AiSeoCheck = Static<typeof AiSeoCheck>;

/** What the model suggests for a page's search listing. */
export const AiSeoSuggestions = Type.Object({
  meta_title: Type.String({ maxLength: 60 }),
  meta_description: Type.String({ maxLength: 160 }),
  keywords: Type.Array(Type.String()),
});
export type AiSeoSuggestions = Static<typeof AiSeoSuggestions>;

/** The answer of `POST /projects/:p/ai/seo`: `suggestions` is null when no model is configured. */
export const AiSeoReport = Type.Object({
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  checks: Type.Array(AiSeoCheck),
  suggestions: Type.Union([AiSeoSuggestions, Type.Null()]),
});
export type AiSeoReport = Static<typeof AiSeoReport>;
