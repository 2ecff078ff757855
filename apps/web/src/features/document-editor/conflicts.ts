import type { Field } from '@plinth/contract';
import { valueIn } from './field-values';
import type { LocalDraft } from './local-drafts';

/** Unsaved changes: a localized field's value in one locale (`locale` set), or a shared field's. */
export type Edits = LocalDraft['edits'];

export const editKey = (field: string, locale: string | null) => `${locale ?? '*'}:${field}`;

/** Two JSON values with the same content (object key order does not matter). */
export function sameValue(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => sameValue(item, right[index]));
  }
  const leftEntries = Object.entries(left as Record<string, unknown>);
  const rightRecord = right as Record<string, unknown>;
  return (
    leftEntries.length === Object.keys(rightRecord).length &&
    leftEntries.every(([key, value]) => key in rightRecord && sameValue(value, rightRecord[key]))
  );
}

/** Words, runs of white space and HTML tags: what a text merge lines up. */
const tokens = (text: string): string[] => text.match(/<[^>]*>|\s+|[^\s<]+/g) ?? [];

/** Beyond this many token pairs the table of common runs costs more than a merge is worth. */
const MAX_MERGE_CELLS = 4_000_000;

/** For each token of `base`, the index of the same token of `other` in a longest common subsequence. */
function commonRun(base: readonly string[], other: readonly string[]): Map<number, number> {
  const columns = other.length + 1;
  const lengths = new Uint32Array((base.length + 1) * columns);
  for (let i = base.length - 1; i >= 0; i -= 1) {
    for (let j = other.length - 1; j >= 0; j -= 1) {
      lengths[i * columns + j] =
        base[i] === other[j]
          ? (lengths[(i + 1) * columns + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * columns + j] ?? 0, lengths[i * columns + j + 1] ?? 0);
    }
  }
  const matches = new Map<number, number>();
  let i = 0;
  let j = 0;
  while (i < base.length && j < other.length) {
    if (base[i] === other[j]) {
      matches.set(i, j);
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * columns + j] ?? 0) >= (lengths[i * columns + j + 1] ?? 0)) {
      i += 1;
    } else {
      j += 1;
    }
  }
  return matches;
}

const sameTokens = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((token, index) => token === right[index]);

/**
 * A three-way merge of two edits of one text (plain or HTML): both changes kept where they touch
 * different words; null where they change the same words differently.
 * @example mergeText('a b c', 'A b c', 'a b C') // 'A b C'
 */
export function mergeText(base: string, mine: string, theirs: string): string | null {
  const [original, ours, others] = [tokens(base), tokens(mine), tokens(theirs)];
  if ((original.length + 1) * (Math.max(ours.length, others.length) + 1) > MAX_MERGE_CELLS) return null;
  const toOurs = commonRun(original, ours);
  const toOthers = commonRun(original, others);
  const merged: string[] = [];
  let [o, a, b] = [0, 0, 0];
  while (o < original.length || a < ours.length || b < others.length) {
    if (o < original.length && toOurs.get(o) === a && toOthers.get(o) === b) {
      merged.push(original[o] as string);
      [o, a, b] = [o + 1, a + 1, b + 1];
      continue;
    }
    // The next token all three still share ends this changed stretch.
    let next = o;
    while (next < original.length && !(toOurs.has(next) && toOthers.has(next))) next += 1;
    const oursEnd = toOurs.get(next) ?? ours.length;
    const othersEnd = toOthers.get(next) ?? others.length;
    const [was, ourPart, theirPart] = [original.slice(o, next), ours.slice(a, oursEnd), others.slice(b, othersEnd)];
    if (sameTokens(ourPart, was)) merged.push(...theirPart);
    else if (sameTokens(theirPart, was) || sameTokens(ourPart, theirPart)) merged.push(...ourPart);
    else return null;
    [o, a, b] = [next, oursEnd, othersEnd];
  }
  return merged.join('');
}

/** A field both this tab and someone else changed differently since this tab read the document. */
export interface FieldConflict {
  key: string;
  field: Field;
  locale: string | null;
  mine: unknown;
  theirs: unknown;
  /** Both changes in one text, when they touch different words. */
  merged: string | null;
}

const TEXT_TYPES = new Set<Field['type']>(['text', 'longtext', 'richtext', 'slug']);

/**
 * Lines this tab's unsaved edits up with the server's newer copy: an edit of a field they did
 * not change stays; an edit that equals theirs is done; a field both changed is a conflict for
 * the user to decide.
 */
export function reconcile(
  fields: readonly Field[],
  base: Record<string, unknown>,
  theirs: Record<string, unknown>,
  edits: Edits,
): { edits: Edits; conflicts: FieldConflict[] } {
  const kept: Edits = {};
  const conflicts: FieldConflict[] = [];
  for (const [key, edit] of Object.entries(edits)) {
    const field = fields.find((candidate) => candidate.name === edit.field);
    if (!field) continue;
    const locale = edit.locale ?? '';
    const before = valueIn(field, base, locale);
    const now = valueIn(field, theirs, locale);
    if (sameValue(edit.value, now)) continue;
    if (sameValue(before, now)) {
      kept[key] = edit;
      continue;
    }
    const merged =
      TEXT_TYPES.has(field.type) && typeof edit.value === 'string' && typeof now === 'string'
        ? mergeText(typeof before === 'string' ? before : '', edit.value, now)
        : null;
    conflicts.push({ key, field, locale: edit.locale, mine: edit.value, theirs: now, merged });
  }
  return { edits: kept, conflicts };
}
