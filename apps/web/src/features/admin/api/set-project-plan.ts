import type { PlanId, Project } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectDataKeys } from '../../../lib/project-queries';
import { type AdminProjectList, adminProjectKeys } from './get-projects';

export function setProjectPlan(projectId: string, plan: PlanId): Promise<{ data: Project }> {
  return api.request<{ data: Project }>(`/api/v1/admin/projects/${encodeURIComponent(projectId)}`, {
    method: 'PATCH',
    body: { plan },
  });
}

export function useSetProjectPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, plan }: { projectId: string; plan: PlanId }) => setProjectPlan(projectId, plan),
    onSuccess: (answer) => {
      // The row shows the new plan at once, while the list is fetched again.
      queryClient.setQueriesData<AdminProjectList>({ queryKey: adminProjectKeys.all }, (list) =>
        list
          ? {
              ...list,
              data: list.data.map((item) => (item.id === answer.data.id ? { ...item, plan: answer.data.plan } : item)),
            }
          : list,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminProjectKeys.all }),
        // The admin may be a member too: their own project screens (billing, usage) show the plan.
        queryClient.invalidateQueries({ queryKey: projectDataKeys.all }),
      ]);
    },
    meta: {
      toasts: {
        success: (answer) => {
          const project = (answer as { data: Project }).data;
          const plan = project.plan.charAt(0).toUpperCase() + project.plan.slice(1);
          return `“${project.name}” is on the ${plan} plan now.`;
        },
        error: 'Could not change the plan. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
