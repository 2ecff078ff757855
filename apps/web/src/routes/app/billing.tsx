import type { Billing } from '@plinth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useMatch } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { useChangePlan, useRequestEnterprise } from '../../features/billing/api/change-plan';
import { useBilling } from '../../features/billing/api/get-billing';
import { useProjectOwners } from '../../features/billing/api/get-project-owners';
import { BillingContacts } from '../../features/billing/components/billing-contacts';
import { CheckoutBanner, type CheckoutOutcome } from '../../features/billing/components/checkout-banner';
import { CurrentPlanCard } from '../../features/billing/components/current-plan-card';
import { InvoiceList } from '../../features/billing/components/invoice-list';
import { PlanOptions } from '../../features/billing/components/plan-options';
import { UsageCard } from '../../features/billing/components/usage-card';
import { useCheckoutReturn } from '../../features/billing/hooks/use-checkout-return';
import { usePlans } from '../../features/pricing/api/get-plans';
import { useProjectUsage } from '../../features/projects/api/get-project-usage';
import { projectKeys } from '../../features/projects/api/get-projects';
import { useCan, useCurrentProject } from '../../lib/current-project';

/** Whether the billing state says a paid plan (what a completed Checkout leads to). */
const isPaidPlan = (billing: Billing | undefined) => billing !== undefined && billing.price_cents !== 0;

/**
 * `/app/projects/:projectId/billing`, and the same screen as the Billing tab of the project's
 * settings (`settings/billing`, under the settings heading). Owners manage the plan and see
 * invoices; other members read the plan and usage and learn whom to ask.
 */
export function Component() {
  const project = useCurrentProject();
  const canManage = useCan('billing.manage');
  const inSettings = useMatch('/app/projects/:projectId/settings/billing') !== null;
  const queryClient = useQueryClient();
  const checkout = useCheckoutReturn();

  // The project (its plan, which the shell's switcher shows) and its usage (the plan's limits)
  // change with the plan.
  const related = useMemo(
    () => [projectKeys.detail(project.id), projectKeys.lists(), projectKeys.usage(project.id)],
    [project.id],
  );
  const plans = usePlans();
  const usage = useProjectUsage(project.id);
  const billing = useBilling(project.id, {
    enabled: canManage,
    // Back from a payment: read again until Stripe's webhook has changed the plan.
    pollWhile: (data) => checkout.result === 'success' && checkout.isWaiting && !isPaidPlan(data),
  });
  const owners = useProjectOwners(project.id, { enabled: !canManage });
  const changePlan = useChangePlan({ projectId: project.id, alsoInvalidate: related });
  const requestEnterprise = useRequestEnterprise({ projectId: project.id });

  const billingPlan = billing.data?.data.plan;
  useEffect(() => {
    // Billing knows of a plan the project does not show yet (a payment Stripe just confirmed).
    if (billingPlan && billingPlan !== project.plan) {
      for (const queryKey of related) void queryClient.invalidateQueries({ queryKey });
    }
  }, [billingPlan, project.plan, related, queryClient]);

  const planId = billingPlan ?? project.plan;
  const plan = plans.data?.data.find((item) => item.id === planId);
  const usageData = usage.data?.data;
  const billingData = billing.data?.data;
  const period = billingData
    ? { start: billingData.current_period_start, end: billingData.current_period_end }
    : usageData
      ? { start: usageData.period_start, end: usageData.period_end }
      : undefined;
  const checkoutOutcome: CheckoutOutcome | null =
    checkout.result === 'cancelled'
      ? { kind: 'cancelled' }
      : checkout.result === 'success'
        ? isPaidPlan(billingData)
          ? { kind: 'confirmed', planName: plan?.name ?? planId }
          : { kind: checkout.isWaiting ? 'pending' : 'unconfirmed' }
        : null;

  return (
    <div className="space-y-6">
      {inSettings ? null : (
        <PageHeading
          title="Billing"
          description={`The plan, this period's usage and the invoices of ${project.name}.`}
        />
      )}
      <CheckoutBanner outcome={checkoutOutcome} onDismiss={checkout.dismiss} />
      {canManage ? null : <BillingContacts role={project.role} owners={owners.data} isLoading={owners.isPending} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <CurrentPlanCard
          planId={planId}
          plan={plan}
          billing={billingData}
          period={period}
          isLoading={plans.isPending || (canManage && billing.isPending)}
          error={billing.data ? null : billing.error}
          onRetry={() => billing.refetch()}
        />
        <UsageCard usage={usageData} error={usage.error} onRetry={() => usage.refetch()} />
      </div>
      <PlanOptions
        projectName={project.name}
        plans={plans.data?.data}
        plansError={plans.error}
        onRetryPlans={() => plans.refetch()}
        currentPlanId={planId}
        billing={billingData}
        usage={usageData}
        canManage={canManage}
        controls={{
          change: async (plan) => (await changePlan.mutateAsync(plan)).data.checkout_url,
          isChanging: changePlan.isPending,
          requestEnterprise: () => requestEnterprise.mutateAsync(),
          isRequesting: requestEnterprise.isPending,
        }}
      />
      {canManage ? <InvoiceList projectId={project.id} isEnterprise={planId === 'enterprise'} /> : null}
    </div>
  );
}
