import type { ChatMessage } from './chat-model.js';

/*
 * Every prompt the AI assistant sends, in one place. Each builder takes typed inputs and returns
 * the exact messages with the prompt's version; a change in wording is a new version, so answers
 * can be traced to the words that produced them (and tests pin the words).
 */

/** A prompt ready to send: its messages and the version of the words that built them. */
export interface BuiltPrompt {
  version: string;
  messages: ChatMessage[];
}

/** The field types generated text can fill. */
export type TextFieldType = 'text' | 'longtext' | 'richtext';

/** The field a text is written for: its type, label and length limit shape the prompt. */
export interface TargetField {
  /** The collection's name as people read it (`Articles`). */
  collectionName: string;
  /** The field's name in the model (`title`). */
  name: string;
  label: string | null;
  type: TextFieldType;
  /** The editor's help text for the field, when it has one. */
  help: string | null;
}

export interface GenerateInput {
  /** What the person asked for, as they wrote it. */
  prompt: string;
  field?: TargetField;
  /** `friendly`, `formal`… */
  tone?: string;
  /** The most characters the text may have (the smaller of the request's and the field's). */
  maxLength?: number;
  /** The language to write in (a BCP 47 tag such as `es` or `pt-BR`). */
  locale?: string;
}

export const GENERATE_PROMPT_VERSION = 'generate/1';

const FORMATS: Record<TextFieldType, string> = {
  text: 'Write a single line of plain text: no line breaks, no Markdown, no HTML.',
  longtext: 'Write plain text; separate paragraphs with a blank line. No Markdown, no HTML.',
  richtext:
    'Write HTML using only these elements: <p>, <h2>, <h3>, <ul>, <ol>, <li>, <strong>, <em>, <a href>, <blockquote>. No Markdown, no <html>, <head> or <body>, no scripts or styles.',
};

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/**
 * A locale as the model reads it: `Spanish (es)`, `Portuguese (Brazil) (pt-BR)`.
 * @example languageOf('es') // 'Spanish (es)'
 */
export function languageOf(locale: string): string {
  let name: string | undefined;
  try {
    name = languageNames.of(locale);
  } catch {
    name = undefined;
  }
  return name && name !== locale ? `${name} (${locale})` : locale;
}

/**
 * The messages that write new text for a person's prompt, shaped by the field it is for.
 * @example generatePrompt({ prompt: 'A title about tides', field, tone: 'friendly', maxLength: 60, locale: 'es' })
 */
export function generatePrompt(input: GenerateInput): BuiltPrompt {
  const rules = [
    "You write content for a website's content management system.",
    'Answer with the requested text only: no preamble, no explanation, no quotation marks around it.',
  ];
  if (input.field) {
    const { field } = input;
    const label = field.label ? `"${field.label}" (${field.name})` : `"${field.name}"`;
    rules.push(
      `The text is the value of the field ${label} of a document in the collection "${field.collectionName}".`,
    );
    if (field.help) rules.push(`The field's guidance for editors: ${field.help}`);
    rules.push(FORMATS[field.type]);
  }
  if (input.maxLength !== undefined) rules.push(`Use at most ${input.maxLength} characters.`);
  if (input.tone !== undefined) rules.push(`Use a ${input.tone} tone.`);
  if (input.locale !== undefined) rules.push(`Write in ${languageOf(input.locale)}.`);
  return {
    version: GENERATE_PROMPT_VERSION,
    messages: [
      { role: 'system', content: rules.join('\n') },
      { role: 'user', content: input.prompt },
    ],
  };
}

export interface TranslateInput {
  sourceLocale: string;
  targetLocale: string;
  /** The texts to translate, by key (`"1"`, `"2"`…); values holding HTML are rich text. */
  texts: Readonly<Record<string, string>>;
}

export const TRANSLATE_PROMPT_VERSION = 'translate/1';

/**
 * The messages that translate a numbered set of texts of one document into one locale. The texts
 * go as a JSON object so that the answer can be checked key by key and put back in place.
 * @example translatePrompt({ sourceLocale: 'en', targetLocale: 'es', texts: { '1': 'Hello', '2': '<p>Hi</p>' } })
 */
export function translatePrompt(input: TranslateInput): BuiltPrompt {
  const rules = [
    `You translate the content of a website's content management system from ${languageOf(input.sourceLocale)} to ${languageOf(input.targetLocale)}.`,
    'You receive a JSON object whose values are texts to translate.',
    'Answer with a JSON object that has exactly the same keys, each holding the translation of its value: no other keys, no explanation, no Markdown code fence.',
    'A value that contains HTML is translated as HTML: keep every tag and attribute exactly as it is, in the same order, and translate only the text between the tags.',
    'Keep URLs, e-mail addresses, numbers and line breaks as they are.',
  ];
  return {
    version: TRANSLATE_PROMPT_VERSION,
    messages: [
      { role: 'system', content: rules.join('\n') },
      { role: 'user', content: JSON.stringify(input.texts) },
    ],
  };
}

/** The longest meta title and meta description suggested (search engines cut longer ones). */
export const SEO_META_TITLE_MAX = 60;
export const SEO_META_DESCRIPTION_MAX = 160;

