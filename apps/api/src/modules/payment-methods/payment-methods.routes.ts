import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  binInfoSchema,
  binSchema,
  methodEntrySchema,
  methodEntryStartSchema,
  paymentMethodCreateSchema,
  paymentMethodOptionSchema,
  paymentMethodPageSchema,
  paymentMethodUpdateSchema,
} from '@paylane/shared/contracts/payment-methods';
import { pageQuerySchema } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import {
  addCustomerPaymentMethod,
  listCustomerPaymentMethods,
  lookupCardBin,
  removePaymentMethod,
  renamePaymentMethod,
  startCustomerMethodEntry,
} from './payment-methods.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, merchantPath } from '../../kit/path-params';

const customerParams = merchantPath('customer_id');
const methodParams = merchantPath('customer_id', 'payment_method_id');
const methodPath = '/api/merchants/:merchant_id/customers/:customer_id/payment_methods/:payment_method_id/';

/** docs/product.md §2 customer page, payment-methods sub-view: list, add through the hosted entry, rename, remove. */
export const paymentMethodRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/customers/:customer_id/payment_methods/',
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: customerParams,
        querystring: pageQuerySchema,
        response: { 200: paymentMethodPageSchema },
      },
    },
    async (request) =>
      pageAnswer(
        request,
        await listCustomerPaymentMethods(
          ctx,
          merchantIdOf(request),
          request.params.customer_id,
          request.query,
        ),
      ),
  );

  // Adding a method (issue 16): open the processor's hosted entry, then save what the payer entered there.
  // Customer edits, so the customer-update capability, as renaming and removing.
  app.post(
    '/api/merchants/:merchant_id/customers/:customer_id/payment_methods/entry/',
    {
      config: { access: { merchant: 'updateCustomer' } },
      schema: {
        params: customerParams,
        body: methodEntryStartSchema,
        response: { 201: methodEntrySchema },
      },
    },
    async (request, reply) => {
      const entry = await startCustomerMethodEntry(
        ctx,
        actorOf(request),
        request.params.customer_id,
        request.body.kind,
      );
      return reply.code(201).send(entry);
    },
  );

  app.post(
    '/api/merchants/:merchant_id/customers/:customer_id/payment_methods/',
    {
      config: { access: { merchant: 'updateCustomer' } },
      schema: {
        params: customerParams,
        body: paymentMethodCreateSchema,
        response: { 201: paymentMethodOptionSchema },
      },
    },
    async (request, reply) => {
      const method = await addCustomerPaymentMethod(
        ctx,
        actorOf(request),
        request.params.customer_id,
        request.body,
      );
      return reply.code(201).send(method);
    },
  );

  // Brand and funding of a card from its first 6 to 8 digits (docs/product.md §7 bins), so the take-payment
  // form can say whether a convenience fee applies before the card is charged.
  app.get(
    '/api/merchants/:merchant_id/bins/:bin/',
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: merchantParams.extend({ bin: binSchema }),
        response: { 200: binInfoSchema },
      },
    },
    async (request) => lookupCardBin(ctx, request.params.bin),
  );

  // Rename and remove a saved method (issue 16): customer edits, so the customer-update capability.
  app.patch(
    methodPath,
    {
      config: { access: { merchant: 'updateCustomer' } },
      schema: {
        params: methodParams,
        body: paymentMethodUpdateSchema,
        response: { 200: paymentMethodOptionSchema },
      },
    },
    async (request) =>
      renamePaymentMethod(
        ctx,
        actorOf(request),
        { customerId: request.params.customer_id, id: request.params.payment_method_id },
        request.body.nickname,
      ),
  );

  app.delete(
    methodPath,
    { config: { access: { merchant: 'updateCustomer' } }, schema: { params: methodParams } },
    async (request, reply) => {
      await removePaymentMethod(ctx, actorOf(request), {
        customerId: request.params.customer_id,
        id: request.params.payment_method_id,
      });
      return reply.code(204).send();
    },
  );
};
