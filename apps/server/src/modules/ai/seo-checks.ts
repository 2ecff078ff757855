import type { Collection, Field, SEO_CHECK_IDS } from '@plinth/contract';
import { flesch } from 'flesch';
import { Parser } from 'htmlparser2';
import { syllable } from 'syllable';

/*
 * The SEO checks of `POST /projects/:p/ai/seo` that need no model: pure measurements of one
 * locale of one document. The route loads the document, its collection, the components its
 * blocks use and the alt text of its media; this file only reads them.
 */

export type SeoStatus = 'pass' | 'warn' | 'fail';

export type SeoCheckId = (typeof SEO_CHECK_IDS)[number];

export interface SeoCheck {
  id: SeoCheckId;
  status: SeoStatus;
  /** What was measured and what to do about it, for a person. */
  message: string;
}

/**
 * How much each check weighs in the score (they add up to 100). A pass earns its full weight, a
 * warn half of it, a fail nothing. A check that does not apply (no keyword given, readability
 * outside English, no slug field) is returned as a pass saying so, and is left out of the score:
 * the score is the earned weight over the weight of the checks that apply.
 */
export const SEO_CHECK_WEIGHTS: Readonly<Record<SeoCheckId, number>> = {
  title_length: 15,
  description_length: 15,
  headings: 10,
  keyword_in_title: 10,
  keyword_density: 10,
  image_alt: 10,
  readability: 10,
  slug: 10,
  links: 10,
};

const CREDIT: Readonly<Record<SeoStatus, number>> = { pass: 1, warn: 0.5, fail: 0 };

export interface SeoInput {
  /** The document's collection: its `display_field` names the title, its fields say how to read `data`. */
  collection: Pick<Collection, 'display_field' | 'fields'>;
  /** One locale's values of the document. */
  data: Record<string, unknown>;
  /** That locale; readability is only measured for English (`en`, `en-GB`…). */
  locale: string;
  /** The search phrase the page should rank for, one or more words. */
  keyword?: string;
  /** The site's origin (`https://site.example`): absolute links to it count as internal. */
  projectOrigin?: string;
  /** The fields of the components that blocks may hold, by component name. Blocks of a component not found here are read by the shape of their values. */
  components?: ReadonlyMap<string, readonly Field[]>;
  /** Alt text of media assets by asset id. A media value whose asset is missing here (and has no alt field beside it) is not counted as an image. */
  assetAlts?: ReadonlyMap<string, string | null>;
}

export interface SeoResult {
  /** 0–100, see SEO_CHECK_WEIGHTS. */
  score: number;
  /** One per id of SEO_CHECK_IDS, in that order. */
  checks: SeoCheck[];
}

interface Heading {
  level: number;
  text: string;
}

interface Image {
  /** Where the image is, e.g. `body` or `sections.0.children.1.image`. */
  path: string;
  alt: string;
}

/** What the body of a document holds (everything but its title, description and slug). */
interface Content {
  /** Paragraph-like units of text: a sentence never runs from one into the next. */
  segments: string[];
  headings: Heading[];
  hasRichText: boolean;
  links: string[];
  images: Image[];
}

const DESCRIPTION_FIELDS = ['description', 'meta_description', 'excerpt'] as const;
// Elements that end a run of text, so that "Intro" in an h2 and the paragraph after it are two units.
const BREAKING_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
const HTML_TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;
const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 75;
// Common short words of the languages our starters ship (en, es, fr, de), for "stop-word-only" slugs.
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from how i in is it of on or that the this to was what when where who why ' +
    'with you your el la los las un una y o de del en con por para que es al le les une et ou du des au aux ' +
    'der die das ein eine und oder von zu mit im ist page post untitled new copy draft home index'
  ).split(' '),
);

type Block = Record<string, unknown> & { _component: string };

const isBlock = (value: unknown): value is Block =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { _component?: unknown })._component === 'string';

const asText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Characters as a person counts them: "😀" is one, not two UTF-16 units. */
const charCount = (text: string): number => [...text].length;

