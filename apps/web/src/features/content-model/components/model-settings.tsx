import { DISPLAY_FIELD_TYPES, fillPreviewUrl, isHttpUrlTemplate } from '@plinth/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { ChoiceField, CONTROL, FieldGroup, InputField, TextAreaField } from '../../../components/ui/form-field';
import { type ShapeContext, sampleData } from '../api-shape';
import { draftToField, type EditorMode, type FieldDraft, type ModelDraft } from '../model-form';
import { defaultSingular, toModelName } from '../model-rules';
import { CheckField } from './check-field';

const SAMPLE_ID = '01jf3k8z6q2v7w9x4y5b0c1d2e';

/** The preview URL of a sample document, as the server fills the template in. */
function PreviewUrlSample({ shape }: { shape: ShapeContext }) {
  const { control } = useFormContext<ModelDraft>();
  const [template, slug, fields] = useWatch({ control, name: ['previewUrl', 'slug', 'fields'] }) as [
    string,
    string,
    FieldDraft[],
  ];
  if (!template.trim() || !isHttpUrlTemplate(template.trim())) return null;
  const data = sampleData(
    fields.filter((field) => field.name.trim()).map((field) => draftToField(field)),
    shape,
  );
  const url = fillPreviewUrl(template.trim(), { ...data, id: SAMPLE_ID, collection: slug, locale: shape.locale });
  return (
    <p className="text-slate-600 text-xs">
      A document would open at <output className="break-all font-mono text-slate-800">{url}</output>
      <span className="text-slate-500"> (Plinth adds its preview token)</span>
    </p>
  );
}

/**
 * The settings of the model beside its fields: a collection's name, slug, kind, display field,
 * approval and preview URL, or a component's label and name. Slugs and kinds are set once.
 */
