import { zodResolver } from '@hookform/resolvers/zod';
import type { Collection, Component, Project } from '@plinth/contract';
import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { projectPath } from '../../../lib/current-project';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCreateCollection, useUpdateCollection } from '../api/save-collection';
import { useCreateComponent, useUpdateComponent } from '../api/save-component';
import type { ShapeContext } from '../api-shape';
import { editorPath } from '../editor-paths';
import {
  collectionToDraft,
  componentToDraft,
  createCollectionBody,
  createComponentBody,
  type DraftPath,
  draftPathOf,
  draftToField,
  type EditorMode,
  type ModelDraft,
  modelDraftSchema,
  sentence,
  updateCollectionBody,
  updateComponentBody,
} from '../model-form';
import { ApiPreview } from './api-preview';
import { ConflictDialog, type ModelConflict } from './conflict-dialog';
import { FieldList } from './field-list';
import type { OptionsContext } from './field-options';
import { ModelSettings } from './model-settings';

export type SavedModel =
  | { mode: 'collection'; value: Collection | null }
  | { mode: 'component'; value: Component | null };

/** The preview panel, following every change of the form. */
function LivePreview({ mode, shape }: { mode: EditorMode; shape: ShapeContext }) {
  const [slug, singular, fields] = useWatch<ModelDraft, ['slug', 'singular', 'fields']>({
    name: ['slug', 'singular', 'fields'],
  });
  const model = useMemo(
    () => ({
      mode,
      slug,
      singular,
      fields: fields.filter((field) => field.name.trim()).map((field) => draftToField(field, mode)),
    }),
    [mode, slug, singular, fields],
  );
  return <ApiPreview model={model} context={shape} />;
}

function FieldCount() {
  const fields = useWatch<ModelDraft, 'fields'>({ name: 'fields' });
  return (
    <>
      {fields.length} {fields.length === 1 ? 'field' : 'fields'}, in the order editors and the API see them. Drag a
      field by its handle, or use its arrows, to move it.
    </>
  );
}

/**
 * The model editor: settings, the field builder and the API preview of one collection or
 * component (`saved`, or a new one). Saves with POST or PATCH; refusals land beside their fields,
 * and a change that stored documents would break opens the server's explanation.
 */
