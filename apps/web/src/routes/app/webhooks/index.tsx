import type { CreatedWebhook } from '@plinth/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RequireAction } from '../../../components/require-action';
import { Button } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { WebhookFormDialog } from '../../../features/webhooks/components/webhook-form-dialog';
import { WebhookList } from '../../../features/webhooks/components/webhook-list';
import { WebhookSecretDialog } from '../../../features/webhooks/components/webhook-secret-dialog';
import { projectPath, useCan, useCurrentProject } from '../../../lib/current-project';

/** /app/projects/:projectId/webhooks: the project's webhooks (owners and admins manage them). */
export function Component() {
  const project = useCurrentProject();
  const canManage = useCan('webhooks.manage');
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <div className="space-y-6">
      <PageHeading
        title="Webhooks"
        description={
          <>
            Plinth sends a signed POST to your endpoints when documents, media or collections change, and retries for
            hours when they fail. See the{' '}
            <Link to="/docs#webhooks" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              webhooks docs
            </Link>{' '}
            for payloads and signatures. Owners and admins manage webhooks.
          </>
        }
        actions={
          <Button
            onClick={() => setCreating(true)}
            disabled={!canManage}
            title={canManage ? undefined : 'Only owners and admins can add webhooks'}
          >
            <Plus className="size-4" aria-hidden />
            Add webhook
          </Button>
        }
      />
      <RequireAction action="webhooks.manage" what="manage webhooks">
        <WebhookList projectId={project.id} onCreate={() => setCreating(true)} />
        <WebhookFormDialog
          projectId={project.id}
          isOpen={isCreating}
          onClose={() => setCreating(false)}
          onCreated={(webhook) => {
            setCreating(false);
            setCreated(webhook);
          }}
        />
        <WebhookSecretDialog
          webhook={created}
          onDone={() => {
            const id = created?.id;
            setCreated(null);
            // Next step: send a test from the new webhook's page.
            if (id) navigate(projectPath(project.id, `webhooks/${id}`));
          }}
        />
      </RequireAction>
    </div>
  );
}
