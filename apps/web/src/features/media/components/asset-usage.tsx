import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/document-status-badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { documentEditorPath, useCurrentProject } from '../../../lib/current-project';
import { formatCount } from '../../../lib/format';
import { useCollections } from '../../../lib/project-queries';
import { useAssetReferences } from '../api/get-asset-references';

/**
 * Where a file is used: the documents that show it (media fields, blocks, images in rich text),
 * newest first, each a link to its editor, so nobody deletes or replaces a file blind.
 */
export function AssetUsage({ assetId }: { assetId: string }) {
  const project = useCurrentProject();
  const references = useAssetReferences(project.id, assetId);
  const collections = useCollections(project.id);
  const collectionName = (slug: string) =>
    collections.data?.data.find((collection) => collection.slug === slug)?.name ?? slug;
  const total = references.data?.meta.total ?? 0;
  const hits = references.data?.data ?? [];

  return (
    <section aria-labelledby={`usage-${assetId}`} aria-busy={references.isPending} className="space-y-2">
      <h3 id={`usage-${assetId}`} className="font-medium text-slate-800 text-sm">
        Used in
        {references.isSuccess && total > 0 ? (
          <span className="font-normal text-slate-600">
            {' '}
            {formatCount(total)} document{total === 1 ? '' : 's'}
          </span>
        ) : null}
      </h3>
      {references.isPending ? (
        <div className="space-y-2" role="status" aria-label="Looking for documents that use this file">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-3/4" />
        </div>
      ) : references.isError ? (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200 ring-inset">
          <p>{errorMessage(references.error, 'We could not check where this file is used.')}</p>
          <button
            type="button"
            onClick={() => references.refetch()}
            className="mt-1 rounded font-medium underline focus-visible:outline-2 focus-visible:outline-red-700"
          >
            Try again
          </button>
        </div>
      ) : hits.length === 0 ? (
        <p className="text-slate-600 text-sm">No document uses this file: deleting it breaks nothing.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200 ring-inset">
            {hits.map((hit) => (
              <li key={hit.id}>
                <Link
                  to={documentEditorPath(project.id, hit.collection, hit.id)}
                  className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:-outline-offset-2"
                >
                  <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{hit.title ?? 'Untitled'}</span>
                    <span className="block truncate text-slate-600 text-xs">{collectionName(hit.collection)}</span>
                  </span>
                  <StatusBadge status={hit.status} />
                </Link>
              </li>
            ))}
          </ul>
          {total > hits.length ? (
            <p className="text-slate-600 text-xs">and {formatCount(total - hits.length)} more; the newest are shown.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
