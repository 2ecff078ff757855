import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { apiOrigin } from '../../../lib/api-origin';
import { projectEndpoints } from '../examples';

function Row({ term, value, copyLabel }: { term: string; value: string; copyLabel: string }) {
  return (
    <div className="min-w-0 py-2.5 sm:grid sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-center sm:gap-4">
      <dt className="font-medium text-slate-600 text-sm">{term}</dt>
      <dd className="mt-1 flex min-w-0 items-start gap-2 sm:mt-0">
        <code className="min-w-0 flex-1 break-all font-mono text-slate-900 text-xs leading-6">{value}</code>
        <CopyButton value={value} label={copyLabel} />
      </dd>
    </div>
  );
}

/** What a client needs besides a token: the project's ID and where its REST and GraphQL APIs answer. */
export function ProjectConnection({ projectId }: { projectId: string }) {
  const endpoints = projectEndpoints(projectId, apiOrigin());
  return (
    <Card
      title="Connect to this project"
      description="What your site, app or script needs besides a token. The examples shown with a new token already hold them."
    >
      <dl className="-my-2.5 divide-y divide-slate-100">
        <Row term="Project ID" value={projectId} copyLabel="Copy project ID" />
        <Row term="REST API" value={endpoints.rest} copyLabel="Copy REST URL" />
        <Row term="GraphQL endpoint" value={endpoints.graphql} copyLabel="Copy GraphQL URL" />
      </dl>
    </Card>
  );
}
