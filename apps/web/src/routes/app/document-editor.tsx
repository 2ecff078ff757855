import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../components/ui/query-state';
import { useEditorDocument } from '../../features/document-editor/api/document';
import { DocumentEditor } from '../../features/document-editor/components/document-editor';
import { isNotFound } from '../../lib/api-client';
import { projectPath, useCurrentProject } from '../../lib/current-project';
import { useCollections, useComponents } from '../../lib/project-queries';

/**
 * /app/projects/:projectId/document-editor/:collection/:id (and `/new`): one document's form,
 * in the locale of `?locale=` (the project's default locale otherwise).
 */
export function Component() {
  const project = useCurrentProject();
  const { collection: slug = '', id = 'new' } = useParams();
  const [params, setParams] = useSearchParams();

  const documentId = id === 'new' ? null : id;
  const location = useLocation();
  const navigate = useNavigate();
  // One form per visit: a new document keeps it when it is created and gets its address, and
  // switching locales keeps it too, so typing goes on undisturbed (navigations here carry the key).
  const editorKey = (location.state as { editorKey?: string } | null)?.editorKey ?? documentId ?? `new:${location.key}`;
  const collections = useCollections(project.id);
  const components = useComponents(project.id);
  const document = useEditorDocument(project.id, slug, documentId);
  const wanted = params.get('locale');
  const locale = wanted && project.locales.includes(wanted) ? wanted : project.default_locale;
  const back = (
    <Link
      to={projectPath(project.id, `content?collection=${encodeURIComponent(slug)}`)}
      className="text-indigo-700 text-sm underline-offset-2 hover:underline"
    >
      Back to the list
    </Link>
  );

  if (collections.isPending || components.isPending || (documentId !== null && document.isPending)) {
    return <Loading label="Opening the document…" />;
  }
  if (components.isError) {
    return (
      <LoadError
        title="We could not load the content model."
        error={components.error}
        onRetry={() => components.refetch()}
      />
    );
  }
  if (collections.isError) {
    return (
      <LoadError
        title="We could not load the content model."
        error={collections.error}
        onRetry={() => collections.refetch()}
      />
    );
  }
  const collection = collections.data.data.find((candidate) => candidate.slug === slug);
  if (!collection || (document.isError && isNotFound(document.error))) {
    return (
      <div className="space-y-3">
        <h1 className="font-bold text-2xl text-slate-900">Document not found</h1>
        <p className="text-slate-600">It may have been deleted, or the link is wrong.</p>
        {back}
      </div>
    );
  }
  if (document.isError) {
    return (
      <LoadError title="We could not load the document." error={document.error} onRetry={() => document.refetch()} />
    );
  }
  return (
    <div className="space-y-4">
      {back}
      <DocumentEditor
        key={editorKey}
        project={project}
        collection={collection}
        collections={collections.data.data}
        components={components.data.data}
        document={document.data?.data ?? null}
        locale={locale}
        onLocaleChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              updated.set('locale', next);
              return updated;
            },
            { replace: true, state: { editorKey } },
          )
        }
        onReload={() => void document.refetch()}
        onCreated={(created) =>
          navigate(projectPath(project.id, `document-editor/${slug}/${created}?locale=${locale}`), {
            replace: true,
            state: { editorKey },
          })
        }
      />
    </div>
  );
}
