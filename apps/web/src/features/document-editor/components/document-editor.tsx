import {
  type Collection,
  type Component,
  type Document,
  type DocumentStatus,
  type Field,
  MAX_SLUG_LENGTH,
  type Project,
  toSlug,
} from '@plinth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, Languages, Save, UsersRound } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-project';
import { fieldLabel } from '../../../lib/field-label';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { AiAssistant } from '../../ai/components/ai-assistant';
import { VariantsSheet } from '../../personalization/components/variants-sheet';
import {
  type DocumentSave,
  editorDocumentKeys,
  editorDocumentQueryOptions,
  getEditorDocument,
  useSaveDocument,
} from '../api/document';
import { type Edits, editKey, type FieldConflict, reconcile, sameValue } from '../conflicts';
import { fallbackIn, valueIn } from '../field-values';
import { useLiveDocument } from '../hooks/use-live-document';
import { useLocalDraft } from '../hooks/use-local-draft';
import { draftKey } from '../local-drafts';
import { type ConflictChoice, ConflictResolver } from './conflict-resolver';
import { FieldEditor, type FieldEnvironment } from './field-editor';
import { describeRemoteChange, fieldOf, PresenceBar } from './presence-bar';
import { PreviewPane } from './preview-pane';
import { PublishMenu } from './publish-menu';
import { ReviewActions } from './review-actions';
import { TranslationView } from './translation-view';
import { VersionHistory } from './version-history';

/** How long after the last keystroke the editor saves to the server. */
const AUTOSAVE_MS = 1500;
/** How long after a save found no server the editor tries again. */
const RETRY_MS = 5000;

const STATUS_TONES: Record<DocumentStatus, BadgeTone> = { draft: 'neutral', published: 'success', changed: 'warning' };

/**
 * The form of one document, generated from its collection's model: the working copy in one
 * locale at a time (shared fields are the same in every locale), saved with the version it was
 * read at. Changes of several locales are kept apart until saved, one request per locale.
 */
