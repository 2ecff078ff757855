import type { Collection, Document } from '@plinth/contract';
import {
  type ColumnDef,
  createColumnHelper,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { columnLabel, displayFieldOf, isSortable } from '../fields';
import type { SortKey } from '../view';
import { CellValue } from './cell-value';
import { LocaleStatus } from './locale-status';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });
type Features = typeof features;
const helper = createColumnHelper<Features, Document>();

/** A row's height before it is measured; rows hold one line, so most are exactly this. */
const ROW_HEIGHT = 45;
/** The window assumed before the table has a size (first paint, a DOM without layout): a screenful of rows. */
const UNMEASURED_RECT = { width: 1024, height: 720 };
/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const LOAD_AHEAD = 15;

const CELL = 'border-slate-100 border-b px-4 py-2.5 align-middle text-slate-700';
/** The first column stays put while the table scrolls sideways (at 390 px too). */
const STICKY = 'sticky left-0 z-10 border-r border-r-slate-200 bg-white';

function Timestamp({ value }: { value: string | null }) {
  if (!value) {
    return (
      <>
        <span aria-hidden className="text-slate-400">
          —
        </span>
        <span className="sr-only">never</span>
      </>
    );
  }
  return (
    <time dateTime={value} title={formatDateTime(value)} className="whitespace-nowrap">
      {formatRelativeTime(value)}
    </time>
  );
}

/** A column's width by what it holds, so columns stay still while rows scroll past. */
function widthOf(collection: Collection, key: string, localeCount: number): string {
  if (key === 'status') return localeCount > 1 ? (localeCount > 4 ? 'w-80' : 'w-60') : 'w-36';
  if (key.endsWith('_at')) return 'w-40';
  const type = collection.fields.find((field) => field.name === key)?.type;
  if (type === 'boolean' || type === 'integer' || type === 'number' || type === 'blocks') return 'w-28';
  if (type === 'date' || type === 'select') return 'w-36';
  if (type === 'longtext' || type === 'richtext' || type === 'json') return 'w-72';
  if (type === 'reference' || type === 'media') return 'w-44';
  return 'w-52';
}

export interface DocumentTableProps {
  collection: Collection;
  collections: readonly Collection[];
  locales: readonly string[];
  documents: Document[];
  /** How many documents match, loaded or not. */
  total: number;
  /** The columns after the first (which names the document), in order. */
  columns: readonly string[];
  sort: readonly SortKey[];
  onSortChange: (sort: SortKey[]) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  canSelect: boolean;
  isTrash: boolean;
  /** The list is being read again for a new view: rows dim. */
  isStale: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  editorPath: (id: string) => string;
}

/**
 * The documents of a collection: TanStack Table for columns, sorting (the API sorts) and
 * selection; TanStack Virtual renders only the rows on screen, and the next page is asked for
 * (by cursor) as the end comes near. Rows are focusable: Enter opens, Space selects, arrows move.
 */
