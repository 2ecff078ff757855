import type { Field } from '@plinth/contract';
import { Parser } from 'htmlparser2';
import type { ComponentFields } from '../collections/field-values.js';

/*
 * What translation sends to the model and how the answers go back in place, as pure functions:
 * the translatable strings of one locale of a document (text and longtext values, rich text as
 * HTML, and those inside blocks), cut into pieces small enough for a request, and the target
 * locale's values rebuilt around the translated pieces. Everything that is not such a string
 * (block structure, `_component`, `_key`, media, choices, numbers) is copied as it is.
 */

/** How a piece is translated: plain text, or HTML whose tags must come back unchanged. */
export type PieceKind = 'text' | 'html';

/** One string the model translates. */
export interface Piece {
  kind: PieceKind;
  text: string;
}

/** A localized field's value in the source locale, to translate. */
export interface SourceField {
  name: string;
  type: Field['type'];
  value: unknown;
}

/** Where a translated string goes: a path from the field's value, and its parts (literal text or a piece's index). */
interface Slot {
  field: string;
  path: (string | number)[];
  parts: (string | number)[];
}

/**
 * The pieces of a document's source locale, and how to rebuild the target locale's values from
 * their translations.
 */
export interface TranslationPlan {
  pieces: Piece[];
  /** The fields' values in the target locale, given one translation per piece (in order). */
  build(translations: readonly string[]): Record<string, unknown>;
}

const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'longtext', 'richtext']);

/** A string's length as it is sent: inside a JSON string, with its escapes. */
export const sentLength = (text: string): number => JSON.stringify(text).length - 2;

interface Block {
  _component: string;
  [key: string]: unknown;
}

const isBlock = (value: unknown): value is Block =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { _component?: unknown })._component === 'string';

/**
 * Plans the translation of `fields` (the source locale's values of localized text, longtext,
 * richtext and blocks fields): no piece is longer than `maxPieceChars` as sent, save a single
 * HTML tag longer than that (tags are never cut).
 * @example const plan = planTranslation([{ name: 'title', type: 'text', value: 'Hello' }], { components, maxPieceChars: 4000 });
 */
export function planTranslation(
  fields: readonly SourceField[],
  options: { components: ComponentFields; maxPieceChars: number; isHidden?: (field: Field) => boolean },
): TranslationPlan {
  const pieces: Piece[] = [];
  const slots: Slot[] = [];
  const roots: Record<string, unknown> = {};

  const addString = (field: string, path: (string | number)[], value: string, kind: PieceKind) => {
    const parts: (string | number)[] = [];
    for (const part of splitText(value, kind, options.maxPieceChars)) {
      if (typeof part === 'string') parts.push(part);
      else {
        parts.push(pieces.length);
        pieces.push({ kind, text: part.piece });
      }
    }
    slots.push({ field, path, parts });
  };

  const walkBlocks = (field: string, path: (string | number)[], blocks: unknown[]) => {
    blocks.forEach((block, index) => {
      // A block of a component the model no longer has is kept as it is.
      if (!isBlock(block)) return;
      const componentFields = options.components.get(block._component);
      if (!componentFields) return;
      for (const inner of componentFields) {
        if (options.isHidden?.(inner)) continue;
        const value = block[inner.name];
        if (TEXT_TYPES.has(inner.type) && typeof value === 'string' && value.trim() !== '') {
          addString(field, [...path, index, inner.name], value, inner.type === 'richtext' ? 'html' : 'text');
        } else if (inner.type === 'blocks' && Array.isArray(value)) {
          walkBlocks(field, [...path, index, inner.name], value);
        }
      }
    });
  };

  for (const field of fields) {
    if (TEXT_TYPES.has(field.type) && typeof field.value === 'string' && field.value.trim() !== '') {
      roots[field.name] = field.value;
      addString(field.name, [], field.value, field.type === 'richtext' ? 'html' : 'text');
    } else if (field.type === 'blocks' && Array.isArray(field.value) && field.value.length > 0) {
      roots[field.name] = field.value;
      walkBlocks(field.name, [], field.value);
    }
  }

  return {
    pieces,
    build(translations) {
      const values = structuredClone(roots);
      for (const slot of slots) {
        const text = slot.parts.map((part) => (typeof part === 'number' ? (translations[part] ?? '') : part)).join('');
        if (slot.path.length === 0) {
          values[slot.field] = text;
          continue;
        }
        let container = values[slot.field] as Record<string | number, unknown>;
        for (const step of slot.path.slice(0, -1)) container = container[step] as Record<string | number, unknown>;
        container[slot.path[slot.path.length - 1] as string | number] = text;
      }
      return values;
    },
  };
}

