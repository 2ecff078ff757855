import type { Asset, FocalPoint, UpdateAssetBody } from '@plinth/contract';
import { ExternalLink, Lock, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { DetailLoadError } from '../../../components/ui/detail-page';
import { CONTROL, InputField, TextAreaField } from '../../../components/ui/form-field';
import { Loading } from '../../../components/ui/query-state';
import { Sheet } from '../../../components/ui/sheet';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentProject } from '../../../lib/current-project';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useDeleteAsset } from '../api/delete-asset';
import { useAsset } from '../api/get-asset';
import { useUpdateAsset } from '../api/update-asset';
import { useMediaPermissions } from '../hooks/use-media-permissions';
import { kindOf } from '../utils/media-urls';
import { dimensionsOf } from './asset-facts';
import { AssetPreview } from './asset-preview';
import { AssetUsage } from './asset-usage';
import { CropPreview, FocalPointPicker, percent } from './focal-point-picker';

/** The alt text of the project's default locale, whichever shape the read returned. */
function altOf(asset: Asset, locale: string): string {
  if (typeof asset.alt === 'string') return asset.alt;
  return asset.alt?.[locale] ?? '';
}

const samePoint = (a: FocalPoint | null, b: FocalPoint | null) => a?.x === b?.x && a?.y === b?.y;

function Preview({ asset }: { asset: Asset }) {
  const kind = kindOf(asset.mime_type);
  if (kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploaded files come without caption tracks.
      <video controls preload="metadata" src={asset.url} className="max-h-[45vh] w-full rounded-lg bg-slate-900" />
    );
  }
  if (kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: uploaded files come without caption tracks.
    return <audio controls preload="metadata" src={asset.url} className="w-full" />;
  }
  return <AssetPreview asset={asset} sizes="32rem" fit="contain" isEager className="h-48 w-full rounded-lg" />;
}

