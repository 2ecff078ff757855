import { type Field, MAX_SLUG_LENGTH } from '@plinth/contract';
import sanitizeHtml from 'sanitize-html';
import { newId } from '../../lib/ids.js';
import { MAX_PATTERN_INPUT, matchesPattern, patternProblem } from './field-pattern.js';

/** The components a blocks field may hold, by name. */
export type ComponentFields = ReadonlyMap<string, readonly Field[]>;

/** What checking a value needs besides its field. */
export interface ValueContext {
  components: ComponentFields;
  /**
   * Whether hidden fields inside components take values. Members write them; to an API token
   * they do not exist (as at the top level of a document), so a value for one is refused.
   */
  hiddenWritable: boolean;
}

export interface ValueProblem {
  path: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Rich text keeps formatting, links and images; scripts, handlers and styles never survive. */
const RICHTEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'h1',
    'h2',
    'figure',
    'figcaption',
    'picture',
    'source',
    'del',
    's',
    'u',
    'sup',
    'sub',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
    source: ['srcset', 'type', 'media'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    code: ['class'],
    '*': ['id', 'lang', 'dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICHTEXT_OPTIONS);

/** The searchable words of a rich-text value. */
export const richTextToPlain = (html: string): string =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();

function isValidDate(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkLength(field: Field, text: string): string | null {
  const { min_length: min, max_length: max } = field.options ?? {};
  // Characters, not UTF-16 units: "😀" is one character, not two.
  const length = [...text].length;
  if (min !== undefined && length < min) return `must be at least ${min} characters`;
  if (max !== undefined && length > max) return `must be at most ${max} characters`;
  return null;
}

function checkRange(field: Field, value: number): string | null {
  const { min, max } = field.options ?? {};
  if (min !== undefined && value < min) return `must be at least ${min}`;
  if (max !== undefined && value > max) return `must be at most ${max}`;
  return null;
}

function checkIds(field: Field, value: unknown, what: string): string | null {
  if (field.options?.multiple) {
    if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && ID.test(id))) {
      return `must be a list of ${what} ids`;
    }
    if (new Set(value).size !== value.length) return 'must not contain duplicates';
    return null;
  }
  return typeof value === 'string' && ID.test(value) ? null : `must be a ${what} id`;
}

/**
 * Checks and normalizes one value of one field (never null: absent values are handled by the
 * caller). Returns the value to store, or the problems found, with paths under `path`.
 * @example checkValue({ name: 'views', type: 'integer' }, 3.5, 'data.views', { components: new Map(), hiddenWritable: true })
 *   // { problems: [{ path: 'data.views', message: 'must be an integer' }] }
 */
export function checkValue(
  field: Field,
  value: unknown,
  path: string,
  context: ValueContext,
): { value: unknown; problems: ValueProblem[] } {
  const fail = (message: string) => ({ value, problems: [{ path, message }] });
  const ok = (normalized: unknown) => ({ value: normalized, problems: [] });
  switch (field.type) {
    case 'text':
    case 'longtext': {
      if (typeof value !== 'string') return fail('must be a string');
      const problem = checkLength(field, value);
      if (problem) return fail(problem);
      const pattern = field.type === 'text' ? field.options?.pattern : undefined;
      if (pattern !== undefined) {
        // A model saved before patterns were checked with RE2 may hold one RE2 refuses.
        const unusable = patternProblem(pattern);
        if (unusable) return fail(`cannot be checked: the field's pattern ${unusable}`);
        if (value.length > MAX_PATTERN_INPUT) return fail(`must be at most ${MAX_PATTERN_INPUT} characters`);
        if (!matchesPattern(pattern, value)) return fail('does not match the required pattern');
      }
      return ok(value);
    }
    case 'richtext': {
      if (typeof value !== 'string') return fail('must be a string of HTML');
      const clean = sanitizeRichText(value);
      const problem = checkLength(field, clean);
      return problem ? fail(problem) : ok(clean);
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('must be a number');
      if (field.type === 'integer' && !Number.isSafeInteger(value)) return fail('must be an integer');
      const problem = checkRange(field, value);
      return problem ? fail(problem) : ok(value);
    }
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : fail('must be true or false');
    case 'date':
      return typeof value === 'string' && DATE.test(value) && isValidDate(value)
        ? ok(value)
        : fail('must be a date (YYYY-MM-DD)');
    case 'datetime': {
      // Date.parse rolls 2026-02-30 over to March 2, so the calendar date is checked on its own.
      const match = typeof value === 'string' ? DATETIME.exec(value) : null;
      if (typeof value !== 'string' || !match?.[1] || !isValidDate(match[1]) || Number.isNaN(Date.parse(value))) {
        return fail('must be an ISO 8601 date and time with a time zone');
      }
      return ok(new Date(value).toISOString());
    }
    case 'email':
      return typeof value === 'string' && value.length <= 254 && EMAIL.test(value)
        ? ok(value.trim())
        : fail('must be a valid email address');
    case 'url':
      return typeof value === 'string' && value.length <= 2048 && isHttpUrl(value)
        ? ok(value)
        : fail('must be an http or https URL');
    case 'slug':
      return typeof value === 'string' && value.length <= MAX_SLUG_LENGTH && SLUG.test(value)
        ? ok(value)
        : fail('must be lowercase letters, digits and dashes');
    case 'select': {
      const choices = field.options?.choices ?? [];
      if (field.options?.multiple) {
        if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && choices.includes(item))) {
          return fail(`must be a list of: ${choices.join(', ')}`);
        }
        return new Set(value).size === value.length ? ok(value) : fail('must not contain duplicates');
      }
      return typeof value === 'string' && choices.includes(value)
        ? ok(value)
        : fail(`must be one of ${choices.join(', ')}`);
    }
    case 'json':
      return ok(value);
    case 'media': {
      const problem = checkIds(field, value, 'media asset');
      return problem ? fail(problem) : ok(value);
    }
    case 'reference': {
      const problem = checkIds(field, value, 'document');
      return problem ? fail(problem) : ok(value);
    }
    case 'blocks':
      return checkBlocks(field, value, path, context);
  }
}