export function ModelEditorForm({
  project,
  saved,
  collections,
  components,
  isReadOnly,
}: {
  project: Project;
  saved: SavedModel;
  collections: readonly Collection[];
  components: readonly Component[];
  isReadOnly: boolean;
}) {
  const { mode } = saved;
  const isNew = saved.value === null;
  const navigate = useNavigate();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const createCollection = useCreateCollection();
  const updateCollection = useUpdateCollection();
  const createComponent = useCreateComponent();
  const updateComponent = useUpdateComponent();
  const mutation =
    mode === 'collection' ? (isNew ? createCollection : updateCollection) : isNew ? createComponent : updateComponent;

  const draftOf = (value: SavedModel) =>
    value.mode === 'collection' ? collectionToDraft(value.value) : componentToDraft(value.value);
  const schema = useMemo(
    () =>
      modelDraftSchema({
        mode,
        isNew,
        collections,
        components: components.map((component) => component.name),
      }),
    [mode, isNew, collections, components],
  );
  const form = useForm<ModelDraft>({
    resolver: zodResolver(schema),
    defaultValues: draftOf(saved),
    shouldFocusError: false,
  });
  const { isDirty, isSubmitting } = form.formState;
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [focusErrorRequest, setFocusErrorRequest] = useState(0);
  const [conflict, setConflict] = useState<ModelConflict | null>(null);
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const slug = useWatch({ control: form.control, name: 'slug' });
  const leaveDialog = useUnsavedChanges(isDirty && !mutation.isPending && !isReadOnly, 'this model', {
    searchLeaves: true,
  });

  // A field just added: its name is the first thing to type.
  useEffect(() => {
    if (focusKey === null) return;
    const index = form.getValues('fields').findIndex((field) => field.key === focusKey);
    if (index >= 0) form.setFocus(`fields.${index}.name`);
    setFocusKey(null);
  }, [focusKey, form]);

  // After a refused save: the first field in error, once the fields holding errors are open.
  useEffect(() => {
    if (focusErrorRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrorRequest]);

  const openFieldsInError = (indexes: number[]) => {
    const fields = form.getValues('fields');
    const keys = indexes.flatMap((index) => (fields[index] ? [fields[index].key] : []));
    if (keys.length > 0) setExpanded((current) => new Set([...current, ...keys]));
  };
  const indexOfPath = (path: string) => {
    const match = /^fields\.(\d+)\./.exec(path);
    return match ? Number(match[1]) : null;
  };

  const shape: ShapeContext = {
    collections,
    components,
    locale: project.default_locale,
  };
  const optionsContext: OptionsContext = {
    mode,
    slug,
    collections,
    components: components.map((component) => ({ name: component.name, label: component.label })),
  };

  const showRefusal = (error: unknown) => {
    const fields = form.getValues('fields');
    const placed: DraftPath[] = [];
    const left: string[] = [];
    for (const { path, message } of serverFieldErrors(error)) {
      const target = draftPathOf(path, mode, fields);
      if (target) {
        form.setError(target, { type: 'server', message: sentence(message) });
        placed.push(target);
      } else left.push(`${path} ${message}`);
    }
    openFieldsInError(placed.flatMap((path) => indexOfPath(path) ?? []));
    if (error instanceof ApiError && error.status === 409) {
      const details = serverFieldErrors(error);
      setConflict({
        message: errorMessage(error, 'Existing documents would not fit this change.'),
        fields: details.map((detail) => ({ name: detail.path.replace(/^fields\./, ''), message: detail.message })),
      });
      return;
    }
    if (placed.length > 0) {
      setUnplaced(left.length > 0 ? left.join('; ') : null);
      setFocusErrorRequest((count) => count + 1);
      return;
    }
    setUnplaced(errorMessage(error, 'Could not save the model. Please try again.'));
  };

  const onSaved = (draft: ModelDraft) => {
    form.reset(draft);
    setExpanded(new Set());
  };

  const onValid = (values: ModelDraft) => {
    setUnplaced(null);
    const projectId = project.id;
    if (saved.mode === 'collection') {
      if (saved.value === null) {
        createCollection.mutate(
          { projectId, body: createCollectionBody(values) },
          {
            onSuccess: (answer) => {
              onSaved(collectionToDraft(answer.data));
              navigate(projectPath(projectId, editorPath({ collection: answer.data.slug })), {
                replace: true,
                state: LEAVE_WITHOUT_ASKING,
              });
            },
            onError: showRefusal,
          },
        );
        return;
      }
      const body = updateCollectionBody(values, saved.value);
      if (Object.keys(body).length === 0) return onSaved(collectionToDraft(saved.value));
      updateCollection.mutate(
        { projectId, slug: saved.value.slug, body },
        { onSuccess: (answer) => onSaved(collectionToDraft(answer.data)), onError: showRefusal },
      );
      return;
    }
    if (saved.value === null) {
      createComponent.mutate(
        { projectId, body: createComponentBody(values) },
        {
          onSuccess: (answer) => {
            onSaved(componentToDraft(answer.data));
            navigate(projectPath(projectId, editorPath({ component: answer.data.name })), {
              replace: true,
              state: LEAVE_WITHOUT_ASKING,
            });
          },
          onError: showRefusal,
        },
      );
      return;
    }
    const body = updateComponentBody(values, saved.value);
    if (Object.keys(body).length === 0) return onSaved(componentToDraft(saved.value));
    updateComponent.mutate(
      { projectId, name: saved.value.name, body },
      { onSuccess: (answer) => onSaved(componentToDraft(answer.data)), onError: showRefusal },
    );
  };

  const onInvalid = () => {
    const errors = form.formState.errors.fields;
    const indexes = Array.isArray(errors)
      ? errors.flatMap((error: unknown, index: number) => (error ? [index] : []))
      : [];
    openFieldsInError(indexes);
    setFocusErrorRequest((count) => count + 1);
  };

  const submit = form.handleSubmit(onValid, onInvalid);
  const noun = mode === 'collection' ? 'collection' : 'component';
  const saveLabel = isNew ? `Create ${noun}` : 'Save changes';
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <>
      <FormProvider {...form}>
        <form
          id={formId}
          ref={formRef}
          noValidate
          aria-label={isNew ? `New ${noun}` : `Edit ${noun}`}
          onSubmit={submit}
          className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]"
        >
          <div className="min-w-0 space-y-6">
            <Card title="Settings">
              <ModelSettings mode={mode} isNew={isNew} isReadOnly={isReadOnly} shape={shape} />
            </Card>
            <Card title="Fields" description={<FieldCount />}>
              <FieldList
                isReadOnly={isReadOnly}
                context={optionsContext}
                expanded={expanded}
                onExpandedChange={setExpanded}
                onAdded={setFocusKey}
              />
            </Card>
            {unplaced ? (
              <p
                role="alert"
                className="flex gap-2 rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200 ring-inset"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {unplaced}
              </p>
            ) : null}
            {isReadOnly ? null : (
              <div className="sticky bottom-0 z-20 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white/95 p-3 shadow-lg ring-1 ring-slate-200 backdrop-blur">
                <p aria-live="polite" className="text-slate-600 text-sm">
                  {hasErrors && form.formState.isSubmitted
                    ? 'Fix the fields marked in red, then save again.'
                    : isNew
                      ? `Not created yet.`
                      : isDirty
                        ? 'Unsaved changes.'
                        : 'All changes saved.'}
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  {!isNew && isDirty ? (
                    <Button
                      variant="ghost"
                      onClick={() => {
                        form.reset();
                        setUnplaced(null);
                      }}
                    >
                      Discard changes
                    </Button>
                  ) : null}
                  <Button type="submit" isLoading={mutation.isPending || isSubmitting} disabled={!isNew && !isDirty}>
                    {saveLabel}
                  </Button>
                </div>
              </div>
            )}
          </div>
          <aside className="min-w-0 xl:sticky xl:top-4">
            <Card>
              <LivePreview mode={mode} shape={shape} />
            </Card>
          </aside>
        </form>
      </FormProvider>
      <ConflictDialog
        conflict={conflict}
        onClose={() => {
          setConflict(null);
          setFocusErrorRequest((count) => count + 1);
        }}
      />
      {leaveDialog}
    </>
  );
}