export interface SeoSuggestInput {
  /** The language of the page (a BCP 47 tag). */
  locale: string;
  title: string;
  description: string;
  /** The page's text, shortened to what the prompt may hold. */
  content: string;
  keyword?: string;
}

export const SEO_PROMPT_VERSION = 'seo/1';

/**
 * The messages that ask for a page's meta title, meta description and keywords, as JSON.
 * @example seoPrompt({ locale: 'en', title: 'Tides', description: '', content: 'Tides rise…', keyword: 'tides' })
 */
export function seoPrompt(input: SeoSuggestInput): BuiltPrompt {
  const rules = [
    'You are an SEO editor for a website.',
    'Answer with a JSON object only, no explanation and no Markdown code fence: {"meta_title": string, "meta_description": string, "keywords": string[]}.',
    `meta_title: at most ${SEO_META_TITLE_MAX} characters; meta_description: at most ${SEO_META_DESCRIPTION_MAX} characters; keywords: 3 to 8 short search phrases.`,
    `Write in ${languageOf(input.locale)}.`,
  ];
  if (input.keyword !== undefined)
    rules.push(`The page should rank for "${input.keyword}": use it in the meta title and description.`);
  const page = [`Title: ${input.title}`, `Description: ${input.description}`, 'Content:', input.content].join('\n');
  return {
    version: SEO_PROMPT_VERSION,
    messages: [
      { role: 'system', content: rules.join('\n') },
      { role: 'user', content: page },
    ],
  };
}

/** One rule of an audience, as the prompt describes it (the contract's `AudienceRule`). */
export interface VariantAudienceRule {
  attribute: string;
  op: 'eq' | 'ne' | 'in' | 'contains' | 'exists';
  value: string | readonly string[] | boolean;
}

export interface VariantInput {
  /** The audience as people named it, and who it matches. */
  audience: { name: string; match: 'all' | 'any'; rules: readonly VariantAudienceRule[] };
  /** The language the texts are in and stay in (a BCP 47 tag). */
  locale: string;
  /** The texts to rewrite, by key (`"1"`, `"2"`…); values holding HTML are rich text. */
  texts: Readonly<Record<string, string>>;
}

export const VARIANT_PROMPT_VERSION = 'variant/1';

/** `the visitor's country`, `the visitor's custom attribute "plan"`. */
const attributeOf = (attribute: string): string =>
  attribute.startsWith('custom.')
    ? `the visitor's custom attribute "${attribute.slice('custom.'.length)}"`
    : `the visitor's ${attribute.replace('_', ' ')}`;

const quoted = (value: VariantAudienceRule['value']): string =>
  Array.isArray(value) ? value.map((item) => `"${item}"`).join(', ') : `"${String(value)}"`;

/**
 * A rule as a sentence's part: `the visitor's country is "FR"`.
 * @example ruleText({ attribute: 'device', op: 'in', value: ['mobile', 'tablet'] }) // 'the visitor\'s device is one of "mobile", "tablet"'
 */
export function ruleText(rule: VariantAudienceRule): string {
  const attribute = attributeOf(rule.attribute);
  switch (rule.op) {
    case 'eq':
      return `${attribute} is ${quoted(rule.value)}`;
    case 'ne':
      return `${attribute} is not ${quoted(rule.value)}`;
    case 'in':
      return `${attribute} is one of ${quoted(rule.value)}`;
    case 'contains':
      return `${attribute} contains ${quoted(rule.value)}`;
    case 'exists':
      return rule.value === false ? `${attribute} is not known` : `${attribute} is known`;
  }
}

/**
 * The messages that rewrite a numbered set of texts of one document for one audience of its
 * visitors, described by its name and rules. Texts and answer go as JSON objects with the same
 * keys, as for translation, so that the answer is checked the same way.
 * @example variantPrompt({ audience: { name: 'France', match: 'all', rules: [{ attribute: 'country', op: 'eq', value: 'FR' }] }, locale: 'en', texts: { '1': 'Hello' } })
 */
export function variantPrompt(input: VariantInput): BuiltPrompt {
  const { audience } = input;
  const rules = audience.rules.map(ruleText);
  const who =
    rules.length === 0
      ? `The audience is "${audience.name}".`
      : `The audience is "${audience.name}": visitors for whom ${rules.join(audience.match === 'all' ? ' and ' : ' or ')}.`;
  const lines = [
    `You adapt the content of a website's content management system for one audience of its visitors, in ${languageOf(input.locale)}.`,
    who,
    'You receive a JSON object whose values are texts of one page.',
    'Answer with a JSON object that has exactly the same keys, each holding its value rewritten for this audience, in the same language: no other keys, no explanation, no Markdown code fence.',
    'A value that contains HTML is rewritten as HTML: keep every tag and attribute exactly as it is, in the same order, and rewrite only the text between the tags.',
    'Keep URLs, e-mail addresses and line breaks as they are, and keep each text about as long as it is.',
  ];
  return {
    version: VARIANT_PROMPT_VERSION,
    messages: [
      { role: 'system', content: lines.join('\n') },
      { role: 'user', content: JSON.stringify(input.texts) },
    ],
  };
}
