import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { movePaymentSchema, paymentMoveSchema } from '@paylane/shared/contracts/payment-moves';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../kit/actor';
import { merchantPath } from '../../kit/path-params';
import { movePayment } from './move-payment.service';

const path =
  '/api/merchants/:merchant_id/customers/:customer_id/accounts/:account_id/transactions/:transaction_id/move_payment/';
// docs/conventions.md §4: writes that move money accept an Idempotency-Key.
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(255).optional() });

/**
 * move_payment (docs/product.md §7; the /customers/move-payment page): moves money between two accounts'
 * amounts due, so it needs the right to undo money already recorded (correctPayments: admins, or a custom
 * role with is_payment_refund_allowed), as refunds and corrections do.
 */
export const paymentMoveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    path,
    {
      config: { access: { merchant: 'correctPayments' } },
      schema: {
        params: merchantPath('customer_id', 'account_id', 'transaction_id'),
        headers: idempotencyHeaders,
        body: movePaymentSchema,
        response: { 200: paymentMoveSchema },
      },
    },
    async (request) =>
      movePayment(ctx, actorOf(request), {
        customerId: request.params.customer_id,
        accountId: request.params.account_id,
        paymentId: request.params.transaction_id,
        targetAccountId: request.body.to_account,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
      }),
  );
};
