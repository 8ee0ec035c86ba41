import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autopayFailurePageSchema,
  autopayFailuresQuerySchema,
  autopayQuerySchema,
  autopaySchema,
  autopaySummaryQuerySchema,
  autopaySummarySchema,
  enrolAutopaySchema,
} from '@paylane/shared/contracts/autopay';
import type { AppContext } from '../../context';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { pageAnswer } from '../../kit/paging';
import { merchantParams, merchantPath } from '../../kit/path-params';
import { currentMerchantAccess } from '../../plugins/access';
import { checkAutopayPath, enrolAutopay, getAutopay, stopAccountAutopay } from './autopay-enrol.service';
import { autopaySummary, listAutopayFailures } from './autopay-reports.service';

const path = '/api/merchants/:merchant_id/customers/:customer_id/accounts/:account_id/autopay/';
// Setting autopay up and stopping it is for whoever may take a payment (docs/product.md §6: every member).
const member = { access: { merchant: 'member' } } as const;

const accountPathOf = (request: FastifyRequest) => {
  const params = request.params as { customer_id: string; account_id: string };
  return { merchantId: merchantIdOf(request), customerId: params.customer_id, accountId: params.account_id };
};

/** Autopay enrolment and the autopay reports (issue 18 items 1 and 5). */
export const autopayRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const merchantOf = (request: FastifyRequest) => {
    const { merchant } = currentMerchantAccess(request);
    return { id: merchant.id, timeZone: merchant.timeZone };
  };

  app.get(
    path,
    {
      config: member,
      schema: {
        params: merchantPath('customer_id', 'account_id'),
        querystring: autopayQuerySchema,
        response: { 200: autopaySchema },
      },
    },
    async (request) => getAutopay(ctx, accountPathOf(request), request.query),
  );

  app.post(
    path,
    {
      config: member,
      // Before validation: another merchant's customer or account is refused whatever the body says.
      preValidation: async (request) => void (await checkAutopayPath(ctx, accountPathOf(request))),
      schema: {
        params: merchantPath('customer_id', 'account_id'),
        body: enrolAutopaySchema,
        response: { 201: autopaySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await enrolAutopay(ctx, actorOf(request), accountPathOf(request), request.body)),
  );

  app.delete(
    path,
    {
      config: member,
      schema: { params: merchantPath('customer_id', 'account_id'), response: { 200: autopaySchema } },
    },
    async (request) => stopAccountAutopay(ctx, actorOf(request), accountPathOf(request)),
  );

  app.get(
    '/api/merchants/:merchant_id/autopay_summary/',
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: autopaySummaryQuerySchema,
        response: { 200: autopaySummarySchema },
      },
    },
    async (request) => autopaySummary(ctx, merchantOf(request), request.query),
  );

  app.get(
    '/api/merchants/:merchant_id/autopay_failures/',
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: autopayFailuresQuerySchema,
        response: { 200: autopayFailurePageSchema },
      },
    },
    async (request) =>
      pageAnswer(request, await listAutopayFailures(ctx, merchantOf(request), request.query)),
  );
};
