import { type Collection, SLUG_SOURCE_TYPES } from '@plinth/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { ChoiceField, CONTROL, FieldGroup, InputField, TextAreaField } from '../../../components/ui/form-field';
import { choicesOf, type EditorMode, type FieldDraft, type ModelDraft } from '../model-form';
import { DEFAULT_TYPES } from '../model-rules';
import { CheckField } from './check-field';

export interface OptionsContext {
  mode: EditorMode;
  /** The model's own slug (a new collection can refer to itself; a component cannot hold itself). */
  slug: string;
  collections: readonly Pick<Collection, 'slug' | 'name'>[];
  components: readonly { name: string; label: string }[];
}

const GRID = 'grid gap-4 sm:grid-cols-2';

/** The options of one field's type (API.md), bound to the form at `fields.<index>`. */
export function FieldOptions({ index, context }: { index: number; context: OptionsContext }) {
  const { register, control, formState, setValue, getValues } = useFormContext<ModelDraft>();
  const field = useWatch({ control, name: `fields.${index}` }) as FieldDraft;
  const allFields = useWatch({ control, name: 'fields' }) as FieldDraft[];
  const errors = formState.errors.fields?.[index];
  const path = <K extends keyof FieldDraft>(key: K) => `fields.${index}.${key}` as const;

  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'richtext':
      return (
        <div className="space-y-4">
          <div className={GRID}>
            {field.type !== 'richtext' ? (
              <InputField
                label="Minimum length"
                inputMode="numeric"
                placeholder="No minimum"
                error={errors?.minLength?.message}
                {...register(path('minLength'))}
              />
            ) : null}
            <InputField
              label="Maximum length"
              inputMode="numeric"
              placeholder="No maximum"
              error={errors?.maxLength?.message}
              hint={field.type === 'richtext' ? 'Counted on the HTML' : undefined}
              {...register(path('maxLength'))}
            />
          </div>
          {field.type === 'text' ? (
            <InputField
              label="Pattern"
              placeholder="^[A-Z]{3}-\d+$"
              spellCheck={false}
              className={`${CONTROL} font-mono`}
              error={errors?.pattern?.message}
              hint="A regular expression (RE2) that values must match; empty for any text"
              {...register(path('pattern'))}
            />
          ) : null}
        </div>
      );
    case 'number':
    case 'integer':
      return (
        <div className={GRID}>
          <InputField
            label="Minimum"
            inputMode="decimal"
            placeholder="No minimum"
            error={errors?.min?.message}
            {...register(path('min'))}
          />
          <InputField
            label="Maximum"
            inputMode="decimal"
            placeholder="No maximum"
            error={errors?.max?.message}
            {...register(path('max'))}
          />
        </div>
      );
    case 'slug': {
      const sources = allFields.filter(
        (other, otherIndex) => otherIndex !== index && SLUG_SOURCE_TYPES.includes(other.type) && other.name.trim(),
      );
      return (
        <ChoiceField
          label="Made from"
          value={field.from}
          error={errors?.from?.message}
          hint="Editors get the slug filled in from this field; they can still change it"
          options={[
            { value: '', label: 'No field: typed by hand' },
            ...sources.map((source) => ({ value: source.name.trim(), label: source.label || source.name })),
            ...(field.from && !sources.some((source) => source.name.trim() === field.from)
              ? [{ value: field.from, label: `${field.from} (not a text field here)` }]
              : []),
          ]}
          {...register(path('from'))}
        />
      );
    }
    case 'select':
      return (
        <div className="space-y-4">
          <TextAreaField
            label="Choices"
            rows={4}
            placeholder={'draft\nreview\ndone'}
            error={errors?.choices?.message}
            hint="One a line; the values stored and sent by the API"
            {...register(path('choices'))}
          />
          <CheckField label="Several at once" hint="The value is a list of choices" {...register(path('multiple'))} />
        </div>
      );
    case 'media':
      return (
        <div className="space-y-4">
          <InputField
            label="Accepted types"
            placeholder="image/*, application/pdf"
            spellCheck={false}
            error={errors?.accept?.message}
            hint="MIME types, comma-separated; empty for any file"
            {...register(path('accept'))}
          />
          <CheckField
            label="Several files"
            hint="The value is a list of assets (a gallery)"
            {...register(path('multiple'))}
          />
        </div>
      );
    case 'reference': {
      const targets = [
        ...context.collections,
        ...(context.mode === 'collection' &&
        context.slug &&
        !context.collections.some((collection) => collection.slug === context.slug)
          ? [{ slug: context.slug, name: `${context.slug} (this collection)` }]
          : []),
      ];
      return (
        <div className="space-y-4">
          <ChoiceField
            label="Collection"
            value={field.collection}
            error={errors?.collection?.message}
            options={[
              { value: '', label: 'Choose a collection' },
              ...targets.map((target) => ({ value: target.slug, label: `${target.name} (${target.slug})` })),
            ]}
            {...register(path('collection'))}
          />
          <CheckField
            label="Several documents"
            hint="The value is a list of references"
            {...register(path('multiple'))}
          />
        </div>
      );
    }
    case 'blocks': {
      const available = context.components.filter(
        (component) => context.mode === 'collection' || component.name !== context.slug,
      );
      const toggle = (name: string, checked: boolean) => {
        const current = getValues(path('components'));
        const next = checked ? [...current, name] : current.filter((item) => item !== name);
        setValue(path('components'), next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      };
      return (
        <FieldGroup
          legend="Components it may hold"
          error={errors?.components?.message}
          hint="Editors add these blocks in any order; the API sends each with its _component name"
        >
          {available.length === 0 ? (
            <p className="mt-2 text-slate-600 text-sm">
              This project has no components yet: create one first, then come back.
            </p>
          ) : (
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {available.map((component) => (
                <li key={component.name}>
                  <CheckField
                    label={component.label || component.name}
                    hint={<span className="font-mono">{component.name}</span>}
                    checked={field.components.includes(component.name)}
                    onChange={(event) => toggle(component.name, event.target.checked)}
                  />
                </li>
              ))}
            </ul>
          )}
        </FieldGroup>
      );
    }
    default:
      return null;
  }
}

