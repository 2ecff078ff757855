import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Billing,
  DataOf,
  Invoice,
  ListOf,
  PageQuery,
  PlanChangeBody,
  PlanChangeResult,
  ProjectParams,
} from '@plinth/contract';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors.js';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses, publicAccess } from '../../lib/route-schemas.js';
import type { BillingService } from './billing.service.js';

const tags = ['billing'];

/**
 * Billing of a project (owner only) and the payment provider's webhook.
 * @example await api.register(billingRoutes, services); // under /api/v1
 */
export const billingRoutes: FastifyPluginAsyncTypebox<{ billing: BillingService }> = async (
  app,
  { billing: service },
) => {
  const { provider } = service;

  app.get('/projects/:projectId/billing', {
    schema: {
      operationId: 'getBilling',
      summary: "Get the project's plan and billing period",
      tags,
      security: bearer,
      description: "The project's plan, price and current billing period (owner only).",
      params: ProjectParams,
      response: { 200: DataOf(Billing), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'billing.manage');
      return { data: await service.get(grant.project.id) };
    },
  });

  app.get('/projects/:projectId/billing/invoices', {
    schema: {
      operationId: 'listInvoices',
      summary: "List the project's invoices",
      tags,
      security: bearer,
      description: "The project's invoices, newest first (owner only).",
      params: ProjectParams,
      querystring: PageQuery,
      response: { 200: ListOf(Invoice), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'billing.manage');
      const page = pageOf(request.query);
      const { items, total } = await service.listInvoices(grant.project.id, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.post('/projects/:projectId/billing/plan', {
    schema: {
      operationId: 'changePlan',
      summary: "Change the project's plan",
      tags,
      security: bearer,
      description:
        'Changes the plan (owner only). With the manual provider the change applies at once and an invoice is ' +
        'recorded; with Stripe the answer carries `checkout_url` and the plan changes once paid. Enterprise is a ' +
        '400 ("Contact sales to move to Enterprise") and the request is passed on to sales, once a day per project. ' +
        'Asking for the current plan changes and bills nothing.',
      params: ProjectParams,
      body: PlanChangeBody,
      response: { 200: DataOf(PlanChangeResult), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'billing.manage');
      return { data: await service.changePlan(grant, request.body.plan) };
    },
  });

  // Stripe signs the exact bytes it sends, so this one route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post('/billing/stripe/webhook', {
      schema: {
        operationId: 'receiveStripeEvent',
        summary: 'Receive a Stripe event',
        security: publicAccess,
        tags,
        description:
          'Stripe events (checkout.session.completed, customer.subscription.deleted, invoice.paid), verified ' +
          'with the Stripe-Signature header; each event id applies once. Events that would change the plan of an ' +
          'Enterprise project (set by an instance admin) are logged and ignored.',
        // Kept as the bytes Stripe signed: the signature, not a schema, decides what is accepted.
        body: Type.Unknown({ description: 'A Stripe event, exactly as Stripe sent it' }),
        response: { 200: Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }), ...errorResponses },
      },
      handler: async (request) => {
        if (!provider.handleWebhook) throw notFound('Route');
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const { duplicate } = await provider.handleWebhook({
          rawBody,
          signature: typeof signature === 'string' ? signature : undefined,
        });
        return { received: true, duplicate };
      },
    });
  });
};
