import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportTransactionsSchema,
  recentPaymentsQuerySchema,
  recentPaymentsSchema,
  reportTransactionPageSchema,
  reportTransactionsQuerySchema,
} from '@paylane/shared/contracts/payment-report';
import type { AppContext } from '../../context';
import { actorOf } from '../../kit/actor';
import { pageAnswer } from '../../kit/paging';
import { merchantParams } from '../../kit/path-params';
import { currentMerchantAccess } from '../../plugins/access';
import { exportTransactions } from './export-transactions.service';
import { createReportCounting, listRecentPayments, listReportTransactions } from './payment-report.service';

/** The payment report and its export (docs/product.md §2 /payment-report, §7) and Home's recent payments (§9). */
export const paymentReportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const merchantOf = (request: Parameters<typeof currentMerchantAccess>[0]) =>
    currentMerchantAccess(request).merchant;
  const counting = createReportCounting(ctx.now);

  app.get(
    '/api/merchants/:merchant_id/report-transactions/',
    {
      config: { access: { merchant: 'viewPaymentReports' } },
      schema: {
        params: merchantParams,
        querystring: reportTransactionsQuerySchema,
        response: { 200: reportTransactionPageSchema },
      },
    },
    async (request) => {
      const { isCountCapped, ...slice } = await listReportTransactions(
        ctx.db,
        counting,
        merchantOf(request),
        request.query,
      );
      return { ...pageAnswer(request, slice), is_count_capped: isCountCapped };
    },
  );

  app.post(
    '/api/merchants/:merchant_id/export_transactions/',
    {
      config: { access: { merchant: 'viewPaymentReports' } },
      schema: { params: merchantParams, body: exportTransactionsSchema },
    },
    async (request, reply) => {
      const file = await exportTransactions(ctx, actorOf(request), merchantOf(request), request.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-total-count', String(file.rowCount))
        .header('cache-control', 'no-store')
        .send(file.csv);
    },
  );

  app.get(
    '/api/merchants/:merchant_id/recent_payments/',
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: merchantParams,
        querystring: recentPaymentsQuerySchema,
        response: { 200: recentPaymentsSchema },
      },
    },
    (request) => listRecentPayments(ctx, merchantOf(request), request.query.like),
  );
};
