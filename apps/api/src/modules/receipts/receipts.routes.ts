import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendReceiptSchema, sentReceiptSchema } from '@paylane/shared/contracts/receipts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantPath } from '../../kit/path-params';
import { downloadReceipt } from './download-receipt.service';
import { sendReceipt } from './send-receipt.service';

const params = merchantPath('customer_id', 'account_id', 'transaction_id');
const path =
  '/api/merchants/:merchant_id/customers/:customer_id/accounts/:account_id/transactions/:transaction_id/';
// docs/conventions.md §4: writes that send messages accept an Idempotency-Key.
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() });

/**
 * A payment's receipt (docs/product.md §7 send_receipt, download_receipt; issue 17 item 2), beside the payment's
 * other calls. Any member of the merchant may send or print one: it tells the customer what they already paid.
 */
export const receiptRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    `${path}send_receipt/`,
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params,
        headers: idempotencyHeaders,
        body: sendReceiptSchema,
        response: { 201: sentReceiptSchema },
      },
    },
    async (request, reply) => {
      const sent = await sendReceipt(ctx, actorOf(request), {
        customerId: request.params.customer_id,
        accountId: request.params.account_id,
        paymentId: request.params.transaction_id,
        channel: request.body.channel,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
      });
      return reply.code(201).send(sent);
    },
  );

  app.get(
    `${path}download_receipt/`,
    { config: { access: { merchant: 'member' } }, schema: { params } },
    async (request, reply) => {
      const file = await downloadReceipt(ctx, {
        merchantId: merchantIdOf(request),
        customerId: request.params.customer_id,
        accountId: request.params.account_id,
        paymentId: request.params.transaction_id,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.pdf);
    },
  );
};
