import type { CreatedApiToken } from '@plinth/contract';
import { SecretDialog } from '../../../components/ui/secret-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiOrigin } from '../../../lib/api-origin';
import { useCollections } from '../../../lib/project-queries';
import { graphqlListField } from '../examples';
import { canReadContent } from '../scopes';
import { TokenExamples } from './token-examples';

const PLACEHOLDER_COLLECTION = 'articles';

/** The new token, once: copy it, and try it with ready-to-run requests that hold it. */
export function TokenCreatedDialog({
  projectId,
  token,
  onDone,
}: {
  projectId: string;
  token: CreatedApiToken | null;
  onDone: () => void;
}) {
  const collections = useCollections(projectId);
  const list = collections.data?.data ?? [];
  const first = list.find((collection) => collection.kind === 'collection') ?? list[0];
  const collection = first?.slug ?? PLACEHOLDER_COLLECTION;
  const graphqlField = first ? graphqlListField(list, first.slug) : PLACEHOLDER_COLLECTION;
  return (
    <SecretDialog
      isOpen={token !== null}
      title={`Token “${token?.name ?? ''}” created`}
      description={
        <>
          Send it with each request as{' '}
          <code className="font-mono text-slate-800">Authorization: Bearer &lt;token&gt;</code>.
        </>
      }
      secretLabel="API token"
      noun="token"
      secret={token?.token ?? ''}
      warning={
        <p>
          <strong className="font-semibold">Copy this token now.</strong> It is stored only as a hash, so it will not be
          shown again. If you lose it, revoke it and create a new one.
        </p>
      }
      onDone={onDone}
    >
      {token ? (
        <section aria-labelledby="token-examples-heading" className="space-y-2">
          <h3 id="token-examples-heading" className="font-semibold text-slate-900">
            Try it
          </h3>
          <p className="text-slate-600">
            These requests hold this project’s ID and the new token; run one to check the token works.
            {collections.isPending ? null : first ? (
              <>
                {' '}
                They list documents of <code className="font-mono text-slate-800">{collection}</code>, the project’s
                first collection.
              </>
            ) : collections.isError ? (
              <>
                {' '}
                We could not load the project’s collections, so they use{' '}
                <code className="font-mono text-slate-800">{collection}</code> as a placeholder: put the slug of your
                collection in its place.
              </>
            ) : (
              <>
                {' '}
                The project has no collections yet, so they use{' '}
                <code className="font-mono text-slate-800">{collection}</code> as a placeholder: put the slug of your
                collection in its place.
              </>
            )}
          </p>
          {canReadContent(token.scopes) ? null : (
            <p className="text-slate-600">
              This token has no <code className="font-mono">content:</code> scope, so these requests will answer 403:
              they need a token that may read content.
            </p>
          )}
          {collections.isPending ? (
            <div role="status" aria-label="Loading the examples" className="space-y-2">
              <Skeleton className="h-8 w-72" />
              <Skeleton className="h-28" />
            </div>
          ) : (
            <TokenExamples
              baseUrl={apiOrigin()}
              projectId={projectId}
              token={token.token}
              collection={collection}
              graphqlField={graphqlField}
            />
          )}
        </section>
      ) : null}
    </SecretDialog>
  );
}
