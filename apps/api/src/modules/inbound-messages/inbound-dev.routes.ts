import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { phoneSchema } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-errors';
import { receiveInboundSms } from './inbound.service';

const injectedReplySchema = z.object({
  from: phoneSchema,
  /** The number the customer texts; default the platform's sender. */
  to: z.string().trim().min(1).optional(),
  body: z.string().max(1600),
  media_urls: z.array(z.url()).max(10).optional(),
});

const injectedReplyAnswerSchema = z.object({
  message_id: z.string().nullable(),
  customer_id: z.string(),
  keyword: z.enum(['opt_out', 'opt_in', 'help']).nullable(),
  reply_id: z.string().nullable(),
});

/**
 * Development only (not registered in production): a customer's reply to the offline `outbox` SMS provider,
 * which has no phone to reply from (design.md §6). It goes through the same path as Twilio's inbound
 * webhook, so keywords, consent and confirmations behave as they would for real. Readable without signing
 * in, like the email outbox, so the e2e journeys can play the customer.
 */
export const inboundDevRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/dev/outbox/sms/inbound/',
    {
      config: { access: { public: true } },
      schema: { body: injectedReplySchema, response: { 201: injectedReplyAnswerSchema } },
    },
    async (request, reply) => {
      const { from, to, body, media_urls } = request.body;
      const result = await receiveInboundSms(ctx, {
        provider: 'outbox',
        providerMessageId: 'SM' + randomBytes(16).toString('hex'),
        from,
        to: to ?? ctx.config.sms.fromNumber,
        body,
        media: (media_urls ?? []).map((url) => ({ url, type: mediaTypeOf(url) })),
      });
      if (!result.customerId) throw notFound('No customer texts from that number.');
      return reply.status(201).send({
        message_id: result.messageId,
        customer_id: result.customerId,
        keyword: result.keyword,
        reply_id: result.replyId,
      });
    },
  );
};

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
