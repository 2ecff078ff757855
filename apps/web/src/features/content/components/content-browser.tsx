import type { Project } from '@plinth/contract';
import { Blocks, Plus } from 'lucide-react';
import { Navigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { PageHeading } from '../../../components/ui/page-heading';
import { LoadError } from '../../../components/ui/query-state';
import { documentEditorPath, projectPath, useCan } from '../../../lib/current-project';
import { useCollections } from '../../../lib/project-queries';
import { useContentView } from '../hooks/use-content-view';
import { formatView } from '../view';
import { DocumentList } from './document-list';
import { SingletonDocument } from './singleton-document';

const DESCRIPTION = 'Write, find and publish the documents of each collection.';

/**
 * The content screen: the project's collections, and the documents of the one in the URL
 * (`?collection=articles`); the first collection when the URL names none.
 */
export function ContentBrowser({ project }: { project: Project }) {
  const collections = useCollections(project.id);
  const content = useContentView();
  const canCreate = useCan('content.create');
  const canModel = useCan('schema.write');
  const { view } = content;

  if (collections.isPending) {
    return (
      <div className="space-y-6">
        <PageHeading title="Content" description={DESCRIPTION} />
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <ListSkeleton label="Loading collections" rows={6} />
        </div>
      </div>
    );
  }
  if (collections.isError) {
    return (
      <div className="space-y-6">
        <PageHeading title="Content" description={DESCRIPTION} />
        <LoadError
          title="We could not load the collections."
          error={collections.error}
          onRetry={() => collections.refetch()}
        />
      </div>
    );
  }

  const all = collections.data.data;
  if (all.length === 0) {
    return (
      <div className="space-y-6">
        <PageHeading title="Content" description={DESCRIPTION} />
        <EmptyState
          icon={Blocks}
          title="No collections yet"
          action={
            canModel ? (
              <ButtonLink to={projectPath(project.id, 'collections')}>Open the content model</ButtonLink>
            ) : null
          }
        >
          Documents live in collections (articles, authors, products…). {canModel ? 'Define' : 'An admin defines'} the
          first one in the content model, with the fields its documents have.
        </EmptyState>
      </div>
    );
  }

  const first = all.find((collection) => collection.kind === 'collection') ?? all[0];
  if (!view.collection && first) {
    return <Navigate to={`?${formatView({ ...view, collection: first.slug })}`} replace />;
  }
  const collection = all.find((item) => item.slug === view.collection);
  if (!collection) {
    return (
      <div className="space-y-6">
        <PageHeading title="Content" description={DESCRIPTION} />
        <EmptyState
          icon={Blocks}
          title={`There is no collection “${view.collection}”`}
          action={
            first ? <Button onClick={() => content.update({ collection: first.slug })}>Show {first.name}</Button> : null
          }
        >
          It may have been renamed or deleted from the content model.
        </EmptyState>
      </div>
    );
  }
  if (collection.kind === 'singleton') return <SingletonDocument projectId={project.id} collection={collection} />;

  return (
    <div className="space-y-6">
      <PageHeading
        title={collection.name}
        description={collection.description || DESCRIPTION}
        actions={
          canCreate ? (
            <ButtonLink to={documentEditorPath(project.id, collection.slug, 'new')}>
              <Plus className="size-4" aria-hidden />
              New document
            </ButtonLink>
          ) : null
        }
      />
      <DocumentList
        key={collection.slug}
        project={project}
        collection={collection}
        collections={all}
        content={content}
      />
    </div>
  );
}
