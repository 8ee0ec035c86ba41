import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessagePageSchema,
  chatMessagesQuerySchema,
  sendChatMessageAnswerSchema,
  sendChatMessageSchema,
  uploadMediaAnswerSchema,
} from '@paylane/shared/contracts/chat';
import type { AppContext } from '../../context';
import { cursorPageAnswer } from '../../kit/paging';
import { idOrNotFound } from '../../kit/path-params';
import { notFound } from '../../kit/errors';
import { sendStoredMedia } from '../../lib/media-response';
import { multipartFile } from '../../lib/multipart-file';
import { callerCan, currentMerchantAccess } from '../../plugins/access';
import { findMmsMediaFile, MEDIA_FIELD, storeMmsMedia } from './chat-media.service';
import { checkAccountPath, sendChatMessage, type ChatSender } from './chat-send.service';
import { listChatMessages } from './chat.service';
import { merchantIdOf } from '../../kit/actor';
import { merchantPath } from '../../kit/path-params';

const member = { access: { merchant: 'member' } } as const;
const customerParams = merchantPath('customer_id');
const accountParams = merchantPath('account_id');
const headersSchema = z.object({ 'idempotency-key': z.string().trim().max(200).optional() });

// A signed-in user, or an integration's API key (no user: the message has no staff sender).
function senderOf(request: FastifyRequest): ChatSender {
  const user = request.user;
  return {
    merchantId: merchantIdOf(request),
    userId: user?.id ?? null,
    collectorName: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    mayWriteFreeText: callerCan(request, 'freeText'),
    senderFields: currentMerchantAccess(request).merchant,
  };
}

/** docs/product.md §7 chat: a customer's messages, send_message and upload_mms_media (members). */
export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Runs before validation: another merchant's account is refused whatever the body says.
  const checkAccount = async (request: FastifyRequest) => {
    const accountId = (request.params as { account_id: string }).account_id;
    await checkAccountPath(ctx, merchantIdOf(request), accountId);
  };

  app.get(
    '/api/merchants/:merchant_id/customers/:customer_id/messages/',
    {
      config: member,
      schema: {
        params: customerParams,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagePageSchema },
      },
    },
    async (request) => {
      const customerId = idOrNotFound(request.params.customer_id);
      const merchantId = merchantIdOf(request);
      return cursorPageAnswer(request, await listChatMessages(ctx, merchantId, customerId, request.query));
    },
  );

  app.post(
    '/api/merchants/:merchant_id/accounts/:account_id/send_message/',
    {
      config: member,
      preValidation: checkAccount,
      schema: {
        params: accountParams,
        headers: headersSchema,
        body: sendChatMessageSchema,
        response: { 201: sendChatMessageAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await sendChatMessage(ctx, senderOf(request), {
        accountId: request.params.account_id,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'] || null,
      });
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/merchants/:merchant_id/accounts/:account_id/upload_mms_media/',
    {
      config: member,
      preValidation: checkAccount,
      schema: { params: accountParams, response: { 200: uploadMediaAnswerSchema } },
    },
    async (request) => storeMmsMedia(ctx, await multipartFile(request, MEDIA_FIELD)),
  );

  // Public, outside /api/: the SMS provider fetches the media without our credentials; names are random.
  app.get(
    '/media/mms/:file',
    { schema: { params: z.object({ file: z.string().max(64) }) } },
    async (request, reply) => {
      const media = await findMmsMediaFile(ctx, request.params.file);
      if (!media) throw notFound();
      return sendStoredMedia(reply, { ...media, fileName: request.params.file });
    },
  );
};