/** Lowercased, without accents: "Café" and "cafe" are the same word. */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The words of a text, folded (see `fold`). */
const wordsOf = (text: string): string[] => fold(text).match(WORD) ?? [];

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Reads rich-text HTML into `into`: its text units, headings, link targets and images. */
function readRichText(html: string, path: string, into: Content): void {
  into.hasRichText = true;
  let run = '';
  let heading: Heading | null = null;
  const flush = () => {
    const text = run.replace(/\s+/g, ' ').trim();
    if (text) into.segments.push(text);
    run = '';
  };
  const parser = new Parser({
    onopentag(name, attributes) {
      if (BREAKING_TAGS.has(name)) flush();
      const level = /^h([1-6])$/.exec(name)?.[1];
      if (level) heading = { level: Number(level), text: '' };
      if (name === 'a' && attributes.href !== undefined) into.links.push(attributes.href.trim());
      if (name === 'img') into.images.push({ path, alt: (attributes.alt ?? '').trim() });
    },
    ontext(text) {
      run += text;
      if (heading) heading.text += text;
    },
    onclosetag(name) {
      if (BREAKING_TAGS.has(name)) flush();
      if (heading && name === `h${heading.level}`) {
        into.headings.push({ level: heading.level, text: heading.text.replace(/\s+/g, ' ').trim() });
        heading = null;
      }
    },
  });
  parser.write(html);
  parser.end();
  flush();
}

/** Plain text: each non-empty line of a longtext is a unit of its own. */
function readPlainText(text: string, into: Content): void {
  for (const line of text.split(/\n+/)) {
    const trimmed = line.replace(/\s+/g, ' ').trim();
    if (trimmed) into.segments.push(trimmed);
  }
}

const acceptsImages = (field: Field): boolean => {
  const accept = field.options?.accept;
  return accept === undefined || accept.some((type) => type.startsWith('image/'));
};

const mediaIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string' && id !== '');

/** Field names holding the alt text of the media field `name`, in the order they are looked for. */
const altFieldNames = (name: string) => [`${name}_alt`, 'alt'];

const isAltName = (name: string) => name === 'alt' || name.endsWith('_alt');

interface WalkContext {
  components: ReadonlyMap<string, readonly Field[]>;
  assetAlts: ReadonlyMap<string, string | null>;
}

/**
 * Reads the values of `fields` (a collection's, or a component's inside a block) into `into`.
 * `skip` names the fields measured on their own (title, description, slug).
 */
function readFields(
  fields: readonly Field[],
  values: Record<string, unknown>,
  prefix: string,
  inBlock: boolean,
  context: WalkContext,
  into: Content,
  skip: ReadonlySet<string> = new Set(),
): void {
  const names = new Set(fields.map((field) => field.name));
  for (const field of fields) {
    // Hidden fields are never delivered to sites, so they are not on the page.
    if (field.hidden || skip.has(field.name)) continue;
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    const path = `${prefix}${field.name}`;
    switch (field.type) {
      case 'text':
      case 'longtext':
        if (typeof value === 'string' && !isAltName(field.name)) readPlainText(value, into);
        break;
      case 'richtext':
        if (typeof value === 'string') readRichText(value, path, into);
        break;
      case 'url':
        // A url inside a block is a button or a card's target; a document's own url fields
        // (a canonical URL, a source) are not links on its page.
        if (inBlock && typeof value === 'string') into.links.push(value.trim());
        break;
      case 'media': {
        if (!acceptsImages(field)) break;
        const altName = altFieldNames(field.name).find((name) => names.has(name));
        const ownAlt = altName === undefined ? '' : asText(values[altName]);
        for (const id of mediaIds(value)) {
          // Without an alt field beside it, only an asset the caller knows is an image counts.
          if (altName === undefined && !context.assetAlts.has(id)) continue;
          into.images.push({ path, alt: ownAlt || asText(context.assetAlts.get(id)) });
        }
        break;
      }
      case 'blocks':
        readBlocks(value, `${path}.`, context, into);
        break;
      default:
        break;
    }
  }
}

function readBlocks(value: unknown, prefix: string, context: WalkContext, into: Content): void {
  if (!Array.isArray(value)) return;
  value.forEach((block: unknown, index) => {
    if (!isBlock(block)) return;
    const fields = context.components.get(block._component);
    if (fields) readFields(fields, block, `${prefix}${index}.`, true, context, into);
    else readUnknownBlock(block, `${prefix}${index}.`, context, into);
  });
}

