import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@paylane/shared/contracts/paging';
import {
  accountTransactionPageSchema,
  miscPaymentPageSchema,
  miscPaymentSchema,
  takePaymentAnswerSchema,
  takePaymentSchema,
  transactionSchema,
  updatePaymentStatusSchema,
} from '@paylane/shared/contracts/payments';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { pageAnswer } from '../../kit/paging';
import { merchantParams, merchantPath } from '../../kit/path-params';
import { callerCan } from '../../plugins/access';
import { markCounterPaymentFailed } from './correct-payment.service';
import { listMerchantMiscPayments, takeMiscPayment } from './misc-payment.service';
import { readerRequestOf, takeAccountPayment } from './take-payment.service';
import { listAccountTransactions, toTransaction } from './transactions.service';

const accountParams = merchantPath('customer_id', 'account_id');
const path = '/api/merchants/:merchant_id/customers/:customer_id/accounts/:account_id/transactions/';
// docs/conventions.md §4: writes that move money accept an Idempotency-Key; Stripe's limit is 255 characters.
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(255).optional() });

/** An account's payments (docs/product.md §7 transactions) and taking one ('Take Payment', issue 16). */
export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    path,
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: accountParams,
        querystring: pageQuerySchema,
        response: { 200: accountTransactionPageSchema },
      },
    },
    async (request) => {
      const slice = await listAccountTransactions(
        ctx,
        {
          merchantId: merchantIdOf(request),
          customerId: request.params.customer_id,
          accountId: request.params.account_id,
        },
        request.query,
      );
      return { ...pageAnswer(request, slice), card_fee: slice.card_fee };
    },
  );

  app.post(
    path,
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: accountParams,
        headers: idempotencyHeaders,
        body: takePaymentSchema,
        response: { 201: takePaymentAnswerSchema },
      },
    },
    async (request, reply) => {
      const payment = await takeAccountPayment(
        ctx,
        {
          actor: actorOf(request),
          canWaiveFee: callerCan(request, 'waivePaymentFee'),
          canExceedRoleLimits: callerCan(request, 'exceedRolePaymentLimits'),
        },
        {
          ...request.body,
          customerId: request.params.customer_id,
          accountId: request.params.account_id,
          idempotencyKey: request.headers['idempotency-key'] ?? null,
        },
      );
      const reader = await readerRequestOf(ctx, payment);
      return reply.code(201).send({
        ...toTransaction(payment),
        reader: reader && { request_id: reader.readerRequestId, simulated: reader.simulated },
      });
    },
  );

  // update_payment_status (docs/product.md §7): correcting a cash, check or money order payment, audited.
  app.post(
    `${path}:transaction_id/update_payment_status/`,
    {
      config: { access: { merchant: 'correctPayments' } },
      schema: {
        params: merchantPath('customer_id', 'account_id', 'transaction_id'),
        body: updatePaymentStatusSchema,
        response: { 200: transactionSchema },
      },
    },
    async (request) =>
      toTransaction(
        await markCounterPaymentFailed(ctx, actorOf(request), {
          customerId: request.params.customer_id,
          accountId: request.params.account_id,
          paymentId: request.params.transaction_id,
          reason: request.body.reason,
        }),
      ),
  );

  // Misc payments (docs/product.md §2 /merchants/{merchantID}/misc-payment/**): down payments and other
  // counter payments that belong to no account yet.
  const miscPath = '/api/merchants/:merchant_id/misc-payment/';
  app.get(
    miscPath,
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: merchantParams,
        querystring: pageQuerySchema.extend({ customer_id: z.string().optional() }),
        response: { 200: miscPaymentPageSchema },
      },
    },
    async (request) =>
      pageAnswer(request, await listMerchantMiscPayments(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    miscPath,
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: merchantParams,
        headers: idempotencyHeaders,
        body: miscPaymentSchema,
        response: { 201: transactionSchema },
      },
    },
    async (request, reply) => {
      const payment = await takeMiscPayment(
        ctx,
        {
          actor: actorOf(request),
          canWaiveFee: false,
          canExceedRoleLimits: callerCan(request, 'exceedRolePaymentLimits'),
        },
        { ...request.body, idempotencyKey: request.headers['idempotency-key'] ?? null },
      );
      return reply.code(201).send(toTransaction(payment));
    },
  );
};
