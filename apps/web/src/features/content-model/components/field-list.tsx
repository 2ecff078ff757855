import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { FIELD_TYPES, type FieldType } from '@plinth/contract';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FIELD_TYPE_INFO } from '../field-types';
import { type FieldDraft, type ModelDraft, newFieldDraft } from '../model-form';
import { FieldCard, fieldTitle } from './field-card';
import type { OptionsContext } from './field-options';

function TypePicker({ onPick }: { onPick: (type: FieldType) => void }) {
  return (
    <ul aria-label="Field types" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
      {FIELD_TYPES.map((type) => {
        const info = FIELD_TYPE_INFO[type];
        const Icon = info.icon;
        return (
          <li key={type}>
            <button
              type="button"
              aria-labelledby={`field-type-${type}-label`}
              aria-describedby={`field-type-${type}-hint`}
              onClick={() => onPick(type)}
              className="flex w-full items-start gap-3 rounded-lg bg-white p-3 text-left ring-1 ring-slate-200 ring-inset hover:bg-indigo-50/60 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Icon className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden />
              <span className="min-w-0">
                <span id={`field-type-${type}-label`} className="block font-medium text-slate-900 text-sm">
                  {info.label}
                </span>
                <span id={`field-type-${type}-hint`} className="block text-slate-600 text-xs">
                  {info.description}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The model's fields in order: reordered by dragging, by the keyboard on the drag handle
 * (Space, arrows, Space), or with the Move up and Move down buttons; each move is announced.
 * Removing a saved field asks first and says that its values are kept.
 */
export function FieldList({
  isReadOnly,
  context,
  expanded,
  onExpandedChange,
  onAdded,
}: {
  isReadOnly: boolean;
  context: OptionsContext;
  /** The keys of the fields whose settings are open. */
  expanded: ReadonlySet<string>;
  onExpandedChange: (next: Set<string>) => void;
  /** A field was added: its name input can take focus. */
  onAdded: (key: string) => void;
}) {
  const { control, getValues, formState } = useFormContext<ModelDraft>();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'fields', keyName: 'rowId' });
  const [isPicking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const keys = fields.map((field) => field.key);
  const current = () => getValues('fields');
  const positionOf = (key: UniqueIdentifier) => keys.indexOf(String(key)) + 1;
  const titleOf = (key: UniqueIdentifier) => {
    const field = current().find((item) => item.key === key);
    return field ? fieldTitle(field) : 'The field';
  };

  useEffect(() => {
    if (!announcement) return;
    const timer = setTimeout(() => setAnnouncement(''), 5000);
    return () => clearTimeout(timer);
  }, [announcement]);

  const moveField = (from: number, to: number) => {
    const field = current()[from];
    move(from, to);
    if (field) setAnnouncement(`${fieldTitle(field)} moved to position ${to + 1} of ${fields.length}.`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };

  const add = (type: FieldType) => {
    const draft: FieldDraft = newFieldDraft(type);
    append(draft, { shouldFocus: false });
    onExpandedChange(new Set([...expanded, draft.key]));
    setPicking(false);
    setAnnouncement(`${FIELD_TYPE_INFO[type].label} field added at position ${fields.length + 1}.`);
    onAdded(draft.key);
  };

  const removeAt = (index: number) => {
    const field = current()[index];
    remove(index);
    setRemoving(null);
    if (field) setAnnouncement(`${fieldTitle(field)} removed.`);
    addButton.current?.focus();
  };

  const toRemove = removing === null ? undefined : current()[removing];
  const fieldsError = formState.errors.fields?.root?.message ?? formState.errors.fields?.message;

  return (
    <div className="space-y-4">
      {fields.length === 0 ? (
        <p className="rounded-lg border border-slate-300 border-dashed px-4 py-6 text-center text-slate-600 text-sm">
          {isReadOnly
            ? 'This model has no fields.'
            : 'No fields yet. Every document gets an id, a status and timestamps; add the fields that are yours.'}
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                'To reorder a field, press Space or Enter to pick it up, the up and down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.',
            },
            announcements: {
              onDragStart: ({ active }) =>
                `Picked up ${titleOf(active.id)}, at position ${positionOf(active.id)} of ${keys.length}.`,
              onDragOver: ({ active, over }) =>
                over
                  ? `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${keys.length}.`
                  : `${titleOf(active.id)} is outside the list.`,
              onDragEnd: ({ active, over }) =>
                over
                  ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${keys.length}.`
                  : `${titleOf(active.id)} dropped where it was.`,
              onDragCancel: ({ active }) =>
                `Reordering cancelled: ${titleOf(active.id)} is back at position ${positionOf(active.id)}.`,
            },
          }}
        >
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <ol aria-label="Fields" className="space-y-2">
              {fields.map((field, index) => (
                <FieldCard
                  key={field.key}
                  id={field.key}
                  index={index}
                  total={fields.length}
                  isExpanded={expanded.has(field.key)}
                  isReadOnly={isReadOnly}
                  context={context}
                  onToggle={() => {
                    const next = new Set(expanded);
                    if (next.has(field.key)) next.delete(field.key);
                    else next.add(field.key);
                    onExpandedChange(next);
                  }}
                  onMove={moveField}
                  onRemove={(at) => (current()[at]?.savedName ? setRemoving(at) : removeAt(at))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {fieldsError ? <p className="text-red-600 text-sm">{fieldsError}</p> : null}
      <p aria-live="polite" aria-atomic className="sr-only">
        {announcement}
      </p>
      {isReadOnly ? null : (
        <div className="space-y-3">
          <button
            type="button"
            ref={addButton}
            className={buttonClass('secondary')}
            aria-expanded={isPicking}
            onClick={() => setPicking((open) => !open)}
          >
            <Plus className="size-4" aria-hidden />
            Add field
          </button>
          {isPicking ? <TypePicker onPick={add} /> : null}
        </div>
      )}
      <ConfirmDialog
        isOpen={toRemove !== undefined}
        title={`Remove ${toRemove ? fieldTitle(toRemove) : 'the field'}?`}
        description={
          <>
            When you save, the field leaves the model and the API. Nothing is deleted: documents keep its values in
            their version history, and adding a field named{' '}
            <code className="font-mono">{toRemove?.savedName ?? ''}</code> again brings them back.
          </>
        }
        confirmLabel="Remove field"
        onConfirm={() => (removing === null ? undefined : removeAt(removing))}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