/** Block-level closing tags: the best places to cut rich text. */
const BLOCK_END = /^<\/(p|h[1-6]|li|ul|ol|blockquote|div|section|table|tr|pre|figure)\s*>$|^<br\s*\/?>$/i;
const SENTENCE_END = /[.!?。！？]["'”’)]?\s*$/;

/**
 * A string as literal parts (surrounding whitespace, which the model would drop) and pieces to
 * translate, each at most `max` long as sent. Long strings are cut between paragraphs or
 * sentences (rich text: after a closing block tag) when they can be, else between words.
 */
export function splitText(value: string, kind: PieceKind, max: number): (string | { piece: string })[] {
  const tokens =
    kind === 'html'
      ? (value.match(/<[^>]*>|[^<]+/g) ?? []).flatMap((token) => (token.startsWith('<') ? [token] : words(token)))
      : words(value);
  const pieces: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const token of tokens.flatMap((token) => (token.startsWith('<') ? [token] : cutLong(token, max)))) {
    const size = sentLength(token);
    if (current.length > 0 && length + size > max) {
      // Cut at the last good place of the piece so far, else here.
      let cut = current.length;
      for (let index = current.length - 1; index > 0; index -= 1) {
        const previous = current[index - 1] ?? '';
        if (BLOCK_END.test(previous.trim()) || SENTENCE_END.test(previous) || /\n\s*$/.test(previous)) {
          cut = index;
          break;
        }
      }
      pieces.push(current.slice(0, cut).join(''));
      current = current.slice(cut);
      length = current.reduce((sum, item) => sum + sentLength(item), 0);
    }
    current.push(token);
    length += size;
  }
  if (current.length > 0) pieces.push(current.join(''));
  const parts: (string | { piece: string })[] = [];
  for (const piece of pieces) {
    const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(piece);
    const [, lead = '', core = '', trail = ''] = match ?? [];
    if (lead) parts.push(lead);
    if (core) parts.push({ piece: core });
    if (trail) parts.push(trail);
  }
  return parts;
}

/** Words with the whitespace after them (`"Hello "`, `"world."`). */
const words = (text: string): string[] => text.match(/\s+|\S+\s*/g) ?? [];

/** A word longer than `max` as sent, cut into parts that are not. */
function cutLong(token: string, max: number): string[] {
  if (sentLength(token) <= max) return [token];
  const parts: string[] = [];
  let part = '';
  for (const char of token) {
    if (part && sentLength(part + char) > max) {
      parts.push(part);
      part = '';
    }
    part += char;
  }
  if (part) parts.push(part);
  return parts;
}

/**
 * The tags of an HTML string in order, as parsed (names, and attributes sorted by name), so that
 * two strings with the same markup compare equal whatever their quoting or spacing.
 * @example tagSequence('<p class="x">Hi <b>you</b></p>') // ['<p class="x">', '<b>', '</b>', '</p>']
 */
export function tagSequence(html: string): string[] {
  const tags: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const attrs = Object.entries(attributes)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => ` ${key}="${value}"`)
          .join('');
        tags.push(`<${name}${attrs}>`);
      },
      onclosetag(name, isImplied) {
        if (!isImplied) tags.push(`</${name}>`);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return tags;
}

/**
 * The model's answer as the object of translations it was asked for: a JSON object with the same
 * keys, each a non-empty string; a code fence around it is tolerated. Null with the reason otherwise.
 * @example parseTranslations('{"1":"Hola"}', ['1']) // { ok: true, texts: { '1': 'Hola' } }
 */
export function parseTranslations(
  answer: string,
  keys: readonly string[],
): { ok: true; texts: Record<string, string> } | { ok: false; reason: string } {
  const unfenced = answer
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced);
  } catch {
    return { ok: false, reason: 'the answer is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, reason: 'the answer is not a JSON object' };
  }
  const answered = parsed as Record<string, unknown>;
  const missing = keys.filter((key) => !(key in answered));
  if (missing.length > 0) return { ok: false, reason: `keys missing: ${missing.join(', ')}` };
  const extra = Object.keys(answered).filter((key) => !keys.includes(key));
  if (extra.length > 0) return { ok: false, reason: `unexpected keys: ${extra.join(', ')}` };
  const bad = keys.filter((key) => typeof answered[key] !== 'string' || (answered[key] as string).trim() === '');
  if (bad.length > 0) return { ok: false, reason: `keys not holding a text: ${bad.join(', ')}` };
  return { ok: true, texts: answered as Record<string, string> };
}
