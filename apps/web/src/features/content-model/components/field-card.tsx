import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_OPTIONS_BY_TYPE, FIELD_TYPES, UNIQUE_FIELD_TYPES } from '@plinth/contract';
import { ArrowDown, ArrowUp, ChevronDown, GripVertical, Trash2, TriangleAlert } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { ChoiceField, CONTROL, FieldGroup, InputField } from '../../../components/ui/form-field';
import { FIELD_TYPE_INFO } from '../field-types';
import type { FieldDraft, ModelDraft } from '../model-form';
import { toModelName } from '../model-rules';
import { CheckField } from './check-field';
import { DefaultValue, FieldOptions, type OptionsContext } from './field-options';

const ICON_BUTTON =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';

/** How a field is named in buttons and announcements before it has a name. */
export const fieldTitle = (field: Pick<FieldDraft, 'name' | 'type'>) =>
  field.name.trim() || `new ${FIELD_TYPE_INFO[field.type].label.toLowerCase()} field`;

function Flags({ field, mode }: { field: FieldDraft; mode: OptionsContext['mode'] }) {
  const flags = [
    field.required ? 'Required' : null,
    field.unique && mode === 'collection' ? 'Unique' : null,
    field.localized && mode === 'collection' ? 'Localized' : null,
    field.hidden ? 'Hidden' : null,
    field.multiple && ['select', 'media', 'reference'].includes(field.type) ? 'Multiple' : null,
  ].filter((flag): flag is string => flag !== null);
  return (
    <>
      {flags.map((flag) => (
        <Badge key={flag} tone={flag === 'Hidden' ? 'warning' : 'neutral'}>
          {flag}
        </Badge>
      ))}
    </>
  );
}

/**
 * One field of the model: a summary row (drag handle, move and remove buttons) that opens onto
 * every setting of the field. Bound to the form at `fields.<index>`.
 */
