import type { Collection, Document, Project } from '@plinth/contract';
import { CalendarClock, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldGroup } from '../../../components/ui/form-field';
import { useCan } from '../../../lib/current-project';
import { formatDateTime } from '../../../lib/format';
import { type PublishAction, usePublishDocument } from '../api/document';
import { useCancelSchedule } from '../api/schedule';
import { ScheduleDialog } from './schedule-dialog';

/**
 * Publishing per locale: a checklist of the project's locales (each with its state) and the
 * actions for the chosen ones. Publishing every locale sends no list; the first publish must
 * include the default locale, and unpublishing it unpublishes the document (both said here).
 * Publishing and unpublishing can also be scheduled; what is scheduled shows under the buttons,
 * to every member, and those who may publish can cancel it.
 */
export function PublishMenu({
  project,
  collection,
  document,
  hasUnsaved,
}: {
  project: Project;
  collection: Collection;
  document: Document;
  hasUnsaved: boolean;
}) {
  const canPublish = useCan('content.publish');
  const [isOpen, setOpen] = useState(false);
  const [isScheduling, setScheduling] = useState(false);
  const [chosen, setChosen] = useState<string[]>(project.locales);
  const publish = usePublishDocument(project.id, collection.slug, document.id);
  const scheduled = <ScheduledActions project={project} collection={collection} document={document} />;
  if (!canPublish) return scheduled;
  // In the project's order, whatever order they were ticked in: for the buttons and the request.
  const locales = project.locales.filter((locale) => chosen.includes(locale));
  const everyLocale = locales.length === project.locales.length;
  const chosenText = everyLocale ? ' all' : locales.length > 0 ? ` ${locales.join(', ')}` : '';
  const neverPublished = document.published_at === null && document.status === 'draft';
  const missingDefault = neverPublished && !locales.includes(project.default_locale);
  const needsApproval = collection.requires_approval && document.workflow_stage !== 'approved';
  const run = (action: PublishAction) =>
    publish.mutate({ action, locales: everyLocale ? null : locales }, { onSuccess: () => setOpen(false) });
  const reason = hasUnsaved
    ? 'Save your changes first: publishing publishes what is saved.'
    : needsApproval
      ? `${collection.name} need approval before they are published.`
      : locales.length === 0
        ? 'Choose at least one locale.'
        : missingDefault
          ? `The first publish must include ${project.default_locale}, the default locale.`
          : null;
  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <Send className="size-4" aria-hidden />
          Publish…
        </Button>
        <Button variant="secondary" onClick={() => setScheduling(true)}>
          <CalendarClock className="size-4" aria-hidden />
          Schedule…
        </Button>
      </div>
      {scheduled}
      <ScheduleDialog
        project={project}
        collection={collection}
        document={document}
        isOpen={isScheduling}
        onClose={() => setScheduling(false)}
      />
      <Dialog
        isOpen={isOpen}
        title="Publish by locale"
        description="Choose the locales to publish or unpublish. The others keep what readers get today; fields shared by every locale are published with the default locale."
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => run('unpublish')}
              disabled={locales.length === 0 || publish.isPending || document.status === 'draft'}
            >
              Unpublish{chosenText}
            </Button>
            <Button
              onClick={() => run('publish')}
              disabled={locales.length === 0 || publish.isPending || reason !== null}
              isLoading={publish.isPending}
            >
              Publish{chosenText}
            </Button>
          </>
        }
      >
        <FieldGroup legend="Locales" hint={reason ?? undefined}>
          <ul className="mt-2 space-y-2">
            {project.locales.map((locale) => (
              <li key={locale}>
                <label className="flex items-center gap-3 text-slate-800 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-indigo-600"
                    checked={chosen.includes(locale)}
                    onChange={(event) =>
                      setChosen((all) =>
                        event.target.checked ? [...all, locale] : all.filter((item) => item !== locale),
                      )
                    }
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
      </Dialog>
    </div>
  );
}

/** "all locales", or the ones named, in the project's order; nothing to say when the project has one. */
function localesText(project: Project, locales: readonly string[] | null): string {
  if (project.locales.length < 2) return '';
  if (locales === null) return ' all locales';
  return ` ${project.locales.filter((locale) => locales.includes(locale)).join(', ')}`;
}

/**
 * What is scheduled, one line per action: "Publishes es, fr on Dec 3, 2026, 9:00 AM" (in the
 * reader's time zone), with a "Cancel schedule" button for those who may publish.
 */
function ScheduledActions({
  project,
  collection,
  document,
}: {
  project: Project;
  collection: Collection;
  document: Document;
}) {
  const canPublish = useCan('content.publish');
  const cancel = useCancelSchedule({ projectId: project.id, collection: collection.slug, id: document.id });
  const baseId = useId();
  const lines = [
    { action: 'publish' as const, verb: 'Publishes', at: document.publish_at, locales: document.publish_locales },
    {
      action: 'unpublish' as const,
      verb: 'Unpublishes',
      at: document.unpublish_at,
      locales: document.unpublish_locales,
    },
  ].flatMap((line) => (line.at ? [{ ...line, at: line.at }] : []));
  if (lines.length === 0) return null;
  return (
    <ul className="space-y-1 text-slate-600 text-sm sm:text-right" aria-label="Schedule">
      {lines.map((line) => {
        const textId = `${baseId}-${line.action}`;
        return (
          <li key={line.action} className="flex flex-wrap items-center gap-x-2 sm:justify-end">
            <CalendarClock className="size-4 text-slate-400" aria-hidden />
            <span id={textId}>
              {line.verb}
              {localesText(project, line.locales)} on <time dateTime={line.at}>{formatDateTime(line.at)}</time>
            </span>
            {canPublish ? (
              <Button
                variant="ghost"
                size="sm"
                aria-describedby={textId}
                disabled={cancel.isPending}
                isLoading={cancel.isPending && cancel.variables === line.action}
                onClick={() => cancel.mutate(line.action)}
              >
                Cancel schedule
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
