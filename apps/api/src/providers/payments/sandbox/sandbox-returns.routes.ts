import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { fieldError, notFound } from '../../../kit/errors';
import { publicRoute } from '../../../plugins/rate-limit';
import { returnSandboxCharge } from './sandbox-returns';
import { sandboxReturnMessages } from './sandbox-test-numbers';

const codes = Object.keys(sandboxReturnMessages) as [string, ...string[]];

/**
 * The sandbox's bank, standing in for a real one: return a settled bank charge with a NACHA code, as a bank may
 * days after settlement (for tests and the demo). The processor's side, so public like the reader, named by
 * the charge's long random id, limited per IP, and only while the sandbox is the processor.
 */
export const sandboxReturnRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/sandbox-processor/charges/:charge_id/return/',
    {
      config: publicRoute(ctx.config.rateLimits, 'sandbox-return'),
      schema: {
        params: z.object({ charge_id: z.string().max(100) }),
        body: z.object({ code: z.enum(codes) }),
        response: { 200: z.object({ returned: z.literal(true) }) },
      },
    },
    async (request) => {
      const outcome = await returnSandboxCharge(ctx.db, {
        processorChargeId: request.params.charge_id,
        code: request.body.code,
        now: ctx.now(),
      });
      if (outcome === 'not_found') throw notFound();
      if (outcome !== 'returned')
        throw fieldError('non_field_errors', 'Only a settled bank charge can be returned.');
      return { returned: true as const };
    },
  );
};
