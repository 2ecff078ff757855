import { useNavigate, useParams } from 'react-router';
import { RequireAction } from '../../../components/require-action';
import { PageHeading } from '../../../components/ui/page-heading';
import { WebhookDetail } from '../../../features/webhooks/components/webhook-detail';
import { projectPath, useCan, useCurrentProject } from '../../../lib/current-project';

/**
 * /app/projects/:projectId/webhooks/:webhookId: one webhook's settings and delivery log (the page
 * the "webhook turned off" email links to).
 */
export function Component() {
  const project = useCurrentProject();
  const { webhookId = '' } = useParams();
  const navigate = useNavigate();
  const canManage = useCan('webhooks.manage');
  return (
    <div className="space-y-6">
      {canManage ? null : <PageHeading title="Webhook" />}
      <RequireAction action="webhooks.manage" what="manage webhooks">
        <WebhookDetail
          projectId={project.id}
          webhookId={webhookId}
          onDeleted={() => navigate(projectPath(project.id, 'webhooks'), { replace: true })}
        />
      </RequireAction>
    </div>
  );
}
