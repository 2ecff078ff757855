import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Component, Field } from '@plinth/contract';
import {
  ArrowDown,
  ArrowUp,
  ChevronDown,
  ChevronRight,
  ClipboardCopy,
  ClipboardPaste,
  Copy,
  Ellipsis,
  GripVertical,
  Plus,
  Trash2,
} from 'lucide-react';
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DropdownMenu, DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { fieldLabel } from '../../../lib/field-label';
import {
  type Block,
  describeSkipped,
  isBlock,
  newBlockKey,
  planPaste,
  readBlockClipboard,
  useBlockClipboard,
  writeBlockClipboard,
} from '../block-clipboard';
import { FieldName } from './field-control';

export type { Block } from '../block-clipboard';

/** Renders one field of a block (any type, blocks included): given by the document form. */
export type RenderField = (field: Field, value: unknown, onChange: (value: unknown) => void) => ReactNode;

/** What a block's buttons do, by the block's key; the same functions for the life of the editor. */
interface BlockActions {
  toggle: (key: string) => void;
  moveBy: (key: string, delta: number) => void;
  duplicate: (key: string) => void;
  remove: (key: string) => void;
  copy: (key: string) => void;
  pasteAfter: (key: string) => void;
  insert: (component: Component, at: number) => void;
  paste: (at: number) => void;
  change: (key: string, field: string, value: unknown) => void;
}

/**
 * From this many blocks, a block far from the screen is drawn as a placeholder of its height:
 * a 200-block page then opens and types like a short one.
 */
const WINDOW_FROM = 24;
/** How far beyond the screen blocks are drawn in full, so scrolling meets them ready. */
const WINDOW_MARGIN = '1200px 0px';
/** Blocks drawn in full on the first render of a long page, before anything is measured. */
const FIRST_DRAWN = 6;

/** The last change that can be taken back, shown below the blocks with an Undo button. */
type Undoable =
  | { kind: 'removed'; block: Block; index: number }
  | { kind: 'pasted'; keys: readonly string[]; text: string };

/**
 * Copy and paste by keyboard on a block's handle or title. Only those buttons listen, so text
 * fields (the block's own, or anything else) keep their ordinary copy and paste.
 */
function clipboardShortcut(event: KeyboardEvent<HTMLElement>): 'copy' | 'paste' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const key = event.key.toLowerCase();
  return key === 'c' ? 'copy' : key === 'v' ? 'paste' : null;
}

/** A block's name in lists: its component's label, and the first words of its first text value. */
function blockTitle(block: Block, component: Component | undefined): string {
  const label = component?.label || block._component;
  const text = component?.fields
    .filter((field) => field.type === 'text' || field.type === 'longtext')
    .map((field) => block[field.name])
    .find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return text ? `${label}: ${text.slice(0, 60)}` : label;
}

/**
 * The visual editor of a blocks field: the blocks in order, each edited in place; a palette of
 * the components the field allows, to add a block at the end or between two; reordering by
 * drag and drop or by keyboard (with what moved said to screen readers); collapse, duplicate,
 * and remove with undo. Blocks whose components have a blocks field nest.
 */
