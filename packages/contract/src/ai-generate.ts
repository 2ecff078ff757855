import { type Static, Type } from 'typebox';
import { Locale } from './projects.js';

/** `collection.field`: a field of the project's model whose type shapes generated text. */
export const AiFieldPath = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,63}\\.[a-z][a-z0-9_]{0,63}$',
  maxLength: 129,
  description:
    'A field of the project’s model as `collection.field` (a text, longtext or richtext field): its type, label and length limit shape the text',
});

/** What `POST /projects/:p/ai/generate` takes. */
export const AiGenerateBody = Type.Object(
  {
    prompt: Type.String({ minLength: 1, maxLength: 8000, description: 'What to write' }),
    field: Type.Optional(AiFieldPath),
    tone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        pattern: '^[\\p{L}][\\p{L} -]*$',
        description: 'A tone in a word or two: `friendly`, `formal`, `playful`…',
      }),
    ),
    max_length: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100000, description: 'The most characters the text may have' }),
    ),
    /** The language to write in: one of the project's locales. */
    locale: Type.Optional(Locale),
  },
  { additionalProperties: false },
);
export type AiGenerateBody = Static<typeof AiGenerateBody>;

/** Generated text (the JSON answer). */
export const AiGenerated = Type.Object({ text: Type.String() });
export type AiGenerated = Static<typeof AiGenerated>;

/** The model's tokens one call used, as it reported them. */
export const AiTokenUsage = Type.Object({
  prompt_tokens: Type.Integer({ minimum: 0 }),
  completion_tokens: Type.Integer({ minimum: 0 }),
});
export type AiTokenUsage = Static<typeof AiTokenUsage>;

/** The `done` event that ends a generation stream: the whole text, and the tokens used. */
export const AiGeneratedDone = Type.Object({ text: Type.String(), usage: AiTokenUsage });
export type AiGeneratedDone = Static<typeof AiGeneratedDone>;