export function DocumentTable(props: DocumentTableProps) {
  const { collection, collections, locales, documents, columns, canSelect, editorPath } = props;
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const display = displayFieldOf(collection);
  const firstKey = display ?? 'id';
  const title = (document: Document) => {
    const value = display ? document.data[display] : null;
    return typeof value === 'string' && value.trim() ? value : null;
  };

  const columnDefs = useMemo(() => {
    const first = helper.accessor((document: Document) => (display ? document.data[display] : document.id), {
      id: firstKey,
      header: display ? columnLabel(collection, display) : 'ID',
      enableSorting: display ? isSortable(collection, display) : true,
    });
    const rest = columns.map((key) => {
      const field = collection.fields.find((item) => item.name === key);
      return helper.accessor(
        (document: Document) =>
          field ? document.data[key] : key === 'status' ? document.status : document[key as 'updated_at'],
        {
          id: key,
          header: columnLabel(collection, key),
          enableSorting: isSortable(collection, key),
          sortDescFirst: key.endsWith('_at'),
        },
      );
    });
    return [first, ...rest] as ColumnDef<Features, Document, unknown>[];
  }, [collection, columns, display, firstKey]);

  const sorting: SortingState = props.sort.map((key) => ({ id: key.id, desc: key.desc }));
  const table = useTable({
    features,
    columns: columnDefs,
    data: documents,
    getRowId: (document) => document.id,
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: canSelect,
    state: { sorting, rowSelection: props.selection },
    onSortingChange: (updater: Updater<SortingState>) =>
      props.onSortChange(typeof updater === 'function' ? updater(sorting) : updater),
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      props.onSelectionChange(typeof updater === 'function' ? updater(props.selection) : updater),
  });

  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : UNMEASURED_RECT)),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - LOAD_AHEAD) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const columnCount = columnDefs.length;

  const allSelectRef = useRef<HTMLInputElement>(null);
  const isAll = table.getIsAllRowsSelected();
  const isSome = table.getIsSomeRowsSelected();
  useEffect(() => {
    if (allSelectRef.current) allSelectRef.current.indeterminate = isSome && !isAll;
  }, [isSome, isAll]);

  const focusRow = (index: number) => {
    if (index < 0 || index >= rows.length) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`)?.focus({ preventScroll: true }),
    );
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, id: string) => {
    // Keys pressed on the row's own controls (its checkbox, its link) keep their meaning.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      navigate(editorPath(id));
    } else if (event.key === ' ' && canSelect) {
      event.preventDefault();
      rows[index]?.toggleSelected();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  return (
    <div
      ref={scrollRef}
      className="relative max-h-[max(26rem,calc(100dvh-19rem))] overflow-auto overscroll-contain"
      data-testid="document-table-scroller"
    >
      <table
        className="w-full min-w-max table-fixed border-separate border-spacing-0 text-sm"
        aria-rowcount={props.total + 1}
        aria-busy={props.isStale || undefined}
      >
        <caption className="sr-only">
          {collection.name}: {props.total} {props.total === 1 ? 'document' : 'documents'}. Enter on a row opens it
          {canSelect ? ', Space selects it' : ''}.
        </caption>
        <colgroup>
          <col className="w-64 sm:w-80" />
          {columns.map((key) => (
            <col key={key} className={widthOf(collection, key, locales.length)} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-20">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header, index) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                const isFirst = index === 0;
                const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={`border-slate-200 border-b bg-slate-50 px-4 py-2.5 text-left font-medium text-slate-600 text-xs uppercase tracking-wide ${isFirst ? 'sticky left-0 z-30 border-r border-r-slate-200' : ''}`}
                  >
                    <span className="flex items-center gap-3">
                      {isFirst && canSelect ? (
                        <input
                          ref={allSelectRef}
                          type="checkbox"
                          aria-label="Select all loaded documents"
                          checked={isAll}
                          onChange={table.getToggleAllRowsSelectedHandler()}
                          className="size-4 shrink-0 rounded border-slate-400 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                        />
                      ) : null}
                      {canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          title="Sort (Shift-click to add to the sort)"
                          className={`-mx-1 inline-flex min-w-0 items-center gap-1 rounded px-1 py-0.5 uppercase hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 ${sorted ? 'text-slate-900' : ''}`}
                        >
                          <span className="truncate">
                            <table.FlexRender header={header} />
                          </span>
                          <SortIcon className={`size-3.5 shrink-0 ${sorted ? '' : 'text-slate-400'}`} aria-hidden />
                          {sorted && sorting.length > 1 ? (
                            <span className="text-[0.65rem] text-slate-500">{header.column.getSortIndex() + 1}</span>
                          ) : null}
                        </button>
                      ) : (
                        <span className="truncate">
                          <table.FlexRender header={header} />
                        </span>
                      )}
                    </span>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={props.isStale ? 'opacity-60 transition-opacity' : ''}>
          {paddingTop > 0 ? (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: paddingTop }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const document = row.original;
            const name = title(document);
            const isSelected = row.getIsSelected();
            const rowTone = isSelected ? 'bg-indigo-50' : 'bg-white group-hover:bg-slate-50';
            return (
              // Rows are focusable so the keyboard can open (Enter) and select (Space) them.
              <tr
                key={row.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                tabIndex={0}
                onKeyDown={(event) => onRowKeyDown(event, item.index, document.id)}
                className="group focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:-outline-offset-2"
              >
                {row.getAllCells().map((cell, index) => {
                  if (index === 0) {
                    return (
                      <th key={cell.id} scope="row" className={`${CELL} ${STICKY} ${rowTone} text-left font-normal`}>
                        <span className="flex items-center gap-3">
                          {canSelect ? (
                            <input
                              type="checkbox"
                              aria-label={`Select ${name ?? 'untitled document'}`}
                              checked={isSelected}
                              onChange={row.getToggleSelectedHandler()}
                              className="size-4 shrink-0 rounded border-slate-400 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                            />
                          ) : null}
                          <Link
                            to={editorPath(document.id)}
                            tabIndex={-1}
                            title={name ?? undefined}
                            className="block min-w-0 truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                          >
                            {name ?? <span className="text-slate-500 italic">Untitled</span>}
                          </Link>
                        </span>
                      </th>
                    );
                  }
                  const key = cell.column.id;
                  const field = collection.fields.find((item) => item.name === key);
                  return (
                    <td key={cell.id} className={`${CELL} ${rowTone}`}>
                      {field ? (
                        <CellValue field={field} value={document.data[key]} collections={collections} />
                      ) : key === 'status' ? (
                        <LocaleStatus document={document} locales={locales} isTrash={props.isTrash} />
                      ) : (
                        <Timestamp value={document[key as 'updated_at' | 'published_at' | 'created_at']} />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: paddingBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
      {isFetchingNextPage ? (
        <div className="sticky left-0 flex justify-center border-slate-100 border-t bg-white py-3">
          <Spinner label="Loading more documents…" />
        </div>
      ) : null}
    </div>
  );
}
