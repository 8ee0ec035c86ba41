import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { phoneSchema, validationMessages } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { merchantSmsSender } from '../messaging/merchant-sender.service';
import { findLastSenderOf } from './inbound.repository';
import { receiveInboundSms } from './inbound.service';

const injectedReplySchema = z.object({
  from: phoneSchema,
  /** The number the customer texts; default the number that last texted them (replyNumber). */
  to: z.string().trim().min(1).optional(),
  body: z.string().max(1600),
  media_urls: z.array(z.url()).max(10).optional(),
});

const injectedReplyAnswerSchema = z.object({
  message_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  keyword: z.enum(['opt_out', 'opt_in', 'help']).nullable(),
  reply_id: z.string().nullable(),
});

/**
 * Development only (not registered in production): a customer's reply to the offline `outbox` SMS provider,
 * which has no phone to reply from (docs/conventions.md §6). It goes through the same path as Twilio's inbound
 * webhook, so routing by the number texted, keywords, consent and confirmations behave as they would for
 * real. Readable without signing in, like the email outbox, so the e2e journeys can play the customer.
 * Answers 201 when the text reached a conversation, 202 when it reached the platform's shared number (on no
 * conversation; a STOP there still counts), 404 when it reached nobody.
 */
export const inboundDevRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/dev/outbox/sms/inbound/',
    {
      config: { access: { public: true } },
      schema: {
        body: injectedReplySchema,
        response: { 201: injectedReplyAnswerSchema, 202: injectedReplyAnswerSchema },
      },
    },
    async (request, reply) => {
      const { from, to, body, media_urls } = request.body;
      const result = await receiveInboundSms(ctx, {
        provider: 'outbox',
        providerMessageId: 'SM' + randomBytes(16).toString('hex'),
        from,
        to: to ?? (await replyNumber(ctx, from)),
        body,
        media: (media_urls ?? []).map((url) => ({ url, type: mediaTypeOf(url) })),
      });
      if (result.reached === 'nobody') throw notFound(noCustomer);
      return reply.status(result.reached === 'conversation' ? 201 : 202).send({
        message_id: result.messageId,
        customer_id: result.customerId,
        keyword: result.keyword,
        reply_id: result.replyId,
      });
    },
  );
};

const noCustomer = 'No customer texts from that number.';

/**
 * The number the phone answers when the caller does not say: the sender of the merchant that texted it
 * last (a phone replies in the thread of the text it got), else of the merchant that has it as a customer.
 * Only this development stand-in for a phone picks; the routing itself goes by the number it is given.
 */
async function replyNumber(ctx: AppContext, phone: string): Promise<string> {
  const merchant = await findLastSenderOf(ctx.db, phone);
  if (!merchant) throw notFound(noCustomer);
  const number = merchantSmsSender(ctx.config.sms, merchant)?.from;
  if (!number) throw fieldError('to', validationMessages.required);
  return number;
}

const mediaTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

function mediaTypeOf(url: string): string {
  const extension = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
  return mediaTypes[extension] ?? 'application/octet-stream';
}
