import type { Collection, Component } from '@plinth/contract';
import { BackLink, DetailLoadError } from '../../../components/ui/detail-page';
import { PageHeading } from '../../../components/ui/page-heading';
import { Loading } from '../../../components/ui/query-state';
import { projectPath, useCan, useCurrentProject } from '../../../lib/current-project';
import { useCollections, useComponents } from '../../../lib/project-queries';
import { useCollection } from '../api/get-collection';
import { useComponent } from '../api/get-component';
import { ModelEditorForm, type SavedModel } from './model-editor-form';
import { ReadOnlyNotice } from './read-only-notice';

/** Which model the editor opens: a collection or component by name, or a new one (null). */
export type EditorTarget = { mode: 'collection'; slug: string | null } | { mode: 'component'; name: string | null };

const ModelName = ({ name }: { name: string }) => (
  <code className="break-all font-mono text-[0.9em] text-slate-800">{name}</code>
);

function Heading({ target, saved }: { target: EditorTarget; saved: Collection | Component | null | undefined }) {
  const project = useCurrentProject();
  const isNew = (target.mode === 'collection' ? target.slug : target.name) === null;
  const noun = target.mode === 'collection' ? 'collection' : 'component';
  let title = isNew ? `New ${noun}` : target.mode === 'collection' ? 'Collection' : 'Component';
  if (saved && 'slug' in saved) title = saved.name;
  else if (saved) title = saved.label || saved.name;
  const description = isNew ? (
    target.mode === 'collection' ? (
      'Name it, add its fields, and see the API it will have as you go. A singleton holds exactly one document.'
    ) : (
      'A component is a block that blocks fields hold: a hero, a quote, a call to action.'
    )
  ) : saved && 'slug' in saved ? (
    <>
      {saved.kind === 'singleton' ? 'Singleton' : 'Collection'} <ModelName name={saved.slug} />: its settings, fields
      and API shape.
    </>
  ) : (
    <>
      Component <ModelName name={target.mode === 'component' ? (target.name ?? '') : ''} />: its fields and the shape of
      its blocks.
    </>
  );
  return (
    <div className="space-y-3">
      <BackLink to={projectPath(project.id, 'collections')}>Content model</BackLink>
      <PageHeading title={title} description={description} />
    </div>
  );
}

/**
 * The editor of one collection or component (or a new one) with what it needs loaded: the model
 * itself, and the project's collections and components that references and blocks point at.
 */
export function ModelEditor({ target }: { target: EditorTarget }) {
  const project = useCurrentProject();
  const canWrite = useCan('schema.write');
  const collections = useCollections(project.id);
  const components = useComponents(project.id);
  const collection = useCollection(project.id, target.mode === 'collection' ? target.slug : null);
  const component = useComponent(project.id, target.mode === 'component' ? target.name : null);
  const one = target.mode === 'collection' ? collection : component;
  const isNew = (target.mode === 'collection' ? target.slug : target.name) === null;

  const heading = <Heading target={target} saved={isNew ? null : one.data?.data} />;
  const noun = target.mode === 'collection' ? 'collection' : 'component';

  if (!isNew && one.isError) {
    return (
      <div className="space-y-6">
        {heading}
        <DetailLoadError
          error={one.error}
          onRetry={() => one.refetch()}
          errorTitle={`We could not load this ${noun}.`}
          missingTitle={`This ${noun} does not exist`}
        >
          It may have been deleted, or the link is wrong. The content model lists every collection and component of this
          project.
        </DetailLoadError>
      </div>
    );
  }
  if (collections.isError || components.isError) {
    return (
      <div className="space-y-6">
        {heading}
        <DetailLoadError
          error={collections.error ?? components.error}
          onRetry={() => {
            if (collections.isError) collections.refetch();
            if (components.isError) components.refetch();
          }}
          errorTitle="We could not load the content model."
          missingTitle="This project has no content model"
        >
          Try again in a moment.
        </DetailLoadError>
      </div>
    );
  }
  if (collections.isPending || components.isPending || (!isNew && one.isPending)) {
    return (
      <div className="space-y-6">
        {heading}
        <Loading label={`Loading the ${noun}…`} />
      </div>
    );
  }
  const saved: SavedModel =
    target.mode === 'collection'
      ? { mode: 'collection', value: isNew ? null : (collection.data?.data ?? null) }
      : { mode: 'component', value: isNew ? null : (component.data?.data ?? null) };
  return (
    <div className="space-y-6">
      {heading}
      {canWrite ? null : <ReadOnlyNotice />}
      <ModelEditorForm
        project={project}
        saved={saved}
        collections={collections.data.data}
        components={components.data.data}
        isReadOnly={!canWrite}
      />
    </div>
  );
}