/**
 * A block whose component is not known: read by the shape of its values. HTML is rich text,
 * strings of several words are text, `alt` keys are images, `*url`/`href` keys are links, lists
 * of blocks are nested blocks; single tokens (ids, keys, choices) are left out.
 */
function readUnknownBlock(block: Block, prefix: string, context: WalkContext, into: Content): void {
  for (const [key, value] of Object.entries(block)) {
    if (key === '_component' || key === '_key') continue;
    if (Array.isArray(value)) {
      readBlocks(value, `${prefix}${key}.`, context, into);
      continue;
    }
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (isAltName(key)) into.images.push({ path: `${prefix}${key}`, alt: text });
    else if (/(url|href)$/.test(key)) {
      if (text) into.links.push(text);
    } else if (HTML_TAG.test(text)) readRichText(text, `${prefix}${key}`, into);
    else if (/\s/.test(text) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) readPlainText(text, into);
  }
}

/** The field holding the title: the collection's display field, else one named `title`. */
function titleField(collection: SeoInput['collection']): Field | undefined {
  const byName = (name: string) => collection.fields.find((field) => field.name === name);
  return (collection.display_field ? byName(collection.display_field) : undefined) ?? byName('title');
}

/** The description field: the first of description, meta_description, excerpt that holds a value (else the first that exists). */
function descriptionField(collection: SeoInput['collection'], data: Record<string, unknown>): Field | undefined {
  const candidates = DESCRIPTION_FIELDS.map((name) => collection.fields.find((field) => field.name === name)).filter(
    (field): field is Field => field !== undefined,
  );
  return candidates.find((field) => fieldText(field, data) !== '') ?? candidates[0];
}

/** The slug field: the first of type slug, else a field named `slug`. */
const slugField = (collection: SeoInput['collection']): Field | undefined =>
  collection.fields.find((field) => field.type === 'slug') ?? collection.fields.find((field) => field.name === 'slug');

/** A text-like field's value as plain text (rich text without its markup). */
function fieldText(field: Field | undefined, data: Record<string, unknown>): string {
  if (!field) return '';
  const value = data[field.name];
  if (typeof value !== 'string') return '';
  if (field.type !== 'richtext') return value.replace(/\s+/g, ' ').trim();
  const content: Content = { segments: [], headings: [], hasRichText: false, links: [], images: [] };
  readRichText(value, field.name, content);
  return content.segments.join(' ');
}

interface Measured extends SeoCheck {
  /** False for a check that does not apply: it is left out of the score. */
  counts: boolean;
}

const check = (id: SeoCheckId, status: SeoStatus, message: string, counts = true): Measured => ({
  id,
  status,
  message,
  counts,
});

const worst = (statuses: SeoStatus[]): SeoStatus =>
  statuses.includes('fail') ? 'fail' : statuses.includes('warn') ? 'warn' : 'pass';

function checkTitle(field: Field | undefined, title: string): Measured {
  if (!field) {
    return check(
      'title_length',
      'fail',
      'This collection has no title: set its display field, or add a field named "title" (30–60 characters).',
    );
  }
  const length = charCount(title);
  const name = `The title (field "${field.name}")`;
  if (length === 0) return check('title_length', 'fail', `${name} is empty: write a title of 30–60 characters.`);
  const measured = `${name} is ${plural(length, 'character')}`;
  if (length < 30) {
    return check(
      'title_length',
      'warn',
      `${measured}; 30–60 reads best in search results: add at least ${30 - length}.`,
    );
  }
  if (length <= 60) return check('title_length', 'pass', `${measured} (30–60 is ideal).`);
  if (length <= 70) {
    return check(
      'title_length',
      'warn',
      `${measured}; search results may cut it after 60: remove at least ${length - 60}.`,
    );
  }
  return check('title_length', 'fail', `${measured}; search results cut it after 60: remove at least ${length - 60}.`);
}

function checkDescription(field: Field | undefined, description: string): Measured {
  if (!field) {
    return check(
      'description_length',
      'fail',
      'This collection has no description: add a field named description, meta_description or excerpt (70–160 characters).',
    );
  }
  const length = charCount(description);
  const name = `The description (field "${field.name}")`;
  if (length === 0) {
    return check('description_length', 'fail', `${name} is empty: write a summary of 70–160 characters.`);
  }
  const measured = `${name} is ${plural(length, 'character')}`;
  if (length < 70) {
    return check(
      'description_length',
      'warn',
      `${measured}; 70–160 fills a search result's snippet: add at least ${70 - length}.`,
    );
  }
  if (length <= 160) return check('description_length', 'pass', `${measured} (70–160 is ideal).`);
  return check(
    'description_length',
    'warn',
    `${measured}; search results cut it after about 160: remove at least ${length - 160}.`,
  );
}

