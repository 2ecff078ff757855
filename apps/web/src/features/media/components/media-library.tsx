import type { Asset } from '@plinth/contract';
import { FolderInput, ImageUp, SearchX, Trash2, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentProject } from '../../../lib/current-project';
import { formatCount } from '../../../lib/format';
import { useMedia } from '../api/get-media';
import { useMediaFolders } from '../api/get-media-folders';
import { useMediaParams } from '../hooks/use-media-params';
import { useMediaPermissions } from '../hooks/use-media-permissions';
import { useSelection } from '../hooks/use-selection';
import { AssetDetailsSheet } from './asset-details-sheet';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { MediaGrid } from './media-grid';
import { MediaTable } from './media-table';
import { MediaToolbar } from './media-toolbar';
import { MoveToFolderDialog } from './move-to-folder-dialog';
import { UploadButton, UploadDropZone } from './upload-controls';

function LibrarySkeleton({ view }: { view: 'grid' | 'list' }) {
  return (
    <div role="status" aria-label="Loading media">
      {view === 'grid' ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6">
          {Array.from({ length: 10 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={index} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
              <Skeleton className="aspect-square w-full rounded-none" />
              <div className="space-y-1.5 p-3">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <div className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={index} className="flex items-center gap-3 px-4 py-3">
              <Skeleton className="size-10" />
              <Skeleton className="h-4 w-48" />
              <Skeleton className="ml-auto h-4 w-24" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function BulkBar({
  count,
  pageCount,
  onSelectPage,
  onMove,
  onDelete,
  onClear,
}: {
  count: number;
  pageCount: number;
  onSelectPage: () => void;
  onMove: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <section
      aria-label="Selected files"
      className="sticky top-16 z-20 flex flex-wrap items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-white shadow-lg"
    >
      <p className="mr-auto font-medium text-sm" aria-live="polite">
        {count} selected
        {count < pageCount ? (
          <button
            type="button"
            onClick={onSelectPage}
            className="ml-3 rounded font-normal text-indigo-200 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
          >
            Select all {pageCount} on this page
          </button>
        ) : null}
      </p>
      <Button size="sm" variant="secondary" onClick={onMove}>
        <FolderInput className="size-4" aria-hidden />
        Move to folder
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete}>
        <Trash2 className="size-4" aria-hidden />
        Delete
      </Button>
      <button
        type="button"
        onClick={onClear}
        aria-label="Clear the selection"
        className="rounded-md p-1.5 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
      >
        <X className="size-4" aria-hidden />
      </button>
    </section>
  );
}

/**
 * The project's media library: search, type and folder filters, grid or list, pages, the details
 * panel, bulk move and delete, and uploads by drag and drop. Everything shown is in the URL.
 */
export function MediaLibrary() {
  const project = useCurrentProject();
  const { state, update } = useMediaParams();
  const filter = useMemo(
    () => ({ q: state.q.trim(), type: state.type, folder: state.folder, page: state.page }),
    [state.q, state.type, state.folder, state.page],
  );
  const media = useMedia(project.id, filter);
  const folders = useMediaFolders(project.id);
  const folderNames = useMemo(() => (folders.data ?? []).map((folder) => folder.name), [folders.data]);
  const { canCreate, canChangeSome } = useMediaPermissions();
  const selection = useSelection();
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null);
  const { clear } = selection;

  // Another page or filter shows other files: the ticks go with the files they were on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is what the effect reacts to.
  useEffect(() => clear(), [filter, clear]);

  const assets: readonly Asset[] = media.data?.data ?? [];
  const selected = [...selection.selected.values()];
  const isFiltered = filter.q !== '' || filter.type !== null || filter.folder !== null;
  const onToggle = canChangeSome
    ? ({ index, isRange }: { index: number; isRange: boolean }) => selection.toggle({ assets, index, isRange })
    : null;
  const open = (asset: Asset) => update({ assetId: asset.id }, { replace: false });

  let body: React.ReactNode;
  if (media.isPending) {
    body = <LibrarySkeleton view={state.view} />;
  } else if (media.isError) {
    body = (
      <LoadError title="We could not load the media library." error={media.error} onRetry={() => media.refetch()} />
    );
  } else if (assets.length === 0) {
    const { meta } = media.data;
    body =
      meta.page > 1 && meta.total > 0 ? (
        <EmptyState
          icon={SearchX}
          title="Nothing on this page"
          action={
            <Button variant="secondary" onClick={() => update({ page: 1 })}>
              Go to the first page
            </Button>
          }
        />
      ) : isFiltered ? (
        <EmptyState
          icon={SearchX}
          title="No files match"
          action={
            <Button variant="secondary" onClick={() => update({ q: '', type: null, folder: null })}>
              Clear search and filters
            </Button>
          }
        >
          {filter.q ? `Nothing is named or described “${filter.q}”` : 'No file'}
          {filter.type ? ` of this type` : ''}
          {filter.folder ? ` in ${filter.folder}` : ''}.
        </EmptyState>
      ) : (
        <EmptyState icon={ImageUp} title="No files yet" action={canCreate ? <UploadButton /> : undefined}>
          {canCreate
            ? 'Drag images, videos, audio or documents here, or choose them. Images are resized and converted on the fly for your sites.'
            : 'Nobody has uploaded a file to this project yet.'}
        </EmptyState>
      );
  } else {
    const { meta } = media.data;
    body = (
      <div
        className={`space-y-4 ${media.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={media.isPlaceholderData || undefined}
      >
        {state.view === 'grid' ? (
          <MediaGrid assets={assets} selected={selection.selected} onToggle={onToggle} onOpen={open} />
        ) : (
          <MediaTable
            assets={assets}
            selected={selection.selected}
            onToggle={onToggle}
            onOpen={open}
            onSelectAll={canChangeSome ? (isSelected) => selection.setAll(assets, isSelected) : null}
          />
        )}
        {meta.total > meta.limit ? (
          <div className="rounded-xl bg-white ring-1 ring-slate-200 [&>div]:border-t-0">
            <Pager
              meta={meta}
              noun="files"
              isFetching={media.isFetching}
              onPageChange={(page) => {
                update({ page }, { replace: false });
                window.scrollTo?.({ top: 0 });
              }}
            />
          </div>
        ) : null}
      </div>
    );
  }

  const total = media.data?.meta.total;
  return (
    <UploadDropZone isEnabled={canCreate}>
      <div className="space-y-4">
        <MediaToolbar state={state} folders={folders.data ?? []} onChange={(changes) => update(changes)} />
        <p className="text-slate-600 text-sm" aria-live="polite">
          {total === undefined
            ? '\u00a0'
            : `${formatCount(total)} ${total === 1 ? 'file' : 'files'}${isFiltered ? ' match' : ''}${filter.folder ? ` in ${filter.folder}` : ''}`}
          {canCreate && total !== undefined ? (
            <span className="hidden sm:inline"> · Drop files anywhere here to upload them.</span>
          ) : null}
        </p>
        {selected.length > 0 ? (
          <BulkBar
            count={selected.length}
            pageCount={assets.length}
            onSelectPage={() => selection.setAll(assets, true)}
            onMove={() => setDialog('move')}
            onDelete={() => setDialog('delete')}
            onClear={selection.clear}
          />
        ) : null}
        {body}
      </div>
      <AssetDetailsSheet assetId={state.assetId} folders={folderNames} onClose={() => update({ assetId: null })} />
      <BulkDeleteDialog
        projectId={project.id}
        assets={selected}
        isOpen={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onDone={(deleted) => selection.setAll(deleted, false)}
      />
      <MoveToFolderDialog
        projectId={project.id}
        assets={selected}
        folders={folderNames}
        isOpen={dialog === 'move'}
        onClose={() => setDialog(null)}
      />
    </UploadDropZone>
  );
}
