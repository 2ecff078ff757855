import type { Collection, Project } from '@plinth/contract';
import type { RowSelectionState } from '@tanstack/react-table';
import { FileText, Plus, Search, SearchX, Trash2, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { documentEditorPath, useCan } from '../../../lib/current-project';
import { formatCount } from '../../../lib/format';
import { type DocumentListRequest, useDocuments } from '../api/get-documents';
import { columnChoices, defaultColumns, displayFieldOf, filterFieldsOf } from '../fields';
import type { useContentView } from '../hooks/use-content-view';
import { useLiveListRefresh } from '../hooks/use-live-list-refresh';
import { storeColumns, storedColumns } from '../storage';
import { type ContentView, DEFAULT_SORT, LIST_STATUSES, type ListStatus } from '../view';
import { BulkActions } from './bulk-actions';
import { CollectionPicker } from './collection-picker';
import { ColumnPicker } from './column-picker';
import { DocumentTable } from './document-table';
import { CONTROL, describeFilter, FilterBuilder } from './filter-builder';
import { LocaleStatusLegend } from './locale-status';
import { SavedViewsMenu } from './saved-views-menu';

const STATUS_LABEL: Record<ListStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Changed',
  deleted: 'Trash',
};

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search box: what is typed shows at once, the URL (and the request) follow after a pause. */
function SearchBox({ value, onSearch, label }: { value: string; onSearch: (q: string) => void; label: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // A view applied from elsewhere (a saved view, back/forward) replaces what is typed.
  if (value !== sent.current) {
    sent.current = value;
    setText(value);
  }
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="relative min-w-0 basis-full sm:max-w-xs sm:flex-1 sm:basis-auto">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400" aria-hidden />
      <input
        id={id}
        type="search"
        value={text}
        placeholder="Search…"
        onChange={(event) => setText(event.target.value)}
        className={`${CONTROL} pr-3 pl-8`}
      />
    </div>
  );
}

function LabelledSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={`${CONTROL} pr-8`}>
        {children}
      </select>
    </div>
  );
}

/**
 * The documents of one collection with everything that shapes the list: search, status,
 * locale, filters, sort, columns and saved views (all in the URL), selection and bulk actions.
 * It follows the changes anyone makes to the collection's documents as they happen.
 */
