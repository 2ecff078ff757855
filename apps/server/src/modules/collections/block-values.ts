import type { Field } from '@plinth/contract';
import type { ComponentFields } from './field-values.js';

/** One stored component instance: `{ _component, _key, ...fields }`. */
type Block = Record<string, unknown> & { _component: string; _key?: unknown };

const isBlock = (value: unknown): value is Block =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { _component?: unknown })._component === 'string';

const blocksOf = (value: unknown): Block[] => (Array.isArray(value) ? value.filter(isBlock) : []);

/**
 * Blocks as a reader gets them: each instance holds its component's current fields only, so a
 * field removed from the component is not returned (as for a collection's own fields), and a
 * hidden one only to readers that see hidden fields (members, never API tokens). Nested blocks
 * fields are projected the same way, however deep.
 * @example presentBlocks([{ _component: 'card', _key: 'k', title: 'T', note: 'internal' }], components, false)
 * // [{ _component: 'card', _key: 'k', title: 'T' }] when `note` is hidden in `card`
 */
export function presentBlocks(value: unknown, components: ComponentFields, includeHidden: boolean): unknown {
  if (!Array.isArray(value)) return value;
  return blocksOf(value).map((block) => {
    const presented: Record<string, unknown> = { _component: block._component, _key: block._key };
    for (const field of components.get(block._component) ?? []) {
      if (field.hidden && !includeHidden) continue;
      const item = block[field.name];
      if (item === undefined) continue;
      presented[field.name] = field.type === 'blocks' ? presentBlocks(item, components, includeHidden) : item;
    }
    return presented;
  });
}

/**
 * What an API token writes into blocks misses the hidden fields it cannot see; the values they
 * held stay with the instance of the same `_key` (and component), at every depth, so that a
 * token rewriting a blocks list does not wipe what members keep in it.
 */
export function carryHiddenValues(next: unknown, previous: unknown, components: ComponentFields): unknown {
  if (!Array.isArray(next)) return next;
  const before = new Map(blocksOf(previous).map((block) => [`${block._component}\u0000${String(block._key)}`, block]));
  return next.map((block: unknown) => {
    if (!isBlock(block)) return block;
    const old = before.get(`${block._component}\u0000${String(block._key)}`);
    if (!old) return block;
    const carried: Record<string, unknown> = { ...block };
    for (const field of components.get(block._component) ?? []) {
      if (field.hidden) {
        if (old[field.name] !== undefined) carried[field.name] = old[field.name];
      } else if (field.type === 'blocks') {
        carried[field.name] = carryHiddenValues(block[field.name], old[field.name], components);
      }
    }
    return carried;
  });
}

/**
 * Blocks without the values of hidden fields, at every depth; every other key stays as it is.
 * What a caller that does not see hidden fields may hand back as its own (a version it restores).
 */
export function withoutHiddenValues(value: unknown, components: ComponentFields): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((block: unknown) => {
    if (!isBlock(block)) return block;
    const kept: Record<string, unknown> = { ...block };
    for (const field of components.get(block._component) ?? []) {
      if (field.hidden) delete kept[field.name];
      else if (field.type === 'blocks' && kept[field.name] !== undefined) {
        kept[field.name] = withoutHiddenValues(kept[field.name], components);
      }
    }
    return kept;
  });
}

/** A value of a reference or media field found inside blocks, with its path from the blocks field. */
export interface BlockValue {
  field: Field;
  /** e.g. `0.children.1.author` */
  path: string;
  value: unknown;
}

/**
 * Every value of the fields matching `wanted` inside a blocks value, however deeply nested.
 * @example blockValues(content, components, (field) => field.type === 'reference')
 */
export function blockValues(
  value: unknown,
  components: ComponentFields,
  wanted: (field: Field) => boolean,
): BlockValue[] {
  const found: BlockValue[] = [];
  const walk = (blocks: unknown, prefix: string) => {
    if (!Array.isArray(blocks)) return;
    blocks.forEach((block: unknown, index) => {
      if (!isBlock(block)) return;
      for (const field of components.get(block._component) ?? []) {
        const item = block[field.name];
        if (item === undefined || item === null) continue;
        const path = `${prefix}${index}.${field.name}`;
        if (wanted(field)) found.push({ field, path, value: item });
        if (field.type === 'blocks') walk(item, `${path}.`);
      }
    });
  };
  walk(value, '');
  return found;
}

/**
 * Every instance of the component `name` inside a blocks value, however deeply nested (for
 * checking stored instances against a changed component).
 */
export function findBlocks(value: unknown, components: ComponentFields, name: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (blocks: unknown) => {
    for (const block of blocksOf(blocks)) {
      if (block._component === name) found.push(block);
      for (const field of components.get(block._component) ?? []) {
        if (field.type === 'blocks') walk(block[field.name]);
      }
    }
  };
  walk(value);
  return found;
}