function checkHeadings(content: Content): Measured {
  if (!content.hasRichText) {
    return check(
      'headings',
      'warn',
      'The document has no rich-text body, so it has no subheadings: headings are read from rich-text fields.',
    );
  }
  const { headings } = content;
  const problems: { status: SeoStatus; text: string }[] = [];
  const h2 = headings.filter((heading) => heading.level === 2).length;
  if (h2 === 0) {
    problems.push({
      status: 'fail',
      text: 'The body has no h2 subheading: split the text into sections, each under an h2 heading.',
    });
  }
  const h1 = headings.filter((heading) => heading.level === 1).length;
  if (h1 > 0) {
    problems.push({
      status: 'warn',
      text: `The body has ${plural(h1, 'h1 heading')}; the title is the page's h1: make ${h1 === 1 ? 'it an h2' : 'them h2s'}.`,
    });
  }
  // The title is the h1, so the body's headings start below it.
  const skips: string[] = [];
  let previous = 1;
  for (const heading of headings) {
    if (heading.level > previous + 1) skips.push(`h${previous} → h${heading.level} ("${heading.text}")`);
    previous = heading.level;
  }
  if (skips.length > 0) {
    problems.push({
      status: 'warn',
      text: `Heading levels are skipped: ${skips.join(', ')}; go down one level at a time.`,
    });
  }
  if (problems.length === 0) {
    return check('headings', 'pass', `${plural(headings.length, 'subheading')} (${plural(h2, 'h2')}), in order.`);
  }
  return check('headings', worst(problems.map((problem) => problem.status)), problems.map((p) => p.text).join(' '));
}

/** Where `phrase` occurs in `words`, counted without overlaps. */
function countPhrase(words: readonly string[], phrase: readonly string[]): number {
  let count = 0;
  let index = 0;
  while (index + phrase.length <= words.length) {
    if (phrase.every((word, offset) => words[index + offset] === word)) {
      count += 1;
      index += phrase.length;
    } else index += 1;
  }
  return count;
}

function checkKeywordInTitle(phrase: readonly string[] | null, keyword: string, title: string): Measured {
  if (!phrase) return check('keyword_in_title', 'pass', 'No keyword given.', false);
  if (countPhrase(wordsOf(title), phrase) > 0) {
    return check('keyword_in_title', 'pass', `The title contains the keyword "${keyword}".`);
  }
  return check(
    'keyword_in_title',
    'fail',
    `The title does not contain the keyword "${keyword}": put it in the title, near the start.`,
  );
}

/**
 * Keyword density: the share of the body's words that belong to an occurrence of the keyword
 * (occurrences × words in the keyword ÷ words in the body), in percent.
 */
function checkKeywordDensity(phrase: readonly string[] | null, keyword: string, words: readonly string[]): Measured {
  if (!phrase) return check('keyword_density', 'pass', 'No keyword given.', false);
  if (words.length === 0) {
    return check('keyword_density', 'warn', `The body has no text, so the keyword "${keyword}" does not appear in it.`);
  }
  const occurrences = countPhrase(words, phrase);
  // Compared as shown (two decimals), so that a message never says "0.5%" beside a warning for below 0.5%.
  const density = round(((occurrences * phrase.length) / words.length) * 100, 2);
  const measured = `The keyword "${keyword}" appears ${occurrences === 1 ? 'once' : `${occurrences} times`} in ${plural(words.length, 'word')} (${density}%)`;
  if (density < 0.5) {
    const needed = Math.ceil(round((0.005 * words.length) / phrase.length, 6));
    return check(
      'keyword_density',
      'warn',
      `${measured}; 0.5–2.5% is best: use it at least ${plural(needed, 'time')}.`,
    );
  }
  if (density <= 2.5) return check('keyword_density', 'pass', `${measured} (0.5–2.5% is best).`);
  if (density <= 3) {
    return check('keyword_density', 'warn', `${measured}; above 2.5% starts to read as repetition: use it less.`);
  }
  return check(
    'keyword_density',
    'fail',
    `${measured}; above 3% search engines may treat it as keyword stuffing: use it less or use synonyms.`,
  );
}

