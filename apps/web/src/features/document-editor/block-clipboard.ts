import type { Component } from '@plinth/contract';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';

/**
 * Copying blocks from one blocks field and pasting them into another, in this document or any
 * other, in this tab or another. A copy goes to the system clipboard and to localStorage: the
 * second is what pastes when the browser will not let the page read the clipboard.
 */

/** One component instance in a blocks value. */
export interface Block {
  _component: string;
  _key: string;
  [field: string]: unknown;
}

export const isBlock = (value: unknown): value is Block =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Block)._component === 'string' &&
  typeof (value as Block)._key === 'string';

/** A key for a new block, unique enough among its siblings. */
export const newBlockKey = (): string =>
  `k${typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10)}`;

/** Where the last copy is kept in the browser. */
export const BLOCK_CLIPBOARD_KEY = 'plinth.block-clipboard';
// `storage` events reach the other tabs only; editors in this tab hear of a copy through this one.
const COPIED_EVENT = 'plinth:block-clipboard';

/** What a copy puts on the clipboard. */
export interface BlockClipboardPayload {
  plinth: 'blocks';
  version: 1;
  /** When it was copied (ISO 8601): of two copies found, the later one pastes. */
  copied_at: string;
  blocks: Block[];
}

/**
 * The clipboard text of some blocks.
 * @example toClipboardText([{ _component: 'hero', _key: 'k1', heading: 'Welcome' }])
 */
export function toClipboardText(blocks: readonly Block[], copiedAt: Date = new Date()): string {
  const payload: BlockClipboardPayload = {
    plinth: 'blocks',
    version: 1,
    copied_at: copiedAt.toISOString(),
    blocks: [...blocks],
  };
  return JSON.stringify(payload);
}

/**
 * The copy in a clipboard text, or null when the text is anything else (words copied from a
 * page, a later version of the format, no blocks).
 * @example parseClipboardText(await navigator.clipboard.readText())?.blocks
 */
