import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerNotePageSchema,
  customerNoteSchema,
  customerNoteWriteSchema,
} from '@paylane/shared/contracts/customer-notes';
import { pageQuerySchema } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import {
  checkNotePath,
  createCustomerNote,
  listCustomerNotes,
  updateCustomerNote,
} from './customer-notes.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantPath } from '../../kit/path-params';

const customerParams = merchantPath('customer_id');
const noteParams = customerParams.extend({ note_id: z.string() });
// An edit changes the text only; the account a note is about is fixed when it is written.
const noteUpdateSchema = customerNoteWriteSchema.pick({ body: true });

/** docs/product.md §2 customer page, notes sub-view: members read; writing needs is_note_update_allowed (updateNotes). */
export const customerNoteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;
  const write = { access: { merchant: 'updateNotes' } } as const;
  const base = '/api/merchants/:merchant_id/customers/:customer_id/notes/';
  // Runs before validation: another merchant's customer or note is refused whatever the body says.
  const checkPath = async (request: FastifyRequest) => {
    const params = request.params as { customer_id: string; note_id?: string };
    await checkNotePath(ctx, merchantIdOf(request), {
      customerId: params.customer_id,
      noteId: params.note_id,
    });
  };

  app.get(
    base,
    {
      config: member,
      schema: {
        params: customerParams,
        querystring: pageQuerySchema,
        response: { 200: customerNotePageSchema },
      },
    },
    async (request) =>
      pageAnswer(
        request,
        await listCustomerNotes(ctx, merchantIdOf(request), request.params.customer_id, request.query),
      ),
  );

  app.post(
    base,
    {
      config: write,
      preValidation: checkPath,
      schema: {
        params: customerParams,
        body: customerNoteWriteSchema,
        response: { 201: customerNoteSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCustomerNote(ctx, actorOf(request), request.params.customer_id, request.body)),
  );

  app.put(
    `${base}:note_id/`,
    {
      config: write,
      preValidation: checkPath,
      schema: { params: noteParams, body: noteUpdateSchema, response: { 200: customerNoteSchema } },
    },
    (request) =>
      updateCustomerNote(
        ctx,
        actorOf(request),
        { customerId: request.params.customer_id, noteId: request.params.note_id },
        request.body,
      ),
  );
};