export function ModelSettings({
  mode,
  isNew,
  isReadOnly,
  shape,
}: {
  mode: EditorMode;
  isNew: boolean;
  isReadOnly: boolean;
  shape: ShapeContext;
}) {
  const { register, control, formState, getValues, setValue } = useFormContext<ModelDraft>();
  const { errors, isSubmitted } = formState;
  const [slug, kind, displayField, fields] = useWatch({
    control,
    name: ['slug', 'kind', 'displayField', 'fields'],
  }) as [string, ModelDraft['kind'], string, FieldDraft[]];

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!isNew || getValues('isSlugEdited')) return;
      setValue('slug', toModelName(event.target.value), { shouldDirty: true, shouldValidate: isSubmitted });
    },
  });
  const slugField = register('slug', { onChange: () => setValue('isSlugEdited', true) });

  if (mode === 'component') {
    return (
      <fieldset disabled={isReadOnly} className="min-w-0 space-y-4">
        <legend className="sr-only">Component settings</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Label"
            autoComplete="off"
            placeholder="Call to action"
            error={errors.name?.message}
            hint="What editors see when they add a block"
            {...nameField}
          />
          {isNew ? (
            <InputField
              label="Name"
              autoComplete="off"
              spellCheck={false}
              className={`${CONTROL} font-mono`}
              placeholder="call_to_action"
              error={errors.slug?.message}
              hint="Blocks carry it as _component; it cannot change later"
              {...slugField}
            />
          ) : (
            <FixedValue label="Name" value={slug} isCode hint="Blocks carry it as _component; it cannot change" />
          )}
        </div>
        <TextAreaField
          label="Description (optional)"
          rows={2}
          error={errors.description?.message}
          {...register('description')}
        />
      </fieldset>
    );
  }

  const displayOptions = fields.filter(
    (field) => field.name.trim() && DISPLAY_FIELD_TYPES.includes(field.type) && !field.hidden,
  );
  return (
    <fieldset disabled={isReadOnly} className="min-w-0 space-y-4">
      <legend className="sr-only">Collection settings</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Name"
          autoComplete="off"
          placeholder="Articles"
          error={errors.name?.message}
          hint="What editors see in the sidebar and lists"
          {...nameField}
        />
        {isNew ? (
          <InputField
            label="Slug"
            autoComplete="off"
            spellCheck={false}
            className={`${CONTROL} font-mono`}
            placeholder="articles"
            error={errors.slug?.message}
            hint="In API paths and GraphQL names; it cannot change later"
            {...slugField}
          />
        ) : (
          <FixedValue label="Slug" value={slug} isCode hint="In API paths and GraphQL names; it cannot change" />
        )}
        <InputField
          label="Singular (optional)"
          autoComplete="off"
          spellCheck={false}
          className={`${CONTROL} font-mono`}
          placeholder={slug ? defaultSingular(slug) : 'article'}
          error={errors.singular?.message}
          hint="Names one document in GraphQL (article, createArticle)"
          {...register('singular')}
        />
        <ChoiceField
          label="Display field"
          value={displayField}
          error={errors.displayField?.message}
          hint="Names each document in lists and references"
          options={[
            { value: '', label: 'None (the id)' },
            ...displayOptions.map((field) => ({
              value: field.name.trim(),
              label: field.label ? `${field.label} (${field.name.trim()})` : field.name.trim(),
            })),
            ...(displayField && !displayOptions.some((field) => field.name.trim() === displayField)
              ? [{ value: displayField, label: `${displayField} (not a visible text-like field)` }]
              : []),
          ]}
          {...register('displayField')}
        />
      </div>
      <TextAreaField
        label="Description (optional)"
        rows={2}
        error={errors.description?.message}
        {...register('description')}
      />
      {isNew ? (
        <FieldGroup legend="Kind" hint="Set once: it cannot change later">
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(
              [
                ['collection', 'Collection', 'Many documents of one shape: articles, products'],
                ['singleton', 'Singleton', 'Exactly one document: the home page, site settings'],
              ] as const
            ).map(([value, label, hint]) => (
              <label
                key={value}
                className="flex cursor-pointer gap-2.5 rounded-lg p-3 ring-1 ring-slate-200 ring-inset has-checked:bg-indigo-50/60 has-checked:ring-indigo-300"
              >
                <input type="radio" value={value} className="mt-0.5 accent-indigo-600" {...register('kind')} />
                <span>
                  <span className="block font-medium text-slate-900 text-sm">{label}</span>
                  <span className="block text-slate-600 text-xs">{hint}</span>
                </span>
              </label>
            ))}
          </div>
        </FieldGroup>
      ) : (
        <FixedValue
          label="Kind"
          value={kind === 'singleton' ? 'Singleton: exactly one document' : 'Collection: many documents'}
        />
      )}
      <CheckField
        label="Requires approval"
        hint="Documents go through review: an editor approves them before they can be published"
        {...register('requiresApproval')}
      />
      <div className="space-y-1.5">
        <InputField
          label="Preview URL (optional)"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://site.example/blog/{slug}?locale={locale}"
          error={errors.previewUrl?.message}
          hint={
            <>
              Where editors preview a document. Placeholders: <code className="font-mono">{'{id}'}</code>,{' '}
              <code className="font-mono">{'{collection}'}</code>, <code className="font-mono">{'{locale}'}</code> or a
              text-like field such as <code className="font-mono">{'{slug}'}</code>.
            </>
          }
          {...register('previewUrl')}
        />
        <PreviewUrlSample shape={shape} />
      </div>
    </fieldset>
  );
}

function FixedValue({
  label,
  value,
  hint,
  isCode = false,
}: {
  label: string;
  value: string;
  hint?: string;
  isCode?: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <p className="font-medium text-slate-800 text-sm">{label}</p>
      <p
        className={`break-words rounded-lg bg-slate-50 px-3 py-2 text-slate-800 text-sm ring-1 ring-slate-200 ring-inset ${isCode ? 'break-all font-mono' : ''}`}
      >
        {value}
      </p>
      {hint ? <p className="text-slate-500 text-xs">{hint}</p> : null}
    </div>
  );
}