export function parseClipboardText(text: string | null | undefined): BlockClipboardPayload | null {
  if (!text?.trimStart().startsWith('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const {
    plinth,
    version,
    copied_at: copiedAt,
    blocks,
  } = parsed as Partial<Record<keyof BlockClipboardPayload, unknown>>;
  if (plinth !== 'blocks' || version !== 1 || !Array.isArray(blocks) || blocks.length === 0) return null;
  if (!blocks.every(isBlock)) return null;
  return { plinth, version, copied_at: typeof copiedAt === 'string' ? copiedAt : '', blocks };
}

/** Of two copies, the one made last (the first when neither says when). */
function later(
  first: BlockClipboardPayload | null,
  second: BlockClipboardPayload | null,
): BlockClipboardPayload | null {
  if (!first || !second) return first ?? second;
  return second.copied_at > first.copied_at ? second : first;
}

/**
 * A deep copy of a block with new keys: its own and those of every block nested in it, so that
 * a pasted block shares no key with the one it was copied from.
 * @example withFreshKeys({ _component: 'section', _key: 'a', items: [{ _component: 'hero', _key: 'b' }] })
 */
export function withFreshKeys(block: Block, newKey: () => string = newBlockKey): Block {
  const copy: Block = { ...structuredClone(block), _key: newKey() };
  for (const [name, value] of Object.entries(copy)) {
    if (Array.isArray(value) && value.some(isBlock)) {
      copy[name] = value.map((item) => (isBlock(item) ? withFreshKeys(item, newKey) : item));
    }
  }
  return copy;
}

/** Why a copied block is not pasted into a field. */
export type SkipReason = 'not-allowed' | 'not-in-model';

/**
 * Which of the copied blocks a field takes: those whose component it allows and the project
 * has, with new keys; the others, with why not.
 * @example planPaste({ blocks, allowed: field.options?.components ?? [], components })
 */
export function planPaste({
  blocks,
  allowed,
  components,
}: {
  blocks: readonly Block[];
  allowed: readonly string[];
  components: readonly Component[];
}): { blocks: Block[]; skipped: { component: string; reason: SkipReason }[] } {
  const accepted: Block[] = [];
  const skipped: { component: string; reason: SkipReason }[] = [];
  for (const block of blocks) {
    if (!components.some((component) => component.name === block._component)) {
      skipped.push({ component: block._component, reason: 'not-in-model' });
    } else if (!allowed.includes(block._component)) {
      skipped.push({ component: block._component, reason: 'not-allowed' });
    } else {
      accepted.push(withFreshKeys(block));
    }
  }
  return { blocks: accepted, skipped };
}

const quotedList = (names: readonly string[]): string => {
  const quoted = [...new Set(names)].map((name) => `“${name}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
};

/**
 * What to tell the editor about blocks left out of a paste, or null when none were.
 * @example describeSkipped({ skipped, components, fieldLabel: 'Body' }) // "1 block skipped: “Video” is not allowed in Body."
 */
export function describeSkipped({
  skipped,
  components,
  fieldLabel,
}: {
  skipped: readonly { component: string; reason: SkipReason }[];
  components: readonly Component[];
  fieldLabel: string;
}): string | null {
  if (skipped.length === 0) return null;
  const labelOf = (name: string) => components.find((component) => component.name === name)?.label || name;
  const notAllowed = skipped.filter((entry) => entry.reason === 'not-allowed').map((entry) => labelOf(entry.component));
  const missing = skipped.filter((entry) => entry.reason === 'not-in-model').map((entry) => entry.component);
  const reasons = [
    notAllowed.length > 0
      ? `${quotedList(notAllowed)} ${new Set(notAllowed).size === 1 ? 'is' : 'are'} not allowed in ${fieldLabel}`
      : null,
    missing.length > 0
      ? `${quotedList(missing)} ${new Set(missing).size === 1 ? 'is' : 'are'} not a component of this project`
      : null,
  ].filter((reason): reason is string => reason !== null);
  return `${skipped.length} ${skipped.length === 1 ? 'block' : 'blocks'} skipped: ${reasons.join('; ')}.`;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(BLOCK_CLIPBOARD_KEY);
  } catch {
    return null;
  }
}

function subscribeStored(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key is localStorage.clear() in another tab.
    if (event.key === BLOCK_CLIPBOARD_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(COPIED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(COPIED_EVENT, onChange);
  };
}

/**
 * Whether the page may read the system clipboard. Chromium asks once and remembers ("granted",
 * or "prompt" before it has asked); Firefox and Safari cannot be queried and ask on every read,
 * with a popup, so there the copy kept in localStorage is used instead.
 */
async function clipboardReadPermission(): Promise<PermissionState | 'unknown'> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.readText || !navigator.permissions?.query) {
    return 'unknown';
  }
  try {
    return (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state;
  } catch {
    return 'unknown';
  }
}

async function readSystemClipboard(): Promise<BlockClipboardPayload | null> {
  try {
    return parseClipboardText(await navigator.clipboard.readText());
  } catch {
    return null;
  }
}

let peeking: Promise<string | null> | null = null;

/**
 * The blocks on the system clipboard, looked at without a user's gesture: only where reading is
 * already granted, so that opening a document never pops up a permission request. Editors that
 * look at once share one read.
 */
function peekSystemClipboard(): Promise<string | null> {
  peeking ??= (async () => {
    try {
      if ((await clipboardReadPermission()) !== 'granted') return null;
      const payload = await readSystemClipboard();
      return payload ? JSON.stringify(payload) : null;
    } finally {
      peeking = null;
    }
  })();
  return peeking;
}

/**
 * Puts blocks on the system clipboard and in localStorage; true when at least one took them.
 * Call it from the user's gesture (a click, a key), which browsers require for writing.
 * @example const isCopied = await writeBlockClipboard([block]);
 */
export async function writeBlockClipboard(blocks: readonly Block[]): Promise<boolean> {
  const text = toClipboardText(blocks);
  let isStored = false;
  try {
    localStorage.setItem(BLOCK_CLIPBOARD_KEY, text);
    isStored = true;
    window.dispatchEvent(new Event(COPIED_EVENT));
  } catch {
    // Storage full or refused (some private windows): the system clipboard may still take it.
  }
  let isOnSystem = false;
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      isOnSystem = true;
    }
  } catch {
    // Refused (no focus, no permission): localStorage still has it for this browser.
  }
  return isStored || isOnSystem;
}

/**
 * The blocks to paste: the later of the system clipboard's copy (where the page may read it)
 * and the one kept in localStorage; null when neither holds blocks.
 * @example const blocks = await readBlockClipboard();
 */
export async function readBlockClipboard(): Promise<Block[] | null> {
  const permission = await clipboardReadPermission();
  const system = permission === 'granted' || permission === 'prompt' ? await readSystemClipboard() : null;
  return later(parseClipboardText(readStored()), system)?.blocks ?? null;
}

/**
 * The blocks a paste would insert, kept up to date: a copy in this tab or another (the `storage`
 * event), or, where reading is granted, one on the system clipboard when the window gets focus.
 * Null when there is nothing to paste.
 */
export function useBlockClipboard(): Block[] | null {
  const stored = useSyncExternalStore(subscribeStored, readStored, () => null);
  const [system, setSystem] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    const look = () => {
      void peekSystemClipboard().then((text) => {
        if (isCurrent) setSystem(text);
      });
    };
    look();
    window.addEventListener('focus', look);
    return () => {
      isCurrent = false;
      window.removeEventListener('focus', look);
    };
  }, []);
  return useMemo(() => later(parseClipboardText(stored), parseClipboardText(system))?.blocks ?? null, [stored, system]);
}
