import type { Collection, Component } from '@plinth/contract';
import { Blocks, ChevronRight, FileText, Layers, Puzzle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { projectPath } from '../../../lib/current-project';
import { formatCount } from '../../../lib/format';
import { useCollections, useComponents } from '../../../lib/project-queries';
import { useDocumentCount } from '../api/get-document-count';
import { type ComponentUse, componentUses } from '../component-usage';
import { editorPath } from '../editor-paths';

const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** A collection's document count: one small request per row (`limit=1`, the total from `meta`). */
function DocumentCount({ projectId, collection }: { projectId: string; collection: Collection }) {
  const count = useDocumentCount(projectId, collection.slug);
  if (count.isPending) return <Skeleton className="h-4 w-20" />;
  if (count.isError) return <span>Documents unknown</span>;
  if (collection.kind === 'singleton') return <span>{count.data > 0 ? 'Document created' : 'Not filled in yet'}</span>;
  return <span className="tabular-nums">{plural(count.data, 'document')}</span>;
}

/** A row that links (the link covers it) to the model's editor. */
function ModelRow({
  to,
  title,
  name,
  description,
  badges,
  children,
}: {
  to: string;
  title: string;
  name: string;
  description: string;
  badges?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="relative flex items-start gap-3 px-5 py-4 hover:bg-slate-50/70">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="min-w-0 max-w-full">
            <Link
              to={to}
              className="block break-words font-medium text-indigo-700 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {title}
            </Link>
          </h3>
          <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700 text-xs">{name}</code>
          {badges}
        </div>
        {description ? <p className="break-words text-slate-600 text-sm">{description}</p> : null}
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-xs">{children}</div>
      </div>
      <ChevronRight className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
    </li>
  );
}

function CollectionRows({ projectId, collections }: { projectId: string; collections: readonly Collection[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {collections.map((collection) => (
        <ModelRow
          key={collection.slug}
          to={projectPath(projectId, editorPath({ collection: collection.slug }))}
          title={collection.name}
          name={collection.slug}
          description={collection.description}
          badges={collection.requires_approval ? <Badge tone="info">Needs approval</Badge> : null}
        >
          <span>{plural(collection.fields.length, 'field')}</span>
          <DocumentCount projectId={projectId} collection={collection} />
          {collection.preview_url ? <span>Live preview</span> : null}
        </ModelRow>
      ))}
    </ul>
  );
}

function Uses({ uses }: { uses: readonly ComponentUse[] }) {
  if (uses.length === 0) return <span>Not used yet</span>;
  return (
    <span className="min-w-0 [overflow-wrap:anywhere]">
      Used in{' '}
      {uses.map((use, index) => (
        <span key={`${use.owner}:${use.name}:${use.field}`}>
          {index > 0 ? ', ' : ''}
          <span className="font-mono">
            {use.name}.{use.field}
          </span>
          {use.owner === 'component' ? ' (component)' : ''}
        </span>
      ))}
    </span>
  );
}

function ComponentRows({
  projectId,
  components,
  uses,
}: {
  projectId: string;
  components: readonly Component[];
  uses: Map<string, ComponentUse[]>;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {components.map((component) => (
        <ModelRow
          key={component.name}
          to={projectPath(projectId, editorPath({ component: component.name }))}
          title={component.label || component.name}
          name={component.name}
          description={component.description}
        >
          <span>{plural(component.fields.length, 'field')}</span>
          <Uses uses={uses.get(component.name) ?? []} />
        </ModelRow>
      ))}
    </ul>
  );
}

function OverviewSkeleton() {
  return (
    <Card title="Collections" padded={false}>
      <ListSkeleton label="Loading the content model" rows={3} />
    </Card>
  );
}

/**
 * The project's model: collections, singletons and components, each linking to its editor.
 * `canWrite` offers the first steps of an empty model.
 */
export function ModelOverview({ projectId, canWrite }: { projectId: string; canWrite: boolean }) {
  const collections = useCollections(projectId);
  const components = useComponents(projectId);

  if (collections.isPending || components.isPending) return <OverviewSkeleton />;
  if (collections.isError || components.isError) {
    return (
      <LoadError
        title="We could not load the content model."
        error={collections.error ?? components.error}
        onRetry={() => {
          if (collections.isError) collections.refetch();
          if (components.isError) components.refetch();
        }}
      />
    );
  }
  const all = collections.data.data;
  const regular = all.filter((collection) => collection.kind === 'collection');
  const singletons = all.filter((collection) => collection.kind === 'singleton');
  const componentList = components.data.data;

  if (all.length === 0 && componentList.length === 0) {
    return (
      <EmptyState
        icon={Layers}
        title="No content model yet"
        action={
          canWrite ? (
            <ButtonLink to={projectPath(projectId, editorPath({ isNew: 'collection' }))}>New collection</ButtonLink>
          ) : null
        }
      >
        The model says what content this project holds: collections of documents (articles, products), singletons (the
        home page, site settings) and components, the blocks pages are built from. Their fields give your REST and
        GraphQL APIs their shape.
        {canWrite ? null : ' An owner or admin of the project can create the first collection.'}
      </EmptyState>
    );
  }

  const uses = componentUses(all, componentList);
  return (
    <div className="space-y-6">
      <Card
        title="Collections"
        description={`${plural(regular.length, 'collection')}: lists of documents of one shape.`}
        padded={false}
      >
        {regular.length > 0 ? (
          <CollectionRows projectId={projectId} collections={regular} />
        ) : (
          <p className="flex items-center gap-2 px-5 py-4 text-slate-600 text-sm">
            <FileText className="size-4 shrink-0" aria-hidden />
            No collections yet.
          </p>
        )}
      </Card>
      <Card
        title="Singletons"
        description={`${plural(singletons.length, 'singleton')}: one document each, such as the home page.`}
        padded={false}
      >
        {singletons.length > 0 ? (
          <CollectionRows projectId={projectId} collections={singletons} />
        ) : (
          <p className="flex items-center gap-2 px-5 py-4 text-slate-600 text-sm">
            <Blocks className="size-4 shrink-0" aria-hidden />
            No singletons yet: create a collection and choose “Singleton”.
          </p>
        )}
      </Card>
      <Card
        title="Components"
        description={`${plural(componentList.length, 'component')}: blocks that blocks fields hold.`}
        actions={
          canWrite ? (
            <ButtonLink variant="secondary" size="sm" to={projectPath(projectId, editorPath({ isNew: 'component' }))}>
              New component
            </ButtonLink>
          ) : null
        }
        padded={false}
      >
        {componentList.length > 0 ? (
          <ComponentRows projectId={projectId} components={componentList} uses={uses} />
        ) : (
          <p className="flex items-center gap-2 px-5 py-4 text-slate-600 text-sm">
            <Puzzle className="size-4 shrink-0" aria-hidden />
            No components yet. Components are the blocks a page is built from: a hero, a quote, a call to action.
          </p>
        )}
      </Card>
    </div>
  );
}
