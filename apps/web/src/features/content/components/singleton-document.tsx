import type { Collection } from '@plinth/contract';
import { Navigate } from 'react-router';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { documentEditorPath } from '../../../lib/current-project';
import { useSingleton } from '../api/get-singleton';

/** A singleton has one document: choosing it opens that document (or a new one, before it exists). */
export function SingletonDocument({ projectId, collection }: { projectId: string; collection: Collection }) {
  const singleton = useSingleton(projectId, collection.slug);
  if (singleton.isPending) return <Loading label={`Opening ${collection.name}…`} />;
  if (singleton.isError) {
    return (
      <LoadError
        title={`We could not open ${collection.name}.`}
        error={singleton.error}
        onRetry={() => singleton.refetch()}
      />
    );
  }
  return <Navigate to={documentEditorPath(projectId, collection.slug, singleton.data?.id ?? 'new')} replace />;
}
