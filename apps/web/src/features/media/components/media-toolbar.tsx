import type { MediaFolderCount, MediaKind } from '@plinth/contract';
import { LayoutGrid, List, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatCount } from '../../../lib/format';
import type { MediaLibraryView, MediaView } from '../hooks/use-media-params';

const KIND_FILTERS: { value: MediaKind | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
  { value: 'document', label: 'Documents' },
];

const SEGMENT =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-1 font-medium text-sm focus-visible:outline-2 focus-visible:outline-indigo-600';
const segmentClass = (isOn: boolean) =>
  `${SEGMENT} ${isOn ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900'}`;

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // The URL changed from elsewhere (back button, "clear filters"): the box follows.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <search className="relative block min-w-0 flex-1 lg:max-w-xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search media
        </label>
        <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search by name or alt text"
          className="block w-full rounded-lg border-0 bg-white py-2 pr-3 pl-9 text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-indigo-600 focus:ring-inset"
        />
      </form>
    </search>
  );
}

/** Search, type and folder filters and the grid/list switch, all written to the URL. */
export function MediaToolbar({
  state,
  folders,
  onChange,
}: {
  state: MediaLibraryView;
  /** The folders in use with their file counts, for the folder filter. */
  folders: readonly MediaFolderCount[];
  onChange: (changes: Partial<MediaLibraryView>) => void;
}) {
  const folderId = useId();
  // A folder from a shared link is offered even before the folder list has loaded (or once it is empty).
  const folderOptions: readonly { name: string; count?: number }[] =
    state.folder && !folders.some((folder) => folder.name === state.folder)
      ? [{ name: state.folder }, ...folders]
      : folders;
  const setView = (view: MediaView) => onChange({ view });
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <SearchBox value={state.q} onSearch={(q) => onChange({ q })} />
      <div className="flex min-w-0 flex-wrap items-center gap-2 lg:flex-1">
        <fieldset className="min-w-0 max-w-full overflow-x-auto">
          <legend className="sr-only">File type</legend>
          <div className="flex gap-0.5 rounded-lg bg-slate-100 p-0.5">
            {KIND_FILTERS.map((filter) => (
              <button
                key={filter.label}
                type="button"
                aria-pressed={state.type === filter.value}
                className={segmentClass(state.type === filter.value)}
                onClick={() => onChange({ type: filter.value })}
              >
                {filter.label}
              </button>
            ))}
          </div>
        </fieldset>
        <label htmlFor={folderId} className="sr-only">
          Folder
        </label>
        <select
          id={folderId}
          value={state.folder ?? ''}
          onChange={(event) => onChange({ folder: event.target.value || null })}
          className="max-w-[12rem] truncate rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
        >
          <option value="">All folders</option>
          {folderOptions.map((folder) => (
            <option key={folder.name} value={folder.name}>
              {folder.count === undefined ? folder.name : `${folder.name} (${formatCount(folder.count)})`}
            </option>
          ))}
        </select>
        <fieldset className="ml-auto">
          <legend className="sr-only">Show as</legend>
          <div className="flex gap-0.5 rounded-lg bg-slate-100 p-0.5">
            <button
              type="button"
              aria-pressed={state.view === 'grid'}
              className={segmentClass(state.view === 'grid')}
              onClick={() => setView('grid')}
            >
              <LayoutGrid className="size-4" aria-hidden />
              Grid
            </button>
            <button
              type="button"
              aria-pressed={state.view === 'list'}
              className={segmentClass(state.view === 'list')}
              onClick={() => setView('list')}
            >
              <List className="size-4" aria-hidden />
              List
            </button>
          </div>
        </fieldset>
      </div>
    </div>
  );
}