export function DocumentEditor({
  project,
  collection,
  collections,
  components,
  document,
  locale,
  onLocaleChange,
  onReload,
  onCreated,
}: {
  project: Project;
  collection: Collection;
  /** Every collection of the project: what reference fields point at. */
  collections: readonly Collection[];
  /** The project's components: what blocks are made of. */
  components: readonly Component[];
  /** The working copy read with `locale=*`; null for a new document. */
  document: Document | null;
  locale: string;
  onLocaleChange: (locale: string) => void;
  /** Reads the server's copy again (after someone else saved); unsaved changes stay. */
  onReload: () => void;
  /** A new document was created (its working copy is loaded): the form now edits it. */
  onCreated: (id: string) => void;
}) {
  const canWrite = useCan('content.update_own');
  const save = useSaveDocument(project.id, collection.slug, document?.id ?? null);
  const [edits, setEdits] = useState<Edits>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string; conflict: boolean; retries: boolean } | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [showsPreview, setShowsPreview] = useState(false);
  const [showsVariants, setShowsVariants] = useState(false);
  const [translating, setTranslating] = useState(false);
  const [sourceLocale, setSourceLocale] = useState(project.default_locale);
  // Someone else's newer copy while this tab has changes: the fields both changed, for the user to decide.
  const [resolution, setResolution] = useState<{ latest: Document; conflicts: FieldConflict[]; who: string } | null>(
    null,
  );
  const [caughtUp, setCaughtUp] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const catchingUp = useRef(false);
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const draft = useLocalDraft(
    draftKey(project.id, collection.slug, document?.id ?? null),
    edits,
    document?.version ?? null,
  );
  const isDirty = Object.keys(edits).length > 0;
  const leaveDialog = useUnsavedChanges(isDirty && !save.isPending, 'this document');
  const data = document?.data ?? {};
  const fields = useMemo(
    () => collection.fields.filter((field) => !field.hidden || canWrite),
    [collection.fields, canWrite],
  );
  const live = useLiveDocument({
    projectId: project.id,
    collection: collection.slug,
    documentId: document?.id ?? null,
    version: document?.version ?? 0,
    locale,
    state: isDirty ? 'editing' : 'viewing',
    field: focused,
  });
  const { remoteChange, clearRemoteChange } = live;

  /** Takes `latest` as the document's state, with this tab's changes on top as `choices` say. */
  function adopt(latest: Document, choices: Record<string, ConflictChoice>, message: string) {
    const base = data;
    setEdits((current) => {
      const { edits: kept, conflicts } = reconcile(collection.fields, base, latest.data, current);
      for (const conflict of conflicts) {
        const edit = current[conflict.key];
        const choice = choices[conflict.key] ?? 'mine';
        if (!edit || choice === 'theirs') continue;
        kept[conflict.key] =
          choice === 'merged' && conflict.merged !== null ? { ...edit, value: conflict.merged } : edit;
      }
      return kept;
    });
    queryClient.setQueryData(editorDocumentKeys.document(project.id, collection.slug, latest.id), { data: latest });
    live.markSaved(latest.version);
    setResolution(null);
    setFailure(null);
    clearRemoteChange();
    setCaughtUp(message);
  }

  /**
   * Loads the server's newer copy under this tab's unsaved changes: what only they changed comes
   * in at once, and the fields both changed are put to the user.
   */
  async function catchUp(who: string): Promise<void> {
    if (!document || catchingUp.current) return;
    catchingUp.current = true;
    try {
      const latest = (await getEditorDocument(project.id, collection.slug, document.id)).data;
      const { conflicts } = reconcile(collection.fields, data, latest.data, edits);
      if (conflicts.length === 0) adopt(latest, {}, `${who} Their changes are loaded and yours are kept.`);
      else setResolution({ latest, conflicts, who });
    } catch (error) {
      setFailure({
        conflict: true,
        retries: false,
        message: `${who} Their version could not be loaded (${errorMessage(error, 'no answer')}). Your changes are still here.`,
      });
    } finally {
      catchingUp.current = false;
    }
  }

  // With nothing unsaved, someone else's save is simply shown; with changes, theirs is merged in.
  useEffect(() => {
    if (!remoteChange) return;
    if (!isDirty) {
      clearRemoteChange();
      onReload();
    } else if (!resolution && !failure) {
      void catchUp(describeRemoteChange(remoteChange, live.names));
    }
  });

  /** A field's value in any locale, unsaved changes included. */
  const localeValue = (field: Field, code: string): unknown => {
    const key = editKey(field.name, field.localized ? code : null);
    return key in edits ? edits[key]?.value : valueIn(field, data, code);
  };
  // What a translation is made from: never the locale being translated.
  const source =
    sourceLocale !== locale
      ? sourceLocale
      : (project.locales.find((code) => code !== locale) ?? project.default_locale);

  // The draft as the preview shows it: this locale's values, unsaved ones in, the default locale's where it has none.
  const previewDocument = useMemo<Document | null>(
    () =>
      document
        ? {
            ...document,
            locale,
            data: Object.fromEntries(
              collection.fields.map((field) => {
                const edit = edits[editKey(field.name, field.localized ? locale : null)];
                const own = edit ? edit.value : valueIn(field, document.data, locale);
                return [field.name, own ?? fallbackIn(field, document.data, project.default_locale)];
              }),
            ),
          }
        : null,
    [document, edits, locale, collection.fields, project.default_locale],
  );

  /** Focuses a field the preview asked for (`body.2.heading`: the body field's block). */
  const focusField = (path: string) => {
    const [top] = path.split('.');
    const wrapper = form.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(top ?? '')}"]`);
    const control = wrapper?.querySelector<HTMLElement>('input, textarea, select, button');
    wrapper?.scrollIntoView({ block: 'center' });
    control?.focus();
  };

  const localesEdited = useMemo(
    () => [...new Set(Object.values(edits).flatMap((edit) => (edit.locale ? [edit.locale] : [])))],
    [edits],
  );

  // What `change` reads without being made anew on each key press.
  const stored = useRef({ data, isNew: document === null });
  stored.current = { data, isNew: document === null };
  const change = useCallback(
    (field: Field, value: unknown) =>
      setEdits((all) => {
        const scope = (of: Field) => (of.localized ? locale : null);
        const read = (of: Field) => {
          const key = editKey(of.name, scope(of));
          return key in all ? all[key]?.value : valueIn(of, stored.current.data, locale);
        };
        const next = { ...all };
        // A value put back as it is stored is no change: nothing to save, and no empty version.
        const put = (of: Field, to: unknown) => {
          const key = editKey(of.name, scope(of));
          if (!stored.current.isNew && sameValue(to, valueIn(of, stored.current.data, locale))) delete next[key];
          else next[key] = { field: of.name, locale: scope(of), value: to };
        };
        put(field, value);
        // A slug made from this field follows it while empty, or on a new document until it is written by hand.
        for (const slug of collection.fields) {
          if (slug.type !== 'slug' || slug.options?.from !== field.name || typeof value !== 'string') continue;
          const current = read(slug);
          const before = read(field);
          const follows =
            current === null ||
            current === '' ||
            (stored.current.isNew && current === toSlug(typeof before === 'string' ? before : '', MAX_SLUG_LENGTH));
          if (follows) {
            put(slug, toSlug(value, MAX_SLUG_LENGTH));
          }
        }
        return next;
      }),
    [locale, collection.fields],
  );
  // One onChange per field that stays the same while typing, so only the changed field re-renders.
  const editable = useMemo(
    () => fields.map((field) => ({ field, onChange: (value: unknown) => change(field, value) })),
    [fields, change],
  );
  const environment = useMemo<FieldEnvironment>(
    () => ({ projectId: project.id, collections, components, readOnly: !canWrite }),
    [project.id, collections, components, canWrite],
  );

  async function saveAll(): Promise<void> {
    // Between a new document's creation and its opening, a save would create it again.
    if (!isDirty || save.isPending || (created && !document)) return;
    setFailure(null);
    setFieldErrors({});
    // One request per locale with localized changes; shared changes go with the first.
    const locales = localesEdited.length > 0 ? localesEdited : [locale];
    let version = document?.version;
    let saved: Document | null = null;
    try {
      for (const [index, target] of locales.entries()) {
        const values = Object.values(edits).filter(
          (edit) => edit.locale === target || (index === 0 && edit.locale === null),
        );
        const body: DocumentSave = {
          data: Object.fromEntries(values.map((edit) => [edit.field, edit.value])),
          locale: target,
          ...(version !== undefined ? { version } : {}),
        };
        live.beginSave();
        try {
          saved = (await save.mutateAsync(body)).data;
          live.markSaved(saved.version);
        } finally {
          live.endSave();
        }
        version = saved.version;
        setEdits((all) => {
          const rest = { ...all };
          // A value typed while the save was on its way is newer than the one saved: it stays.
          for (const edit of values) {
            const key = editKey(edit.field, edit.locale);
            if (rest[key]?.value === edit.value) delete rest[key];
          }
          return rest;
        });
        if (!document) break;
      }
      if (!document && saved) {
        // The new document opens in this same form: what was typed while it was created stays.
        setCreated(saved.id);
        await queryClient.fetchQuery(editorDocumentQueryOptions(project.id, collection.slug, saved.id));
        onCreated(saved.id);
      }
    } catch (error) {
      const details = serverFieldErrors(error);
      setFieldErrors(Object.fromEntries(details.map((detail) => [detail.path.replace(/^data\./, ''), detail.message])));
      // A 409 without field details is a newer version on the server (a taken unique value names its field).
      if (error instanceof ApiError && error.status === 409 && details.length === 0 && document) {
        await catchUp('Someone else saved this document while you were editing.');
        return;
      }
      // No answer at all (offline, server away): tried again on its own, since nothing is wrong with the changes.
      const unreachable = !(error instanceof ApiError);
      setFailure({
        conflict: false,
        retries: unreachable,
        message: unreachable
          ? 'Plinth could not be reached. Your changes are kept in this browser and saved as soon as it answers again.'
          : errorMessage(error, 'The document could not be saved'),
      });
    }
  }

  // Autosave: what is typed reaches the server a moment after typing stops (it is kept locally at once).
  useEffect(() => {
    if (!isDirty || !canWrite || (failure && !failure.retries) || remoteChange || resolution || draft.pending) return;
    const timer = setTimeout(() => void saveAll(), failure ? RETRY_MS : AUTOSAVE_MS);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveAll();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const displayField = collection.fields.find((field) => field.name === collection.display_field);
  const displayValue = displayField
    ? localeValue(displayField, locale) || fallbackIn(displayField, data, project.default_locale)
    : null;
  const title =
    (typeof displayValue === 'string' && displayValue) ||
    (document ? 'Untitled' : `New ${collection.singular.replace(/_/g, ' ')}`);
  const saveState = save.isPending
    ? 'Saving…'
    : isDirty
      ? 'Unsaved changes'
      : document
        ? 'All changes saved'
        : 'Not saved yet';

  return (
    <div className="space-y-6">
      {leaveDialog}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-medium text-indigo-700 text-sm">{collection.name}</p>
          <h1 className="break-words font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
          {document ? (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Status by locale">
              {project.locales.map((code) => {
                const status = document.locale_status[code] ?? 'draft';
                return (
                  <li key={code}>
                    <Badge tone={STATUS_TONES[status]}>
                      {code} · {status}
                    </Badge>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-slate-600 text-sm" role="status" aria-live="polite" aria-label="Save state">
            {saveState}
          </p>
          {document ? (
            <Button variant="secondary" aria-pressed={showsPreview} onClick={() => setShowsPreview((shown) => !shown)}>
              <Eye className="size-4" aria-hidden />
              Preview
            </Button>
          ) : null}
          <Button
            variant="secondary"
            disabled={!document}
            title={document ? undefined : 'Save the document first to give it variants'}
            onClick={() => setShowsVariants(true)}
          >
            <UsersRound className="size-4" aria-hidden />
            Variants
          </Button>
          {document ? (
            <VariantsSheet
              project={project}
              collection={collection}
              document={document}
              locale={locale}
              isOpen={showsVariants}
              onClose={() => setShowsVariants(false)}
            />
          ) : null}
          <Button onClick={() => void saveAll()} disabled={!isDirty || !canWrite} isLoading={save.isPending}>
            <Save className="size-4" aria-hidden />
            Save
          </Button>
          {canWrite ? (
            <AiAssistant
              project={project}
              collection={collection}
              document={document}
              locale={locale}
              fields={fields}
              hasUnsaved={isDirty}
              onChange={change}
              onTranslated={onReload}
            />
          ) : null}
          {document ? (
            <VersionHistory project={project} collection={collection} document={document} hasUnsaved={isDirty} />
          ) : null}
          {document ? (
            <ReviewActions project={project} collection={collection} document={document} hasUnsaved={isDirty} />
          ) : null}
          {document ? (
            <PublishMenu project={project} collection={collection} document={document} hasUnsaved={isDirty} />
          ) : null}
        </div>
      </div>

      {project.locales.length > 1 ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Locale</legend>
          {project.locales.map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={code === locale}
              onClick={() => onLocaleChange(code)}
              className={`rounded-full px-3 py-1 font-medium text-sm ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-indigo-600 ${code === locale ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
            >
              {code}
              {code === project.default_locale ? ' (default)' : ''}
              {localesEdited.includes(code) ? ' •' : ''}
            </button>
          ))}
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={translating}
            onClick={() => {
              // Translating the source into itself means nothing: the first other locale is the target.
              if (!translating && locale === sourceLocale) {
                onLocaleChange(project.locales.find((code) => code !== sourceLocale) ?? locale);
              }
              setTranslating((on) => !on);
            }}
          >
            <Languages className="size-4" aria-hidden />
            Translate side by side
          </Button>
        </fieldset>
      ) : null}

      {draft.pending ? (
        <div role="alert" className="rounded-xl bg-sky-50 p-4 text-sky-900 text-sm ring-1 ring-sky-200">
          <p>
            Changes you made on {new Date(draft.pending.savedAt).toLocaleString()} were not saved. Restore them to keep
            working on them, or discard them.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => {
                const restored = draft.take();
                if (restored) setEdits((all) => ({ ...restored.edits, ...all }));
              }}
            >
              Restore my changes
            </Button>
            <Button size="sm" variant="secondary" onClick={() => draft.discard()}>
              Discard them
            </Button>
          </div>
        </div>
      ) : null}

      {live.others.length > 0 ? <PresenceBar others={live.others} fields={collection.fields} /> : null}

      {resolution ? (
        <ConflictResolver
          key={resolution.latest.version}
          conflicts={resolution.conflicts}
          who={resolution.who}
          onApply={(choices) => adopt(resolution.latest, choices, 'Your choices are applied.')}
        />
      ) : null}

      {caughtUp ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-sky-50 p-4 text-sky-900 text-sm ring-1 ring-sky-200"
        >
          <p>{caughtUp}</p>
          <Button size="sm" variant="secondary" onClick={() => setCaughtUp(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}

      {failure ? (
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 text-sm ring-1 ring-red-200">
          <p>{failure.message}</p>
          {failure.conflict ? (
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => {
                setFailure(null);
                void catchUp('Someone else saved this document.');
              }}
            >
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}

      <div className={showsPreview && previewDocument ? 'grid items-start gap-6 xl:grid-cols-2' : ''}>
        <form
          ref={form}
          className="space-y-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            void saveAll();
          }}
          aria-label={`${collection.singular.replace(/_/g, ' ')} fields`}
          onFocus={(event) => setFocused(fieldOf(event.target))}
        >
          {translating && project.locales.length > 1 ? (
            <TranslationView
              fields={fields}
              locales={project.locales}
              source={source}
              target={locale}
              onSourceChange={setSourceLocale}
              localeValue={localeValue}
              renderTarget={(field) => (
                <FieldEditor
                  environment={environment}
                  field={{ ...field, label: `${fieldLabel(field)} (${locale})` }}
                  value={localeValue(field, locale)}
                  onChange={(value) => change(field, value)}
                  error={fieldErrors[field.name]}
                />
              )}
              onCopy={change}
            />
          ) : (
            editable.map(({ field, onChange }) => (
              <div key={`${field.name}:${field.localized ? locale : ''}`}>
                <FieldEditor
                  environment={environment}
                  field={field}
                  value={localeValue(field, locale)}
                  onChange={onChange}
                  fallback={fallbackIn(field, data, project.default_locale)}
                  fallbackLocale={field.localized && locale !== project.default_locale ? project.default_locale : null}
                  error={fieldErrors[field.name]}
                />
              </div>
            ))
          )}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
        {showsPreview && previewDocument ? (
          <div className="xl:sticky xl:top-4">
            <PreviewPane
              projectId={project.id}
              collection={collection}
              components={components}
              document={previewDocument}
              onFocusField={focusField}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
