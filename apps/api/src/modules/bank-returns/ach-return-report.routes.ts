import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  achReturnPageSchema,
  achReturnQuerySchema,
  returnRatesSchema,
} from '@paylane/shared/contracts/bank-returns';
import { pageQuerySchema } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { merchantIdOf } from '../../kit/actor';
import { pageAnswer } from '../../kit/paging';
import { merchantParams, merchantPath } from '../../kit/path-params';
import { currentMerchantAccess } from '../../plugins/access';
import { listAccountReturns, listAchReturns, returnRates } from './ach-return-report.service';

// The report and gauge are payment reports (docs/product.md §6: admins and staff where the merchant allows);
// an account's own returns are part of the customer page, for every member.
const reports = { access: { merchant: 'viewPaymentReports' } } as const;

export const achReturnRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/ach_return_report/',
    {
      config: reports,
      schema: {
        params: merchantParams,
        querystring: achReturnQuerySchema,
        response: { 200: achReturnPageSchema },
      },
    },
    async (request) => {
      const { merchant } = currentMerchantAccess(request);
      const slice = await listAchReturns(
        ctx,
        { id: merchant.id, timeZone: merchant.timeZone },
        request.query,
      );
      return pageAnswer(request, slice);
    },
  );

  app.get(
    '/api/merchants/:merchant_id/ach_return_rates/',
    { config: reports, schema: { params: merchantParams, response: { 200: returnRatesSchema } } },
    async (request) => returnRates(ctx, merchantIdOf(request)),
  );

  app.get(
    '/api/merchants/:merchant_id/customers/:customer_id/accounts/:account_id/bank_returns/',
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: merchantPath('customer_id', 'account_id'),
        querystring: pageQuerySchema,
        response: { 200: achReturnPageSchema },
      },
    },
    async (request) =>
      pageAnswer(
        request,
        await listAccountReturns(
          ctx,
          {
            merchantId: merchantIdOf(request),
            customerId: request.params.customer_id,
            accountId: request.params.account_id,
          },
          request.query,
        ),
      ),
  );
};
