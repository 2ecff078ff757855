import type { PlanChangeResult, PlanId } from '@plinth/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { billingKeys } from './get-billing';

const PLAN_NAMES: Record<PlanId, string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };

function postPlan(projectId: string, plan: PlanId): Promise<{ data: PlanChangeResult }> {
  return api.request<{ data: PlanChangeResult }>(`/api/v1/projects/${encodeURIComponent(projectId)}/billing/plan`, {
    method: 'POST',
    body: { plan },
  });
}

/** Changes the plan (owners only). With Stripe the answer carries `checkout_url` and nothing has changed yet. */
export function changePlan({ projectId, plan }: { projectId: string; plan: PlanId }) {
  return postPlan(projectId, plan);
}

/**
 * A self-service plan change. When it applies at once (the manual provider), the billing state,
 * the invoices and `alsoInvalidate` (the project and its usage, whose limits changed) are
 * refreshed; when the answer is a Stripe Checkout URL, the caller sends the browser there.
 */
export function useChangePlan({ projectId, alsoInvalidate = [] }: { projectId: string; alsoInvalidate?: QueryKey[] }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanId) => changePlan({ projectId, plan }),
    onSuccess: async (answer) => {
      if (answer.data.checkout_url) return;
      queryClient.setQueryData(billingKeys.detail(projectId), { data: answer.data });
      await Promise.all(
        [billingKeys.project(projectId), ...alsoInvalidate].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    meta: {
      toasts: {
        success: (answer) => {
          const { data } = answer as { data: PlanChangeResult };
          return data.checkout_url ? undefined : `The project is now on the ${PLAN_NAMES[data.plan]} plan.`;
        },
        error: 'The plan could not be changed. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}

/**
 * Asks sales for Enterprise. The server records the request (passing it on to sales once a day
 * at most) and answers 400 VALIDATION_FAILED on `plan` ("Contact sales to move to Enterprise"):
 * that answer is this call's success. Any other failure is a failure.
 */
export async function requestEnterprise(projectId: string): Promise<void> {
  try {
    await postPlan(projectId, 'enterprise');
  } catch (error) {
    const isSalesAnswer =
      error instanceof ApiError &&
      error.code === 'VALIDATION_FAILED' &&
      serverFieldErrors(error).some((detail) => detail.path === 'plan');
    if (!isSalesAnswer) throw error;
  }
}

export function useRequestEnterprise({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestEnterprise(projectId),
    // `sales_requested_at` is now set.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.detail(projectId) }),
    meta: {
      toasts: {
        success: 'Your request is with our sales team.',
        error: 'Your request could not be sent. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
