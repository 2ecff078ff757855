import type { CreatedApiToken } from '@plinth/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { RequireAction } from '../../components/require-action';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { ApiTokenList } from '../../features/api-tokens/components/api-token-list';
import { CreateApiTokenDialog } from '../../features/api-tokens/components/create-api-token-dialog';
import { ProjectConnection } from '../../features/api-tokens/components/project-connection';
import { TokenCreatedDialog } from '../../features/api-tokens/components/token-created-dialog';
import { useCan, useCurrentProject } from '../../lib/current-project';

/** /app/projects/:projectId/api-tokens: the project's API tokens (owners and admins manage them). */
export function Component() {
  const project = useCurrentProject();
  const canManage = useCan('tokens.manage');
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div className="space-y-6">
      <PageHeading
        title="API tokens"
        description={
          <>
            Tokens give websites, apps and scripts access to this project’s REST and GraphQL APIs. Send one as{' '}
            <code className="font-mono text-slate-800 text-sm">Authorization: Bearer &lt;token&gt;</code>; see the{' '}
            <Link to="/docs#authentication" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              authentication docs
            </Link>
            . Owners and admins manage tokens; a token can do what its scopes allow, whoever created it.
          </>
        }
        actions={
          <Button
            onClick={() => setCreating(true)}
            disabled={!canManage}
            title={canManage ? undefined : 'Only owners and admins can create tokens'}
          >
            <Plus className="size-4" aria-hidden />
            Create token
          </Button>
        }
      />
      <RequireAction action="tokens.manage" what="manage API tokens">
        <ApiTokenList projectId={project.id} onCreate={() => setCreating(true)} />
        <CreateApiTokenDialog
          projectId={project.id}
          isOpen={isCreating}
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
        <TokenCreatedDialog projectId={project.id} token={created} onDone={() => setCreated(null)} />
      </RequireAction>
      <ProjectConnection projectId={project.id} />
    </div>
  );
}