export function FieldCard({
  id,
  index,
  total,
  isExpanded,
  isReadOnly,
  context,
  onToggle,
  onMove,
  onRemove,
}: {
  /** The field's stable key (its sortable id). */
  id: string;
  index: number;
  total: number;
  isExpanded: boolean;
  isReadOnly: boolean;
  context: OptionsContext;
  onToggle: () => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { register, control, formState, getValues, setValue } = useFormContext<ModelDraft>();
  const field = useWatch({ control, name: `fields.${index}` }) as FieldDraft;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: isReadOnly,
  });
  const errors = formState.errors.fields?.[index];
  const title = fieldTitle(field);
  const info = FIELD_TYPE_INFO[field.type];
  const Icon = info.icon;
  const bodyId = `field-${id}-settings`;
  const path = <K extends keyof FieldDraft>(key: K) => `fields.${index}.${key}` as const;
  const isFirst = index === 0;
  const isLast = index === total - 1;
  const canBeUnique = context.mode === 'collection' && UNIQUE_FIELD_TYPES.includes(field.type) && !field.multiple;
  const isRenamed = field.savedName !== null && field.name.trim() !== field.savedName;
  const hasOptions = FIELD_OPTIONS_BY_TYPE[field.type].length > 0;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`rounded-xl bg-white ring-1 ${errors ? 'ring-red-300' : 'ring-slate-200'} ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 p-2 sm:p-3">
        {isReadOnly ? null : (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={`${ICON_BUTTON} cursor-grab touch-none active:cursor-grabbing`}
            aria-label={`Drag ${title} to reorder`}
            {...attributes}
            {...listeners}
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
        )}
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
          <Icon className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 flex-1 basis-32">
          <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="break-all font-medium font-mono text-slate-900 text-sm">{title}</span>
            {field.label ? <span className="min-w-0 break-words text-slate-600 text-sm">{field.label}</span> : null}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-slate-600 text-xs">
            <span>{info.label}</span>
            <Flags field={field} mode={context.mode} />
            {errors ? (
              <Badge tone="danger">
                <TriangleAlert className="size-3" aria-hidden />
                Needs attention
              </Badge>
            ) : null}
          </p>
        </div>
        <div className="ml-auto flex items-center">
          {isReadOnly ? null : (
            <>
              <button
                type="button"
                className={ICON_BUTTON}
                aria-label={`Move ${title} up`}
                aria-disabled={isFirst || undefined}
                onClick={() => (isFirst ? undefined : onMove(index, index - 1))}
              >
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={ICON_BUTTON}
                aria-label={`Move ${title} down`}
                aria-disabled={isLast || undefined}
                onClick={() => (isLast ? undefined : onMove(index, index + 1))}
              >
                <ArrowDown className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={`${ICON_BUTTON} hover:bg-red-50 hover:text-red-700`}
                aria-label={`Remove ${title}`}
                onClick={() => onRemove(index)}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </>
          )}
          <button
            type="button"
            className="ml-1 inline-flex items-center gap-1 rounded-lg px-2.5 py-2 font-medium text-indigo-700 text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-expanded={isExpanded}
            aria-controls={bodyId}
            aria-label={`${isReadOnly ? 'Details of' : 'Edit'} ${title}`}
            onClick={onToggle}
          >
            {isReadOnly ? 'Details' : 'Edit'}
            <ChevronDown className={`size-4 transition ${isExpanded ? 'rotate-180' : ''}`} aria-hidden />
          </button>
        </div>
      </div>
      {isExpanded ? (
        <fieldset
          id={bodyId}
          disabled={isReadOnly}
          aria-label={`Settings of ${title}`}
          className="min-w-0 space-y-5 border-slate-100 border-t p-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="Name"
              autoComplete="off"
              spellCheck={false}
              className={`${CONTROL} font-mono`}
              error={errors?.name?.message}
              hint="In the API: lower-case letters, digits and _"
              {...register(path('name'), {
                onChange: () => setValue(path('isNameEdited'), true),
              })}
            />
            <InputField
              label="Label (optional)"
              autoComplete="off"
              placeholder="What editors see"
              error={errors?.label?.message}
              {...register(path('label'), {
                onChange: (event: { target: { value: string } }) => {
                  if (getValues(path('isNameEdited')) || getValues(path('savedName')) !== null) return;
                  setValue(path('name'), toModelName(event.target.value), {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  });
                },
              })}
            />
            <ChoiceField
              label="Type"
              value={field.type}
              error={errors?.type?.message}
              hint={info.description}
              options={FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_INFO[type].label }))}
              {...register(path('type'))}
            />
            <InputField
              label="Help (optional)"
              autoComplete="off"
              placeholder="A hint under the field in the editor"
              error={errors?.help?.message}
              {...register(path('help'))}
            />
          </div>
          {isRenamed ? (
            <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-amber-900 text-sm ring-1 ring-amber-200 ring-inset">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                Renaming works like removing <code className="font-mono">{field.savedName}</code> and adding{' '}
                <code className="font-mono">{field.name.trim() || '…'}</code>: documents keep their old values in
                version history, and the new field starts empty.
              </span>
            </p>
          ) : null}
          {hasOptions ? (
            <section aria-label={`Options of ${title}`} className="space-y-4">
              <h4 className="font-medium text-slate-500 text-xs uppercase tracking-wide">{info.label} options</h4>
              <FieldOptions index={index} context={context} />
            </section>
          ) : null}
          <FieldGroup legend="Rules">
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <CheckField
                label="Required"
                hint="Documents cannot be saved without it"
                {...register(path('required'))}
              />
              {canBeUnique ? (
                <CheckField label="Unique" hint="No two documents share a value" {...register(path('unique'))} />
              ) : null}
              {context.mode === 'collection' ? (
                <CheckField
                  label="Localized"
                  hint="A value per locale; otherwise one value for all"
                  {...register(path('localized'))}
                />
              ) : null}
              <CheckField
                label="Hidden"
                hint="Internal: never sent to API tokens or webhooks"
                {...register(path('hidden'))}
              />
            </div>
            {errors?.unique?.message ||
            errors?.localized?.message ||
            errors?.required?.message ||
            errors?.hidden?.message ? (
              <p className="mt-1.5 text-red-600 text-sm">
                {errors.unique?.message ??
                  errors.localized?.message ??
                  errors.required?.message ??
                  errors.hidden?.message}
              </p>
            ) : null}
          </FieldGroup>
          <DefaultValue index={index} />
        </fieldset>
      ) : null}
    </li>
  );
}