function Facts({ asset }: { asset: Asset }) {
  const rows: [string, string][] = [
    ['Type', asset.mime_type],
    ['Size', formatBytes(asset.size)],
    ...(dimensionsOf(asset) ? ([['Dimensions', `${dimensionsOf(asset)} px`]] as [string, string][]) : []),
    ['Added', formatDateTime(asset.created_at)],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AssetForm({
  asset,
  folders,
  canChange,
  onDeleted,
}: {
  asset: Asset;
  folders: readonly string[];
  canChange: boolean;
  onDeleted: () => void;
}) {
  const project = useCurrentProject();
  const { canCreate } = useMediaPermissions();
  const locale = project.default_locale;
  const [alt, setAlt] = useState(() => altOf(asset, locale));
  const [filename, setFilename] = useState(asset.filename);
  const [folder, setFolder] = useState(asset.folder ?? '');
  const [focal, setFocal] = useState<FocalPoint | null>(asset.focal_point);
  const [isDeleting, setDeleting] = useState(false);
  const update = useUpdateAsset();
  const remove = useDeleteAsset();
  const urlId = useId();
  const foldersId = useId();
  const isImage = kindOf(asset.mime_type) === 'image';

  const changes: UpdateAssetBody = {};
  if (alt.trim() !== altOf(asset, locale)) changes.alt = alt.trim();
  if (filename.trim() !== asset.filename) changes.filename = filename.trim();
  if ((folder.trim() || null) !== asset.folder) changes.folder = folder.trim() || null;
  if (!samePoint(focal, asset.focal_point)) changes.focal_point = focal;
  const isDirty = Object.keys(changes).length > 0;
  const filenameError =
    filename.trim() === ''
      ? 'A file name is needed.'
      : /[/\\]/.test(filename)
        ? 'A file name cannot contain / or \\.'
        : undefined;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty || filenameError) return;
    update.mutate({ projectId: project.id, assetId: asset.id, body: changes });
  };
  const deleteError = remove.error;
  const isInUse = deleteError instanceof ApiError && deleteError.status === 409;

  return (
    <form onSubmit={save} className="space-y-6" aria-label="File details">
      {canChange ? null : (
        <p className="flex gap-2 rounded-lg bg-slate-100 p-3 text-slate-700 text-sm">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {canCreate
            ? 'You can only change media files you uploaded. Editors, admins and owners can change every file.'
            : `You are ${project.role === 'admin' || project.role === 'owner' ? 'an' : 'a'} ${project.role ?? 'guest'} in ${project.name}: you can view and copy files, not change them.`}
        </p>
      )}
      {isImage ? (
        <div className="space-y-3">
          <FocalPointPicker asset={asset} value={focal} onChange={setFocal} isReadOnly={!canChange} />
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="text-sm">
              <p className="font-medium text-slate-800">Focal point</p>
              <p className="text-slate-600" aria-live="polite">
                {focal
                  ? `${percent(focal.x)} from the left, ${percent(focal.y)} from the top`
                  : 'None: crops centre on the middle.'}
              </p>
              {canChange && focal ? (
                <button
                  type="button"
                  onClick={() => setFocal(null)}
                  className="mt-1 rounded font-medium text-indigo-700 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  Remove focal point
                </button>
              ) : null}
            </div>
            <CropPreview asset={asset} value={focal} />
          </div>
        </div>
      ) : (
        <Preview asset={asset} />
      )}

      <div className="space-y-4">
        <TextAreaField
          label="Alt text"
          rows={3}
          maxLength={1000}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          readOnly={!canChange}
          hint={
            project.locales.length > 1
              ? `Describes the file for people who cannot see it (${locale}, the project’s default language).`
              : 'Describes the file for people who cannot see it, and for search engines.'
          }
        />
        <InputField
          label="File name"
          value={filename}
          maxLength={255}
          onChange={(event) => setFilename(event.target.value)}
          readOnly={!canChange}
          error={canChange ? filenameError : undefined}
          hint="The name in the file’s URL and when it is downloaded."
        />
        <InputField
          label="Folder"
          value={folder}
          maxLength={255}
          list={foldersId}
          onChange={(event) => setFolder(event.target.value)}
          readOnly={!canChange}
          placeholder="No folder"
          hint="Type a new name to make a folder, such as blog/2026; leave it empty for none."
        />
        <datalist id={foldersId}>
          {folders.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {update.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200 ring-inset">
            {errorMessage(update.error, 'Could not save the changes. Please try again.')}
          </p>
        ) : null}
        {canChange ? (
          <div className="flex justify-end">
            <Button type="submit" isLoading={update.isPending} disabled={!isDirty || Boolean(filenameError)}>
              Save changes
            </Button>
          </div>
        ) : null}
      </div>

      <div className="space-y-1.5">
        <label htmlFor={urlId} className="block font-medium text-slate-800 text-sm">
          File URL
        </label>
        <div className="flex items-center gap-2">
          <input
            id={urlId}
            readOnly
            value={asset.url}
            onFocus={(event) => event.currentTarget.select()}
            className={`${CONTROL} min-w-0 bg-slate-50 font-mono text-xs`}
          />
          <CopyButton value={asset.url} label="Copy URL" className="bg-white py-2" />
          <a
            href={asset.url}
            target="_blank"
            rel="noreferrer"
            aria-label="Open the file in a new tab"
            className="inline-flex shrink-0 items-center rounded-md p-2 text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </div>
        <p className="text-slate-500 text-xs">
          Add <code className="font-mono">w</code>, <code className="font-mono">h</code>,{' '}
          <code className="font-mono">fit</code> and <code className="font-mono">format</code> for resized images.
        </p>
      </div>

      <section aria-label="About this file" className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
        <Facts asset={asset} />
      </section>

      <AssetUsage assetId={asset.id} />

      {canChange ? (
        <div className="border-slate-200 border-t pt-5">
          <Button variant="secondary" onClick={() => setDeleting(true)} className="text-red-700">
            <Trash2 className="size-4" aria-hidden />
            Delete file
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={isDeleting}
        title={isInUse ? 'This file is in use' : `Delete ${asset.filename}?`}
        description={
          deleteError
            ? errorMessage(deleteError, 'Could not delete the file. Please try again.')
            : 'The file and its resized versions are removed, and its URL stops working. This cannot be undone.'
        }
        confirmLabel={isInUse ? 'Delete anyway' : 'Delete file'}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate({ projectId: project.id, assetId: asset.id, force: isInUse }, { onSuccess: onDeleted })
        }
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </form>
  );
}

/** The details of one asset in a side panel: preview, alt text, name, folder, focal point, URL, delete. */
export function AssetDetailsSheet({
  assetId,
  folders,
  onClose,
}: {
  assetId: string | null;
  folders: readonly string[];
  onClose: () => void;
}) {
  const project = useCurrentProject();
  const asset = useAsset(project.id, assetId);
  const { canChange } = useMediaPermissions();
  const loaded = asset.data?.data;
  return (
    <Sheet isOpen={assetId !== null} title={loaded?.filename ?? 'File details'} onClose={onClose}>
      {loaded ? (
        <AssetForm key={loaded.id} asset={loaded} folders={folders} canChange={canChange(loaded)} onDeleted={onClose} />
      ) : asset.isError ? (
        <DetailLoadError
          error={asset.error}
          onRetry={() => asset.refetch()}
          errorTitle="We could not load this file."
          missingTitle="This file is not in the library"
        >
          It was deleted, or the link is wrong.
        </DetailLoadError>
      ) : (
        <Loading label="Loading the file…" />
      )}
    </Sheet>
  );
}