function checkImageAlt(images: readonly Image[]): Measured {
  if (images.length === 0) return check('image_alt', 'pass', 'The document has no images.');
  const missing = images.filter((image) => image.alt === '');
  if (missing.length === 0) {
    return check('image_alt', 'pass', `All ${plural(images.length, 'image')} have alt text.`);
  }
  const places = [...new Set(missing.map((image) => image.path))];
  const shown = places.slice(0, 5).join(', ') + (places.length > 5 ? `, and ${places.length - 5} more` : '');
  return check(
    'image_alt',
    'fail',
    `${missing.length} of ${plural(images.length, 'image')} ${missing.length === 1 ? 'has' : 'have'} no alt text (${shown}): describe each image in its alt text.`,
  );
}

const isEnglish = (locale: string) => /^en(?:[-_]|$)/i.test(locale);

/** Sentences of the body: each text unit ends one, and so do `.`, `!`, `?` and `…` before a space. */
function countSentences(segments: readonly string[]): number {
  let count = 0;
  for (const segment of segments) {
    const parts = segment.split(/[.!?…]+(?=\s|$)/).filter((part) => wordsOf(part).length > 0);
    count += parts.length;
  }
  return count;
}

function checkReadability(locale: string, segments: readonly string[], words: readonly string[]): Measured {
  if (!isEnglish(locale)) {
    return check(
      'readability',
      'pass',
      `Readability (Flesch reading ease) is only measured for English; not measured for "${locale}".`,
      false,
    );
  }
  if (words.length === 0) {
    return check('readability', 'warn', 'The body has no text to measure readability on.');
  }
  const sentence = countSentences(segments);
  const syllables = words.reduce((sum, word) => sum + Math.max(1, syllable(word)), 0);
  const ease = round(flesch({ sentence, word: words.length, syllable: syllables }), 1);
  const measured = `Flesch reading ease is ${ease} (${plural(words.length, 'word')}, ${plural(sentence, 'sentence')}, ${plural(syllables, 'syllable')})`;
  if (ease >= 60) return check('readability', 'pass', `${measured}: easy to read (60 or more).`);
  if (ease >= 30) {
    return check('readability', 'warn', `${measured}; 60 or more is easy to read: use shorter sentences and words.`);
  }
  return check(
    'readability',
    'fail',
    `${measured}; below 30 is very hard to read: split long sentences and prefer short words.`,
  );
}

const isIdLike = (slug: string): boolean =>
  /^[0-9-]+$/.test(slug) ||
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(slug) ||
  // One long token mixing letters and digits, such as "a8f3k2j9x1".
  (/^[a-z0-9]{8,}$/.test(slug) && /[0-9]/.test(slug) && /[a-z]/.test(slug));

function checkSlug(
  field: Field | undefined,
  slug: string,
  phrase: readonly string[] | null,
  keyword: string,
): Measured {
  if (!field) return check('slug', 'pass', 'This collection has no slug field.', false);
  if (slug === '')
    return check('slug', 'fail', `The slug (field "${field.name}") is empty: give the page a short, readable URL.`);
  if (!SLUG_FORMAT.test(slug)) {
    return check(
      'slug',
      'fail',
      `The slug "${slug}" must be lowercase letters and digits separated by single hyphens (like "${wordsOf(slug).join('-')}").`,
    );
  }
  const problems: string[] = [];
  const length = slug.length;
  if (length > MAX_SLUG) problems.push(`it is ${length} characters: keep it to ${MAX_SLUG} or fewer`);
  if (slug.split('-').every((part) => STOP_WORDS.has(part))) {
    problems.push('it holds only filler words: say what the page is about');
  } else if (isIdLike(slug)) problems.push('it looks like an id: use words that say what the page is about');
  if (phrase && !`-${slug}-`.includes(`-${phrase.join('-')}-`)) {
    problems.push(`it does not contain the keyword "${keyword}" (as "${phrase.join('-')}")`);
  }
  if (problems.length === 0)
    return check('slug', 'pass', `The slug "${slug}" is short and readable (${length} characters).`);
  return check('slug', 'warn', `The slug "${slug}": ${problems.join('; ')}.`);
}

