import { useParams, useSearchParams } from 'react-router';
import { RequireAction } from '../../components/require-action';
import { PageHeading } from '../../components/ui/page-heading';
import { type EditorTarget, ModelEditor } from '../../features/content-model/components/model-editor';
import { useCan } from '../../lib/current-project';

/**
 * /app/projects/:projectId/collection-editor[/:slug]: the model editor. `/:slug` edits a collection,
 * `?component=name` a component, `?new=component` creates one; the bare path creates a collection.
 */
export function Component() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const canWrite = useCan('schema.write');
  const componentName = params.get('component');
  const target: EditorTarget = slug
    ? { mode: 'collection', slug }
    : componentName
      ? { mode: 'component', name: componentName }
      : params.get('new') === 'component'
        ? { mode: 'component', name: null }
        : { mode: 'collection', slug: null };
  const isNew = (target.mode === 'collection' ? target.slug : target.name) === null;
  if (isNew && !canWrite) {
    return (
      <div className="space-y-6">
        <PageHeading title={target.mode === 'collection' ? 'New collection' : 'New component'} />
        <RequireAction action="schema.write" what="change the content model">
          {null}
        </RequireAction>
      </div>
    );
  }
  // A fresh editor for each model: its form starts from that model's saved state.
  const key = target.mode === 'collection' ? `collection:${target.slug ?? ''}` : `component:${target.name ?? ''}`;
  return <ModelEditor key={key} target={target} />;
}