/** The default value of a field, typed the way its type reads it. */
export function DefaultValue({ index }: { index: number }) {
  const { register, control, formState } = useFormContext<ModelDraft>();
  const field = useWatch({ control, name: `fields.${index}` }) as FieldDraft;
  const error = formState.errors.fields?.[index]?.defaultValue?.message;
  const name = `fields.${index}.defaultValue` as const;
  if (!DEFAULT_TYPES.includes(field.type)) return null;
  const hint = 'Given to new documents, and to documents saved before the field existed';
  if (field.type === 'boolean') {
    return (
      <ChoiceField
        label="Default"
        value={field.defaultValue}
        hint={hint}
        error={error}
        options={[
          { value: '', label: 'No default' },
          { value: 'true', label: 'Yes (true)' },
          { value: 'false', label: 'No (false)' },
        ]}
        {...register(name)}
      />
    );
  }
  if (field.type === 'select' && !field.multiple) {
    const choices = choicesOf(field);
    return (
      <ChoiceField
        label="Default"
        value={field.defaultValue}
        hint={hint}
        error={error}
        options={[
          { value: '', label: 'No default' },
          ...choices.map((choice) => ({ value: choice, label: choice })),
          ...(field.defaultValue && !choices.includes(field.defaultValue)
            ? [{ value: field.defaultValue, label: `${field.defaultValue} (not a choice)` }]
            : []),
        ]}
        {...register(name)}
      />
    );
  }
  if (field.type === 'json' || field.type === 'select' || field.type === 'longtext' || field.type === 'richtext') {
    return (
      <TextAreaField
        label="Default"
        rows={3}
        spellCheck={field.type !== 'json'}
        className={field.type === 'json' ? `${CONTROL} font-mono` : CONTROL}
        placeholder={field.type === 'json' ? '{"key": "value"}' : field.type === 'select' ? 'One choice a line' : ''}
        hint={hint}
        error={error}
        {...register(name)}
      />
    );
  }
  const placeholder: Partial<Record<FieldDraft['type'], string>> = {
    date: '2026-11-22',
    datetime: '2026-11-22T10:00:00.000Z',
    email: 'team@example.com',
    url: 'https://example.com',
  };
  return (
    <InputField
      label="Default"
      inputMode={field.type === 'number' || field.type === 'integer' ? 'decimal' : undefined}
      placeholder={placeholder[field.type] ?? 'No default'}
      hint={hint}
      error={error}
      {...register(name)}
    />
  );
}
