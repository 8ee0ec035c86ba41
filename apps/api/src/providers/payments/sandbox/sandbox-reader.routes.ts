import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxReaderPresentSchema } from '@paylane/shared/contracts/payments';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { notFound, fieldError } from '../../../kit/errors';
import { publicRoute } from '../../../plugins/rate-limit';
import { presentSandboxCard } from './sandbox-reader';

/**
 * The sandbox's simulated card reader, standing in for the device on the counter: present a named test card
 * to a request Paylane made (POS, card present). It is the processor's side, so it is public like a device
 * would be, limited per IP, and exists only while the sandbox is the processor.
 */
export const sandboxReaderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/sandbox-processor/readers/:request_id/present/',
    {
      config: publicRoute(ctx.config.rateLimits, 'sandbox-reader'),
      schema: {
        params: z.object({ request_id: z.string().max(100) }),
        body: sandboxReaderPresentSchema,
        response: { 200: z.object({ presented: z.literal(true) }) },
      },
    },
    async (request) => {
      const outcome = await presentSandboxCard(ctx.db, {
        readerRequestId: request.params.request_id,
        card: request.body.card,
        now: ctx.now(),
      });
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'already_presented')
        throw fieldError('non_field_errors', 'A card was already presented for this payment.');
      if (outcome === 'timed_out')
        throw fieldError('non_field_errors', 'The reader timed out; take the payment again.');
      return { presented: true as const };
    },
  );
};