function checkBlocks(field: Field, value: unknown, path: string, context: ValueContext) {
  if (!Array.isArray(value)) return { value, problems: [{ path, message: 'must be a list of blocks' }] };
  const allowed = field.options?.components ?? [];
  const problems: ValueProblem[] = [];
  const blocks = value.map((block: unknown, index) => {
    const blockPath = `${path}.${index}`;
    if (typeof block !== 'object' || block === null || Array.isArray(block)) {
      problems.push({ path: blockPath, message: 'must be an object with a _component' });
      return block;
    }
    const { _component: name, _key: key, ...rest } = block as Record<string, unknown>;
    const fields = typeof name === 'string' && allowed.includes(name) ? context.components.get(name) : undefined;
    if (!fields) {
      problems.push({ path: `${blockPath}._component`, message: `must be one of ${allowed.join(', ')}` });
      return block;
    }
    if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > 64)) {
      problems.push({ path: `${blockPath}._key`, message: 'must be a string of 1 to 64 characters' });
    }
    const checked = checkObject(fields, rest, blockPath, context, { partial: false });
    problems.push(...checked.problems);
    return { _component: name, _key: typeof key === 'string' ? key : newId(), ...checked.value };
  });
  return { value: blocks, problems };
}

/**
 * Checks a whole object against a list of fields (a component instance, or a document's
 * non-localized view): unknown keys, required fields, and each value.
 */
export function checkObject(
  fields: readonly Field[],
  input: Record<string, unknown>,
  path: string,
  context: ValueContext,
  options: { partial: boolean },
): { value: Record<string, unknown>; problems: ValueProblem[] } {
  const problems: ValueProblem[] = [];
  const writable = fields.filter((field) => context.hiddenWritable || !field.hidden);
  const byName = new Map(writable.map((field) => [field.name, field]));
  for (const key of Object.keys(input)) {
    if (!byName.has(key)) problems.push({ path: `${path}.${key}`, message: 'is not a field of this model' });
  }
  const value: Record<string, unknown> = {};
  for (const field of writable) {
    const raw = input[field.name];
    if (raw === undefined || raw === null || raw === '') {
      if (field.required && !options.partial) problems.push({ path: `${path}.${field.name}`, message: 'is required' });
      continue;
    }
    const checked = checkValue(field, raw, `${path}.${field.name}`, context);
    problems.push(...checked.problems);
    value[field.name] = checked.value;
  }
  return { value, problems };
}