export function BlocksEditor({
  field,
  components,
  value,
  error,
  readOnly,
  onChange,
  renderField,
  fallback = null,
  fallbackLocale = null,
}: {
  field: Field;
  components: readonly Component[];
  value: unknown;
  /** A localized field's default-locale blocks, which readers get until this locale has its own. */
  fallback?: unknown;
  fallbackLocale?: string | null;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
  renderField: RenderField;
}) {
  const blocks = Array.isArray(value) ? value.filter(isBlock) : [];
  const allowedNames = field.options?.components;
  const allowed = useMemo(
    () =>
      (allowedNames ?? [])
        .map((name) => components.find((component) => component.name === name))
        .filter((component): component is Component => component !== undefined),
    [allowedNames, components],
  );
  const componentOf = (block: Block) => components.find((component) => component.name === block._component);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  // What a copy, or a paste that inserted nothing, says: shown, and read out, beside the undoable change.
  const [message, setMessage] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const clipboard = useBlockClipboard();
  // Pasting waits for the clipboard: it then inserts into the blocks as they are by that time.
  const latest = useRef({ blocks, onChange });
  latest.current = { blocks, onChange };
  const canAdd = !readOnly && allowed.length > 0;
  const legendId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (key: unknown) => {
    const block = blocks.find((candidate) => candidate._key === key);
    return block ? blockTitle(block, componentOf(block)) : 'block';
  };
  const positionOf = (key: unknown) => blocks.findIndex((block) => block._key === key) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${blocks.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${blocks.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${blocks.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const moved = blocks[from];
    onChange(arrayMove(blocks, from, to));
    if (moved) setSaid(`${blockTitle(moved, componentOf(moved))} moved to position ${to + 1} of ${blocks.length}.`);
  };
  const insert = (component: Component, at: number) => {
    const block: Block = { _component: component.name, _key: newBlockKey() };
    onChange([...blocks.slice(0, at), block, ...blocks.slice(at)]);
    setSaid(`${component.label || component.name} block added at position ${at + 1}.`);
  };
  const update = (key: string, name: string, next: unknown) =>
    onChange(blocks.map((block) => (block._key === key ? { ...block, [name]: next } : block)));
  const duplicate = (index: number) => {
    const original = blocks[index];
    if (!original) return;
    const copy: Block = { ...structuredClone(original), _key: newBlockKey() };
    onChange([...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)]);
    setSaid(`${blockTitle(original, componentOf(original))} duplicated.`);
  };
  const remove = (index: number) => {
    const block = blocks[index];
    if (!block) return;
    onChange(blocks.filter((_, position) => position !== index));
    setUndoable({ kind: 'removed', block, index });
    setMessage(null);
  };
  const undoRemove = (removed: { block: Block; index: number }) => {
    const at = Math.min(removed.index, blocks.length);
    onChange([...blocks.slice(0, at), removed.block, ...blocks.slice(at)]);
    setSaid(`${blockTitle(removed.block, componentOf(removed.block))} restored.`);
    setUndoable(null);
  };
  const copy = async (copied: readonly Block[]) => {
    const first = copied[0];
    const what =
      copied.length === 1 && first ? `“${blockTitle(first, componentOf(first))}”` : `${copied.length} blocks`;
    const isCopied = await writeBlockClipboard(copied);
    setMessage(
      isCopied ? `Copied ${what}.` : `Could not copy ${what}: this browser refused both the clipboard and storage.`,
    );
  };
  const paste = async (at: number) => {
    const copied = await readBlockClipboard();
    if (!copied) {
      setMessage('Nothing to paste: copy a block first.');
      return;
    }
    const plan = planPaste({ blocks: copied, allowed: allowed.map((component) => component.name), components });
    const skipped = describeSkipped({ skipped: plan.skipped, components, fieldLabel: fieldLabel(field) });
    const first = plan.blocks[0];
    if (!first) {
      setMessage(`Nothing pasted. ${skipped ?? ''}`.trim());
      return;
    }
    const current = latest.current.blocks;
    const position = Math.min(at, current.length);
    latest.current.onChange([...current.slice(0, position), ...plan.blocks, ...current.slice(position)]);
    const count = plan.blocks.length;
    const what =
      count === 1
        ? `“${blockTitle(first, componentOf(first))}” at position ${position + 1}`
        : `${count} blocks at positions ${position + 1} to ${position + count}`;
    setMessage(null);
    setUndoable({
      kind: 'pasted',
      keys: plan.blocks.map((block) => block._key),
      text: [`Pasted ${what}.`, skipped].filter(Boolean).join(' '),
    });
  };
  const undoPaste = (keys: readonly string[]) => {
    onChange(blocks.filter((block) => !keys.includes(block._key)));
    setSaid(keys.length === 1 ? 'Pasted block removed.' : `${keys.length} pasted blocks removed.`);
    setUndoable(null);
  };
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(
      arrayMove(
        blocks,
        blocks.findIndex((block) => block._key === active.id),
        blocks.findIndex((block) => block._key === over.id),
      ),
    );
  };

  // What the blocks call, the same functions from render to render (they read the latest state
  // through a ref), so a key press in one block does not re-render the other blocks.
  const handlers = useRef({ move, insert, update, duplicate, remove, copy, paste, toggle });
  handlers.current = { move, insert, update, duplicate, remove, copy, paste, toggle };
  const actions = useMemo<BlockActions>(() => {
    const indexOf = (key: string) => latest.current.blocks.findIndex((block) => block._key === key);
    return {
      toggle: (key) => handlers.current.toggle(key),
      moveBy: (key, delta) => handlers.current.move(indexOf(key), indexOf(key) + delta),
      duplicate: (key) => handlers.current.duplicate(indexOf(key)),
      remove: (key) => handlers.current.remove(indexOf(key)),
      copy: (key) => {
        const block = latest.current.blocks[indexOf(key)];
        if (block) void handlers.current.copy([block]);
      },
      pasteAfter: (key) => void handlers.current.paste(indexOf(key) + 1),
      insert: (component, at) => handlers.current.insert(component, at),
      paste: (at) => void handlers.current.paste(at),
      change: (key, name, next) => handlers.current.update(key, name, next),
    };
  }, []);
  // The ids dnd-kit sorts: the same array while the order is.
  const order = blocks.map((block) => block._key).join('\n');
  const ids = useMemo(() => order.split('\n').filter(Boolean), [order]);
  // What Paste offers here: the copied blocks this field takes (a paste skips the others).
  const pasteCount =
    canAdd && clipboard
      ? clipboard.filter((block) => allowed.some((component) => component.name === block._component)).length
      : 0;
  const windowed = blocks.length > WINDOW_FROM;

  return (
    <section aria-labelledby={legendId} className="space-y-2" data-field={field.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={legendId} className="font-medium text-slate-800 text-sm">
          <FieldName field={field} />
          <span className="ml-2 font-normal text-slate-500 text-xs">
            {blocks.length} {blocks.length === 1 ? 'block' : 'blocks'}
          </span>
        </h2>
        {blocks.length > 0 ? (
          <button type="button" className={TEXT_BUTTON} onClick={() => void copy(blocks)}>
            <ClipboardCopy className="size-4" aria-hidden />
            Copy all blocks
          </button>
        ) : null}
      </div>
      {field.help ? <p className="text-slate-500 text-xs">{field.help}</p> : null}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a block, press Space or Enter to pick it up, the arrow keys to move it, Space or Enter to drop it, and Escape to cancel. Control or Command with C copies it, with V pastes after it.',
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="space-y-2">
            {blocks.map((block, index) => (
              <SortableBlock
                key={block._key}
                block={block}
                component={componentOf(block)}
                position={index + 1}
                count={blocks.length}
                isCollapsed={collapsed.has(block._key)}
                readOnly={readOnly}
                canPaste={canAdd}
                allowed={allowed}
                pasteCount={pasteCount}
                windowed={windowed}
                actions={actions}
                renderField={renderField}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {blocks.length === 0 ? (
        <EmptyBlocks fallback={fallback} fallbackLocale={fallbackLocale} readOnly={readOnly} onCopy={onChange} />
      ) : null}
      <div role="status" aria-label={`Last change to ${fieldLabel(field)}`}>
        {message ? <p className="px-1 text-slate-700 text-sm">{message}</p> : null}
        {undoable ? (
          <p className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-slate-700 text-sm">
            {undoable.kind === 'removed'
              ? `${blockTitle(undoable.block, componentOf(undoable.block))} removed.`
              : undoable.text}
            <button
              type="button"
              className="font-semibold text-indigo-700 underline-offset-2 hover:underline"
              onClick={() => (undoable.kind === 'removed' ? undoRemove(undoable) : undoPaste(undoable.keys))}
            >
              Undo
            </button>
          </p>
        ) : null}
      </div>
      {canAdd ? (
        <BlockAdders
          at={blocks.length}
          label={blocks.length === 0 ? '' : 'at the end'}
          allowed={allowed}
          pasteCount={pasteCount}
          actions={actions}
        />
      ) : null}
      {error ? <p className="text-red-600 text-sm">{error}</p> : null}
    </section>
  );
}

const TEXT_BUTTON =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 font-medium text-indigo-700 text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** Where a block can be added: the palette, and Paste when something is copied. */
const BlockAdders = memo(function BlockAdders({
  at,
  label,
  allowed,
  pasteCount,
  actions,
}: {
  at: number;
  label: string;
  allowed: readonly Component[];
  pasteCount: number;
  actions: BlockActions;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <DropdownMenu
        align="start"
        label={`Components to add ${label}`.trim()}
        trigger={
          <button type="button" className={TEXT_BUTTON}>
            <Plus className="size-4" aria-hidden />
            {`Add block ${label}`.trim()}
          </button>
        }
      >
        {allowed.map((component) => (
          <DropdownMenuItem key={component.name} onSelect={() => actions.insert(component, at)}>
            <span>
              <span className="block font-medium">{component.label || component.name}</span>
              {component.description ? (
                <span className="block text-slate-500 text-xs">{component.description}</span>
              ) : null}
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenu>
      {pasteCount > 0 ? (
        <button type="button" className={TEXT_BUTTON} onClick={() => actions.paste(at)}>
          <ClipboardPaste className="size-4" aria-hidden />
          {`Paste ${pasteCount === 1 ? 'block' : `${pasteCount} blocks`} ${label}`.trim()}
        </button>
      ) : null}
    </div>
  );
});

/**
 * Whether an element is on or near the screen (once `watch` is on); true where there is no
 * IntersectionObserver to ask.
 */
function useNearScreen(element: HTMLElement | null, watch: boolean, initially: boolean): boolean {
  const [near, setNear] = useState(initially);
  useEffect(() => {
    if (!watch || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: WINDOW_MARGIN,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, watch]);
  return near || !watch;
}

const SortableBlock = memo(function SortableBlock({
  block,
  component,
  position,
  count,
  isCollapsed,
  readOnly,
  canPaste,
  allowed,
  pasteCount,
  windowed,
  actions,
  renderField,
}: {
  block: Block;
  component: Component | undefined;
  position: number;
  count: number;
  isCollapsed: boolean;
  readOnly: boolean;
  /** Whether blocks can be added here (not read-only, and the field allows some component). */
  canPaste: boolean;
  allowed: readonly Component[];
  /** How many copied blocks a paste here would insert. */
  pasteCount: number;
  /** A long page: drawn in full only near the screen. */
  windowed: boolean;
  actions: BlockActions;
  renderField: RenderField;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block._key,
    disabled: readOnly,
  });
  const [element, setElement] = useState<HTMLLIElement | null>(null);
  const near = useNearScreen(element, windowed, position <= FIRST_DRAWN);
  // The height it had when last drawn, kept by its placeholder so the page does not jump.
  const drawnHeight = useRef<number | null>(null);
  const setRef = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      setElement(node);
    },
    [setNodeRef],
  );
  useLayoutEffect(() => {
    if (near && element) drawnHeight.current = element.getBoundingClientRect().height;
  });
  const key = block._key;
  const title = blockTitle(block, component);
  const bodyId = useId();
  // One onChange per field of the block, kept while typing.
  const fieldChanges = useMemo(
    () =>
      (component?.fields ?? []).map((inner) => ({
        inner,
        onChange: (next: unknown) => actions.change(key, inner.name, next),
      })),
    [component, key, actions],
  );

  if (!near) {
    return (
      <li
        ref={setRef}
        style={{
          transform: CSS.Transform.toString(transform),
          transition,
          height: drawnHeight.current ?? estimatedHeight(component, isCollapsed),
        }}
        className="rounded-xl bg-white px-3 py-2.5 text-slate-500 text-sm ring-1 ring-slate-200"
      >
        {title}
      </li>
    );
  }

  const iconButton =
    'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40';
  const onPasteAfter = canPaste ? () => actions.pasteAfter(key) : null;
  const onShortcut = (event: KeyboardEvent<HTMLElement>) => {
    const action = clipboardShortcut(event);
    if (action === 'copy') {
      event.preventDefault();
      actions.copy(key);
    } else if (action === 'paste' && onPasteAfter) {
      event.preventDefault();
      onPasteAfter();
    }
  };
  return (
    <li
      ref={setRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-xl bg-white ring-1 ring-slate-200 ${isDragging ? 'relative z-10 shadow-lg ring-indigo-400' : ''}`}
    >
      <div className="flex items-center gap-1 border-slate-100 border-b px-2 py-1.5">
        {readOnly ? null : (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            onKeyDown={(event) => {
              onShortcut(event);
              // Space and Enter pick the block up (dnd-kit's keyboard sensor).
              if (!event.defaultPrevented) listeners?.onKeyDown?.(event);
            }}
            aria-label={`Drag ${title}, position ${position} of ${count}`}
            className={`${iconButton} cursor-grab touch-none`}
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
        )}
        <button
          type="button"
          aria-expanded={!isCollapsed}
          aria-controls={bodyId}
          onClick={() => actions.toggle(key)}
          onKeyDown={onShortcut}
          className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md px-1 py-1 text-left font-medium text-slate-800 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {isCollapsed ? (
            <ChevronRight className="size-4 shrink-0" aria-hidden />
          ) : (
            <ChevronDown className="size-4 shrink-0" aria-hidden />
          )}
          <span className="truncate">{title}</span>
        </button>
        <div className="flex shrink-0 items-center">
          {readOnly ? null : (
            <>
              <button
                type="button"
                className={iconButton}
                onClick={() => actions.moveBy(key, -1)}
                disabled={position === 1}
                aria-label={`Move ${title} up`}
              >
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => actions.moveBy(key, 1)}
                disabled={position === count}
                aria-label={`Move ${title} down`}
              >
                <ArrowDown className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => actions.duplicate(key)}
                aria-label={`Duplicate ${title}`}
              >
                <Copy className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => actions.remove(key)}
                aria-label={`Remove ${title}`}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </>
          )}
          <DropdownMenu
            label={`Actions for ${title}`}
            trigger={
              <button type="button" className={iconButton} aria-label={`More actions for ${title}`}>
                <Ellipsis className="size-4" aria-hidden />
              </button>
            }
          >
            <DropdownMenuItem onSelect={() => actions.copy(key)}>
              <ClipboardCopy className="size-4" aria-hidden />
              Copy block
            </DropdownMenuItem>
            {onPasteAfter && pasteCount > 0 ? (
              <DropdownMenuItem onSelect={onPasteAfter}>
                <ClipboardPaste className="size-4" aria-hidden />
                Paste after this block
              </DropdownMenuItem>
            ) : null}
          </DropdownMenu>
        </div>
      </div>
      <div id={bodyId} hidden={isCollapsed} className="p-3 sm:p-4">
        {component ? (
          <div className="space-y-4">
            {fieldChanges.map(({ inner, onChange }) => (
              <div key={inner.name}>{renderField(inner, block[inner.name] ?? null, onChange)}</div>
            ))}
          </div>
        ) : (
          <p className="text-amber-800 text-sm">
            The component “{block._component}” is no longer in the model; this block is kept as it is.
          </p>
        )}
      </div>
      {canPaste && position < count ? (
        <div className="border-slate-100 border-t px-2 py-1">
          <BlockAdders
            at={position}
            label={`after ${position}`}
            allowed={allowed}
            pasteCount={pasteCount}
            actions={actions}
          />
        </div>
      ) : null}
    </li>
  );
});

/** A block's height before it was ever drawn: its header and about what its fields take. */
function estimatedHeight(component: Component | undefined, isCollapsed: boolean): number {
  if (isCollapsed || !component) return 48;
  const fields = component.fields.reduce(
    (total, inner) => total + (inner.type === 'richtext' ? 200 : inner.type === 'blocks' ? 160 : 86),
    0,
  );
  return 48 + 32 + fields + 41;
}

/** No blocks: in a translation, readers get the default locale's, which can be the start of this one. */
function EmptyBlocks({
  fallback,
  fallbackLocale,
  readOnly,
  onCopy,
}: {
  fallback: unknown;
  fallbackLocale: string | null;
  readOnly: boolean;
  onCopy: (blocks: Block[]) => void;
}) {
  const inherited = Array.isArray(fallback) ? fallback.filter(isBlock) : [];
  if (!fallbackLocale || inherited.length === 0) return <p className="text-slate-500 text-sm">No blocks yet.</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-slate-600 text-sm">
      No blocks in this locale yet: readers get the {inherited.length} {fallbackLocale}{' '}
      {inherited.length === 1 ? 'block' : 'blocks'}.
      {readOnly ? null : (
        <button
          type="button"
          className="font-semibold text-indigo-700 underline-offset-2 hover:underline"
          onClick={() => onCopy(structuredClone(inherited))}
        >
          Start from the {fallbackLocale} blocks
        </button>
      )}
    </p>
  );
}
