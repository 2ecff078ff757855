import type { Collection, Document, Field, Project } from '@plinth/contract';
import { Sparkles } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { SeoTab } from './seo-tab';
import { TranslateTab } from './translate-tab';
import { WriteTab } from './write-tab';

const TAB =
  'whitespace-nowrap border-b-2 px-3 py-2 font-medium text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 data-[state=inactive]:border-transparent data-[state=inactive]:text-slate-600 data-[state=inactive]:hover:text-slate-900';

/**
 * The editor's AI assistant: a button that opens a side panel to write a field's text, translate
 * the document into other locales, and check its SEO. What it writes into fields goes through
 * `onChange`, as unsaved edits the person reviews and saves.
 */
export function AiAssistant({
  project,
  collection,
  document,
  locale,
  fields,
  hasUnsaved,
  onChange,
  onTranslated,
}: {
  project: Project;
  collection: Collection;
  /** The working copy read with `locale=*`; null for a new document. */
  document: Document | null;
  /** The locale being edited: where inserted text goes. */
  locale: string;
  fields: readonly Field[];
  hasUnsaved: boolean;
  /** Puts a value into a field (in `locale` when localized) as an unsaved edit. */
  onChange: (field: Field, value: unknown) => void;
  /** A translation was written on the server: the editor reads the document again. */
  onTranslated: () => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const [tab, setTab] = useState('write');
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Sparkles className="size-4" aria-hidden />
        AI assistant
      </Button>
      <Sheet
        isOpen={isOpen}
        title="AI assistant"
        description="Text it writes lands in the form as unsaved changes for you to review."
        onClose={() => setOpen(false)}
      >
        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List
            aria-label="Assistant tools"
            className="-mb-px flex gap-1 overflow-x-auto border-slate-200 border-b"
          >
            <Tabs.Trigger value="write" className={TAB}>
              Write
            </Tabs.Trigger>
            <Tabs.Trigger value="translate" className={TAB}>
              Translate
            </Tabs.Trigger>
            <Tabs.Trigger value="seo" className={TAB}>
              SEO
            </Tabs.Trigger>
          </Tabs.List>
          {/* Kept mounted while hidden (so a stream or a translation under way goes on), hidden from everyone. */}
          <Tabs.Content value="write" forceMount hidden={tab !== 'write'} className="pt-4 focus-visible:outline-none">
            <WriteTab project={project} collection={collection} fields={fields} locale={locale} onChange={onChange} />
          </Tabs.Content>
          <Tabs.Content
            value="translate"
            forceMount
            hidden={tab !== 'translate'}
            className="pt-4 focus-visible:outline-none"
          >
            <TranslateTab
              project={project}
              document={document}
              fields={fields}
              hasUnsaved={hasUnsaved}
              onTranslated={onTranslated}
            />
          </Tabs.Content>
          <Tabs.Content value="seo" forceMount hidden={tab !== 'seo'} className="pt-4 focus-visible:outline-none">
            <SeoTab
              project={project}
              document={document}
              fields={fields}
              locale={locale}
              hasUnsaved={hasUnsaved}
              onChange={onChange}
            />
          </Tabs.Content>
        </Tabs.Root>
      </Sheet>
    </>
  );
}
