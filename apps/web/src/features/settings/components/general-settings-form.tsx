import { zodResolver } from '@hookform/resolvers/zod';
import type { Project, UpdateProjectBody } from '@plinth/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { InputField } from '../../../components/ui/form-field';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { MAX_LOCALES } from '../locales';
import { LocalesEditor } from './locales-editor';

const GeneralSettings = z
  .object({
    name: z.string().trim().min(1, 'Give the project a name').max(120, 'Use at most 120 characters'),
    locales: z.array(z.string()).min(1, 'Keep at least one locale').max(MAX_LOCALES),
    default_locale: z.string(),
  })
  .refine((values) => values.locales.includes(values.default_locale), {
    path: ['default_locale'],
    message: 'The default locale must be one of the locales',
  });
type GeneralSettings = z.input<typeof GeneralSettings>;

const valuesOf = (project: Project): GeneralSettings => ({
  name: project.name,
  locales: [...project.locales],
  default_locale: project.default_locale,
});

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Only what changed, so a save never overwrites what another admin changed meanwhile in other fields. */
function changesOf(project: Project, values: GeneralSettings): UpdateProjectBody {
  const name = values.name.trim();
  return {
    ...(name !== project.name ? { name } : {}),
    ...(!sameList(values.locales, project.locales) ? { locales: values.locales } : {}),
    ...(values.default_locale !== project.default_locale ? { default_locale: values.default_locale } : {}),
  };
}

/** The project's name and locales, saved together; Save waits for a change, Reset drops them. */
export function GeneralSettingsForm({
  project,
  isSaving,
  onSave,
}: {
  project: Project;
  isSaving: boolean;
  /** Resolves with the saved project; rejects when the server refused (it says why itself). */
  onSave: (changes: UpdateProjectBody) => Promise<Project>;
}) {
  const form = useForm<GeneralSettings>({ resolver: zodResolver(GeneralSettings), defaultValues: valuesOf(project) });
  const { isDirty, errors } = form.formState;
  const locales = form.watch('locales');
  const defaultLocale = form.watch('default_locale');
  const leaveDialog = useUnsavedChanges(isDirty && !isSaving, 'the project settings');

  // Someone else saved meanwhile (the project was fetched again): show it, unless the user is editing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(project));
  }, [project, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const changes = changesOf(project, values);
    if (Object.keys(changes).length === 0) {
      form.reset(valuesOf(project));
      return;
    }
    try {
      form.reset(valuesOf(await onSave(changes)));
    } catch {
      // The toast says why; the changes stay so the user can fix them.
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Project settings" className="space-y-6">
      <Card title="Name" description="How the project appears in the app, in emails and on invitations.">
        <div className="max-w-xl">
          <InputField
            label="Project name"
            autoComplete="off"
            maxLength={120}
            error={errors.name?.message}
            {...form.register('name')}
          />
        </div>
      </Card>
      <Card title="Localization" description="Which languages the project's content is written in.">
        <LocalesEditor
          locales={locales}
          defaultLocale={defaultLocale}
          disabled={isSaving}
          onLocalesChange={(next) => form.setValue('locales', next, { shouldDirty: true, shouldValidate: true })}
          onDefaultLocaleChange={(next) =>
            form.setValue('default_locale', next, { shouldDirty: true, shouldValidate: true })
          }
        />
        {errors.default_locale?.message || errors.locales?.message ? (
          <p role="alert" className="mt-3 text-red-600 text-sm">
            {errors.default_locale?.message ?? errors.locales?.message}
          </p>
        ) : null}
      </Card>
      <div
        className={`flex flex-wrap items-center justify-end gap-3 rounded-xl px-4 py-3 ring-1 ${isDirty ? 'sticky bottom-4 z-10 bg-white shadow-lg ring-indigo-200' : 'bg-transparent ring-transparent'}`}
      >
        <p className="mr-auto w-full text-sm sm:w-auto" aria-live="polite">
          {isDirty ? (
            <span className="font-medium text-slate-900">You have unsaved changes.</span>
          ) : (
            <span className="text-slate-500">All changes saved.</span>
          )}
        </p>
        <Button variant="secondary" disabled={!isDirty || isSaving} onClick={() => form.reset(valuesOf(project))}>
          Reset
        </Button>
        <Button type="submit" disabled={!isDirty} isLoading={isSaving}>
          Save changes
        </Button>
      </div>
      {leaveDialog}
    </form>
  );
}
