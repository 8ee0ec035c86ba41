import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageAnswer } from '../../kit/paging';
import { pageOf } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { clearFailureRules, listOutboxTexts, putFailureRule } from './outbox-sms.repository';

const outboxTextSchema = z.object({
  sid: z.string(),
  to_address: z.string(),
  from_address: z.string(),
  body: z.string(),
  media_urls: z.array(z.string()),
  status: z.string(),
  error_code: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

// A '+' in a query string arrives as a space; numbers are stored in E.164.
const phoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((value) => (value.startsWith('+') ? value : `+${value}`));

const failureRuleSchema = z.object({
  to: phoneSchema,
  error_code: z
    .string()
    .trim()
    .regex(/^\d{3,6}$/),
  /** 'send': refused at hand-over like a Twilio API 400; 'callback': walked to undelivered later. */
  stage: z.enum(['send', 'callback']).default('send'),
});

/**
 * The offline SMS outbox (development and e2e only, like the email outbox): read what would have been
 * texted, and tell the outbox to fail texts to a number.
 */
export const outboxSmsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const open = { access: { public: true } } as const;
  app.get(
    '/api/dev/outbox/sms/',
    {
      config: open,
      schema: {
        querystring: z.object({
          to: phoneSchema.optional(),
          page: z.coerce.number().int().min(1).default(1),
          page_size: z.coerce.number().int().min(1).max(1000).default(50),
        }),
        response: { 200: pageOf(outboxTextSchema) },
      },
    },
    async (request) => {
      const { to, page, page_size } = request.query;
      const { rows, total } = await listOutboxTexts(ctx.db, {
        to,
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return pageAnswer(request, {
        count: total,
        results: rows.map((row) => ({
          sid: row.sid,
          to_address: row.toAddress,
          from_address: row.fromAddress,
          body: row.body,
          media_urls: row.mediaUrls,
          status: row.status,
          error_code: row.errorCode,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/api/dev/outbox/sms/failures/',
    { config: open, schema: { body: failureRuleSchema } },
    async (request, reply) => {
      const { to, error_code, stage } = request.body;
      await putFailureRule(ctx.db, { toAddress: to, errorCode: error_code, stage });
      return reply.status(204).send();
    },
  );

  // ?to= removes that number's rule only, so journeys running side by side keep theirs.
  app.delete(
    '/api/dev/outbox/sms/failures/',
    { config: open, schema: { querystring: z.object({ to: z.string().optional() }) } },
    async (request, reply) => {
      await clearFailureRules(ctx.db, request.query.to);
      return reply.status(204).send();
    },
  );
};