export function DocumentList({
  project,
  collection,
  collections,
  content,
}: {
  project: Project;
  collection: Collection;
  collections: readonly Collection[];
  content: ReturnType<typeof useContentView>;
}) {
  const { view, search, update, apply } = content;
  const canPublish = useCan('content.publish');
  const canDelete = useCan('content.update_any');
  const canCreate = useCan('content.create');
  const canSelect = canPublish || canDelete;
  const isTrash = view.status === 'deleted';
  const slug = collection.slug;

  const choices = columnChoices(collection);
  const columns = (view.columns ?? storedColumns(project.id, slug) ?? defaultColumns(collection)).filter((key) =>
    choices.includes(key),
  );
  const filterFields = useMemo(() => filterFieldsOf(collection, collections), [collection, collections]);
  const sort = view.sort.length > 0 ? view.sort : [...DEFAULT_SORT];
  const populate = columns.filter((key) => {
    const type = collection.fields.find((field) => field.name === key)?.type;
    return type === 'reference' || type === 'media';
  });

  const request: DocumentListRequest = {
    collection: slug,
    q: view.q,
    sort,
    filters: view.filters,
    locale: view.locale,
    status: view.status,
    populate,
  };
  const documents = useDocuments(project.id, request);
  useLiveListRefresh({ projectId: project.id, collection: slug });
  const rows = useMemo(() => documents.data?.pages.flatMap((page) => page.data) ?? [], [documents.data]);
  const total = documents.data?.pages[0]?.meta.total ?? 0;

  // A new question starts with nothing selected.
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selectionScope = JSON.stringify([slug, view.q, sort, view.filters, view.locale, view.status]);
  const [scope, setScope] = useState(selectionScope);
  if (scope !== selectionScope) {
    setScope(selectionScope);
    setSelection({});
  }
  // Only rows on screen count as selected: one someone else deleted leaves with its row.
  const visibleSelection = useMemo(() => {
    const shown = new Set(rows.map((row) => row.id));
    return Object.fromEntries(Object.entries(selection).filter(([id]) => shown.has(id)));
  }, [selection, rows]);
  const selectedIds = Object.keys(visibleSelection);

  const display = displayFieldOf(collection);
  const titles = useRef(new Map<string, string>());
  for (const row of rows) {
    const value = display ? row.data[display] : null;
    titles.current.set(row.id, typeof value === 'string' && value ? value : 'Untitled');
  }

  const changeView = (changes: Partial<ContentView>) => update(changes);
  const onSearch = useRef((q: string) => update({ q })).current;
  const setColumns = (next: string[]) => {
    storeColumns(project.id, slug, next);
    update({ columns: next });
  };

  const newDocument = canCreate ? (
    <ButtonLink to={documentEditorPath(project.id, slug, 'new')}>
      <Plus className="size-4" aria-hidden />
      New document
    </ButtonLink>
  ) : null;
  const hasQuestion = view.q !== '' || view.filters.length > 0 || view.status !== null;

  let body: ReactNode;
  if (documents.isPending) {
    body = <ListSkeleton label="Loading documents" rows={6} />;
  } else if (documents.isError) {
    const isBadQuery = documents.error instanceof ApiError && documents.error.status === 400;
    body = (
      <div className="space-y-3 p-5">
        <LoadError
          title={isBadQuery ? 'The API could not answer this view.' : 'We could not load the documents.'}
          error={documents.error}
          onRetry={() => documents.refetch()}
        />
        {isBadQuery && hasQuestion ? (
          <div className="text-center">
            <Button variant="secondary" size="sm" onClick={() => changeView({ filters: [], q: '', sort: [] })}>
              Clear filters, search and sort
            </Button>
          </div>
        ) : null}
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="p-5">
        {hasQuestion ? (
          <EmptyState
            icon={isTrash ? Trash2 : SearchX}
            title={isTrash && view.filters.length === 0 && !view.q ? 'The trash is empty' : 'No documents match'}
            action={
              <Button variant="secondary" onClick={() => changeView({ filters: [], q: '', status: null })}>
                Show all documents
              </Button>
            }
          >
            {isTrash ? 'Deleted documents of this collection wait here until they are restored.' : null}
            {!isTrash ? 'Nothing matches this search, status and filters. Change them or show all documents.' : null}
          </EmptyState>
        ) : (
          <EmptyState icon={FileText} title={`No ${collection.name.toLowerCase()} yet`} action={newDocument}>
            {canCreate
              ? `Write the first ${collection.singular.replace(/_/g, ' ')}: it stays a draft until you publish it.`
              : 'Documents written by the editors of this project will show here.'}
          </EmptyState>
        )}
      </div>
    );
  } else {
    body = (
      <DocumentTable
        collection={collection}
        collections={collections}
        locales={project.locales}
        documents={rows}
        total={total}
        columns={columns}
        sort={sort}
        onSortChange={(next) => changeView({ sort: next })}
        selection={visibleSelection}
        onSelectionChange={setSelection}
        canSelect={canSelect}
        isTrash={isTrash}
        isStale={documents.isPlaceholderData}
        hasNextPage={documents.hasNextPage}
        isFetchingNextPage={documents.isFetchingNextPage}
        fetchNextPage={() => void documents.fetchNextPage()}
        editorPath={(id) => documentEditorPath(project.id, slug, id)}
      />
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <CollectionPicker
          collections={collections}
          value={slug}
          onChange={(next) => update({ collection: next }, { push: true })}
        />
        <SearchBox value={view.q} onSearch={onSearch} label={`Search ${collection.name}`} />
        <LabelledSelect
          label="Status"
          value={view.status ?? ''}
          onChange={(value) => changeView({ status: value === '' ? null : (value as ListStatus) })}
        >
          <option value="">All statuses</option>
          {LIST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </LabelledSelect>
        {project.locales.length > 1 ? (
          <LabelledSelect
            label="Locale"
            value={view.locale ?? project.default_locale}
            onChange={(value) => changeView({ locale: value === project.default_locale ? null : value })}
          >
            {project.locales.map((locale) => (
              <option key={locale} value={locale}>
                {locale === project.default_locale ? `${locale} (default)` : locale}
              </option>
            ))}
          </LabelledSelect>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <FilterBuilder fields={filterFields} filters={view.filters} onApply={(filters) => changeView({ filters })} />
        <ColumnPicker
          collection={collection}
          columns={columns}
          onChange={setColumns}
          onReset={() => setColumns(defaultColumns(collection))}
        />
        <SavedViewsMenu projectId={project.id} collection={slug} search={search} onApply={apply} />
        {project.locales.length > 1 && !isTrash ? (
          <span className="hidden lg:inline-flex">
            <LocaleStatusLegend />
          </span>
        ) : null}
        <p className="ml-auto text-slate-600 text-sm" aria-live="polite">
          {documents.data ? `${formatCount(total)} ${total === 1 ? 'document' : 'documents'}` : null}
          {documents.data && rows.length < total ? ` · ${formatCount(rows.length)} loaded` : null}
        </p>
      </div>
      {view.filters.length > 0 ? (
        <ul aria-label="Active filters" className="flex flex-wrap gap-2">
          {view.filters.map((filter, index) => {
            const text = describeFilter(filter, filterFields);
            return (
              <li
                key={`${filter.field}-${filter.op}-${filter.value}`}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-3 text-indigo-900 text-sm ring-1 ring-indigo-200 ring-inset"
              >
                <span className="truncate">{text}</span>
                <button
                  type="button"
                  aria-label={`Remove filter: ${text}`}
                  onClick={() => changeView({ filters: view.filters.filter((_, at) => at !== index) })}
                  className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <section
        aria-label={`${collection.name} documents`}
        className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        {canSelect ? (
          <BulkActions
            projectId={project.id}
            collection={slug}
            selectedIds={selectedIds}
            locales={project.locales}
            defaultLocale={project.default_locale}
            isTrash={isTrash}
            canPublish={canPublish}
            canDelete={canDelete}
            titleOf={(id) => titles.current.get(id) ?? id}
            onClear={() => setSelection({})}
            onSettled={(failed) => setSelection(Object.fromEntries(failed.map((id) => [id, true as const])))}
          />
        ) : null}
        {body}
      </section>
    </div>
  );
}