/** Whether a link leads within the site (relative, or to the project's host, "www." aside), elsewhere, or nowhere that counts (`#top`, `mailto:`). */
function linkKind(href: string, origin: URL | null): 'internal' | 'external' | null {
  if (href === '' || href.startsWith('#')) return null; // a jump within the page
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null; // mailto:, tel:…
  if (scheme === undefined && !href.startsWith('//')) return 'internal';
  let url: URL;
  try {
    url = new URL(href, 'https://relative.invalid');
  } catch {
    return null;
  }
  const host = (value: URL) => value.host.replace(/^www\./, '');
  return origin && host(url) === host(origin) ? 'internal' : 'external';
}

function checkLinks(links: readonly string[], projectOrigin: string | undefined): Measured {
  let origin: URL | null = null;
  try {
    origin = projectOrigin ? new URL(projectOrigin) : null;
  } catch {
    origin = null;
  }
  let internal = 0;
  let external = 0;
  for (const href of links) {
    const kind = linkKind(href, origin);
    if (kind === 'internal') internal += 1;
    if (kind === 'external') external += 1;
  }
  const counted = `${plural(internal, 'internal link')} and ${plural(external, 'external link')}`;
  if (internal > 0) return check('links', 'pass', `The body has ${counted}.`);
  return check(
    'links',
    'warn',
    `The body has ${counted}: link to at least one other page of your site${external === 0 ? ', and to a source worth citing' : ''}.`,
  );
}

/**
 * Measures the SEO of one locale of a document, without a model: title and description
 * lengths, headings, keyword use, image alt text, readability, slug and links, and a score.
 * Checks that do not apply (no keyword; readability outside English; no slug field) are passes
 * that say so and do not count towards the score.
 * @example measureSeo({ collection, data: { title: 'Ten tips for a faster site', body: '<h2>Images</h2><p>…</p>' }, locale: 'en', keyword: 'faster site' })
 * // { score: 74, checks: [{ id: 'title_length', status: 'warn', message: 'The title (field "title") is 26 characters; …' }, …] }
 */
export function measureSeo(input: SeoInput): SeoResult {
  const { collection, data, locale } = input;
  const context: WalkContext = {
    components: input.components ?? new Map(),
    assetAlts: input.assetAlts ?? new Map(),
  };
  const title = titleField(collection);
  const description = descriptionField(collection, data);
  const slug = slugField(collection);
  const titleText = fieldText(title, data);
  const measuredApart = new Set([title, description, slug].flatMap((field) => (field ? [field.name] : [])));

  const content: Content = { segments: [], headings: [], hasRichText: false, links: [], images: [] };
  readFields(collection.fields, data, '', false, context, content, measuredApart);
  // The title's and description's fields are measured apart, but their images and links are still on the page.
  for (const field of [title, description]) {
    const value = field ? data[field.name] : undefined;
    if (field?.type === 'richtext' && typeof value === 'string') {
      const apart: Content = { segments: [], headings: [], hasRichText: false, links: [], images: [] };
      readRichText(value, field.name, apart);
      content.links.push(...apart.links);
      content.images.push(...apart.images);
    }
  }

  const keyword = (input.keyword ?? '').trim();
  const keywordWords = wordsOf(keyword);
  const phrase = keywordWords.length > 0 ? keywordWords : null;
  const words = content.segments.flatMap(wordsOf);

  const checks = [
    checkTitle(title, titleText),
    checkDescription(description, fieldText(description, data)),
    checkHeadings(content),
    checkKeywordInTitle(phrase, keyword, titleText),
    checkKeywordDensity(phrase, keyword, words),
    checkImageAlt(content.images),
    checkReadability(locale, content.segments, words),
    checkSlug(slug, slug ? asText(data[slug.name]) : '', phrase, keyword),
    checkLinks(content.links, input.projectOrigin),
  ];

  let earned = 0;
  let possible = 0;
  for (const measured of checks) {
    if (!measured.counts) continue;
    earned += SEO_CHECK_WEIGHTS[measured.id] * CREDIT[measured.status];
    possible += SEO_CHECK_WEIGHTS[measured.id];
  }
  const score = possible === 0 ? 0 : Math.round((earned / possible) * 100);
  return { score, checks: checks.map(({ id, status, message }) => ({ id, status, message })) };
}
