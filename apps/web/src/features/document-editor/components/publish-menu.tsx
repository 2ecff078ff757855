import type { Collection, Document, Project } from '@plinth/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldGroup } from '../../../components/ui/form-field';
import { useCan } from '../../../lib/current-project';
import { type PublishAction, usePublishDocument } from '../api/document';

/**
 * Publishing per locale: a checklist of the project's locales (each with its state) and the
 * actions for the chosen ones. Publishing every locale sends no list; the first publish must
 * include the default locale, and unpublishing it unpublishes the document (both said here).
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
  const [chosen, setChosen] = useState<string[]>(project.locales);
  const publish = usePublishDocument(project.id, collection.slug, document.id);
  if (!canPublish) return null;
  const everyLocale = project.locales.every((locale) => chosen.includes(locale));
  const neverPublished = document.published_at === null && document.status === 'draft';
  const missingDefault = neverPublished && !chosen.includes(project.default_locale);
  const needsApproval = collection.requires_approval && document.workflow_stage !== 'approved';
  const run = (action: PublishAction) =>
    publish.mutate({ action, locales: everyLocale ? null : chosen }, { onSuccess: () => setOpen(false) });
  const reason = hasUnsaved
    ? 'Save your changes first: publishing publishes what is saved.'
    : needsApproval
      ? `${collection.name} need approval before they are published.`
      : missingDefault
        ? `The first publish must include ${project.default_locale}, the default locale.`
        : null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Send className="size-4" aria-hidden />
        Publish…
      </Button>
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
              disabled={chosen.length === 0 || publish.isPending || document.status === 'draft'}
            >
              Unpublish {everyLocale ? 'all' : chosen.join(', ')}
            </Button>
            <Button
              onClick={() => run('publish')}
              disabled={chosen.length === 0 || publish.isPending || reason !== null}
              isLoading={publish.isPending}
            >
              Publish {everyLocale ? 'all' : chosen.join(', ')}
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
    </>
  );
}
