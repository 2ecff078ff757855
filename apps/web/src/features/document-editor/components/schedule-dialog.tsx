import { zodResolver } from '@hookform/resolvers/zod';
import type { Collection, Document, Project, ScheduleBody } from '@plinth/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldGroup, InputField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useScheduleDocument } from '../api/schedule';

/** An instant as an input[type=datetime-local] writes it, in the reader's time zone: "2026-12-03T09:00". */
export function toLocalDateTimeInput(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The reader's time zone ("Europe/Paris"), in which the times are typed. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A datetime-local value (no offset) is read in the reader's time zone; NaN when it is not a time. */
const instantOf = (local: string) => new Date(local).getTime();

const ScheduleForm = z
  .object({
    publishAt: z.string(),
    unpublishAt: z.string(),
    locales: z.array(z.string()).min(1, 'Choose at least one locale'),
  })
  .superRefine((values, context) => {
    const now = Date.now();
    if (!values.publishAt && !values.unpublishAt) {
      context.addIssue({ code: 'custom', path: ['publishAt'], message: 'Choose when to publish, unpublish, or both' });
      return;
    }
    for (const field of ['publishAt', 'unpublishAt'] as const) {
      const value = values[field];
      if (!value) continue;
      const at = instantOf(value);
      if (Number.isNaN(at)) context.addIssue({ code: 'custom', path: [field], message: 'Enter a date and a time' });
      else if (at <= now) context.addIssue({ code: 'custom', path: [field], message: 'Choose a time in the future' });
    }
    if (values.publishAt && values.unpublishAt && instantOf(values.unpublishAt) <= instantOf(values.publishAt)) {
      context.addIssue({ code: 'custom', path: ['unpublishAt'], message: 'Choose a time after the publish time' });
    }
  });
type ScheduleForm = z.infer<typeof ScheduleForm>;

/** The form as the document's schedule stands: its times, and the locales they concern (every one when none). */
function defaultsOf(project: Project, document: Document): ScheduleForm {
  const scheduled = document.publish_at ? document.publish_locales : document.unpublish_locales;
  return {
    publishAt: document.publish_at ? toLocalDateTimeInput(document.publish_at) : '',
    unpublishAt: document.unpublish_at ? toLocalDateTimeInput(document.unpublish_at) : '',
    locales: scheduled ?? [...project.locales],
  };
}

/** Where the server's field errors go, and the label they follow. */
const FIELD_OF_PATH: Record<string, { field: keyof ScheduleForm; label: string }> = {
  publish_at: { field: 'publishAt', label: 'Publish at' },
  unpublish_at: { field: 'unpublishAt', label: 'Unpublish at' },
  locales: { field: 'locales', label: 'Locales' },
};
const fieldOf = (path: string) => FIELD_OF_PATH[path.replace(/^\//, '').split(/[./]/)[0] ?? ''];

/**
 * Publishing and unpublishing at chosen times, typed in the reader's time zone and sent as ISO
 * instants. The dialog states the whole schedule: an emptied time is cleared, and the locales
 * apply to the times it sets (the server's rule). A time left as it was is sent exactly as it was.
 */
export function ScheduleDialog({
  project,
  collection,
  document,
  isOpen,
  onClose,
}: {
  project: Project;
  collection: Collection;
  document: Document;
  isOpen: boolean;
  onClose: () => void;
}) {
  const schedule = useScheduleDocument({ projectId: project.id, collection: collection.slug, id: document.id });
  const formId = useId();

  useEffect(() => {
    if (isOpen) schedule.reset();
  }, [isOpen, schedule.reset]);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Schedule publishing"
      description="At the time you choose, Plinth publishes or unpublishes what is saved then. Leave a time empty to have none."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={schedule.isPending}>
            Save schedule
          </Button>
        </>
      }
    >
      {/* Mounted while the dialog is open: it starts from the schedule as it is then, and a refresh
          of the document meanwhile does not overwrite what is being typed. */}
      <ScheduleFields
        formId={formId}
        project={project}
        collection={collection}
        document={document}
        schedule={schedule}
        onDone={onClose}
      />
    </Dialog>
  );
}

function ScheduleFields({
  formId,
  project,
  collection,
  document,
  schedule,
  onDone,
}: {
  formId: string;
  project: Project;
  collection: Collection;
  document: Document;
  schedule: ReturnType<typeof useScheduleDocument>;
  onDone: () => void;
}) {
  const form = useForm<ScheduleForm>({
    resolver: zodResolver(ScheduleForm),
    defaultValues: defaultsOf(project, document),
  });
  const { errors } = form.formState;
  const publishAt = form.watch('publishAt');
  const locales = form.watch('locales');
  const hasLocales = project.locales.length > 1;
  // A locale error has no field to go to when the project has one locale (none is sent then).
  const placeOf = (path: string) => {
    const target = fieldOf(path);
    return target && (target.field !== 'locales' || hasLocales) ? target : undefined;
  };

  const instant = (local: string, current: string | null): string | null => {
    if (!local) return null;
    // Unchanged: keep the seconds the input cannot show.
    if (current && toLocalDateTimeInput(current) === local) return current;
    return new Date(instantOf(local)).toISOString();
  };

  const onSubmit = form.handleSubmit((values) => {
    const everyLocale = project.locales.every((locale) => values.locales.includes(locale));
    const body: ScheduleBody = {
      publish_at: instant(values.publishAt, document.publish_at),
      unpublish_at: instant(values.unpublishAt, document.unpublish_at),
      // In the project's order, whatever order they were ticked in.
      ...(everyLocale ? {} : { locales: project.locales.filter((locale) => values.locales.includes(locale)) }),
    };
    schedule.mutate(body, {
      onSuccess: onDone,
      onError: (error) => {
        for (const { path, message } of serverFieldErrors(error)) {
          const target = placeOf(path);
          if (target) form.setError(target.field, { message: `${target.label} ${message}` }, { shouldFocus: true });
        }
      },
    });
  });

  const unplacedError =
    schedule.isError && serverFieldErrors(schedule.error).every(({ path }) => !placeOf(path))
      ? errorMessage(schedule.error, 'The schedule could not be saved. Please try again.')
      : null;
  const neverPublished = document.published_at === null && document.status === 'draft';
  const needsApproval = collection.requires_approval && document.workflow_stage !== 'approved';
  const localesHint =
    publishAt && neverPublished && !locales.includes(project.default_locale)
      ? `The first publish must include ${project.default_locale}, the default locale.`
      : 'The times set here concern these locales; the others keep what readers get today.';

  return (
    <form id={formId} noValidate aria-label="Schedule publishing" className="space-y-5" onSubmit={onSubmit}>
      <p className="text-slate-600 text-xs">
        Times are in your time zone, <span className="font-medium text-slate-800">{timeZone()}</span>.
      </p>
      <InputField
        type="datetime-local"
        label="Publish at"
        hint={needsApproval ? `${collection.name} need approval before they are published.` : undefined}
        error={errors.publishAt?.message}
        {...form.register('publishAt')}
      />
      <InputField
        type="datetime-local"
        label="Unpublish at"
        error={errors.unpublishAt?.message}
        {...form.register('unpublishAt')}
      />
      {hasLocales ? (
        <FieldGroup legend="Locales" error={errors.locales?.message} hint={localesHint}>
          <ul className="mt-2 space-y-2">
            {project.locales.map((locale) => (
              <li key={locale}>
                <label className="flex items-center gap-3 text-slate-800 text-sm">
                  <input
                    type="checkbox"
                    value={locale}
                    className="size-4 rounded border-slate-300 text-indigo-600"
                    {...form.register('locales')}
                  />
                  <span className="font-medium">{locale}</span>
                  <span className="text-slate-500">
                    {document.locale_status[locale] ?? 'draft'}
                    {locale === project.default_locale ? ', default' : ''}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </FieldGroup>
      ) : null}
      {unplacedError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200 ring-inset">
          {unplacedError}
        </p>
      ) : null}
    </form>
  );
}
