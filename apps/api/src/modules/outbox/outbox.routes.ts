import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { outboxSmsRoutes } from './outbox-sms.routes';
import { listOutbox } from './outbox.service';
import { pageAnswer } from '../../kit/paging';

const outboxEmailSchema = z.object({
  id: z.string(),
  to_address: z.string(),
  from_address: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/**
 * The offline email outbox, readable without signing in so a developer (and the e2e journeys) can open
 * a reset or invite link. Registered only outside production, where the outbox holds nothing real.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/dev/outbox/emails/',
    {
      config: { access: { public: true } },
      schema: {
        querystring: z.object({
          to: z.string().trim().optional(),
          page: z.coerce.number().int().min(1).default(1),
          page_size: z.coerce.number().int().min(1).max(1000).default(50),
        }),
        response: { 200: pageOf(outboxEmailSchema) },
      },
    },
    async (request) => pageAnswer(request, await listOutbox(ctx, request.query)),
  );
  await app.register(outboxSmsRoutes, { ctx });
};
