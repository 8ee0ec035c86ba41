import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingSummarySchema } from '@paylane/shared/contracts/merchants';
import type { AppContext } from '../../context';
import { currentMerchantAccess } from '../../plugins/access';
import { getOnboardingSummary } from './onboarding.service';
import { merchantParams } from '../../kit/path-params';

export const onboardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Members pass the access rule (a partner may only read 'member' routes); the service then keeps
  // staff out, since the checklist is about setting the merchant up.
  app.get(
    '/api/merchants/:merchant_id/onboarding_summary/',
    {
      config: { access: { merchant: 'member', partner: 'read' } },
      schema: {
        params: merchantParams,
        response: { 200: onboardingSummarySchema },
      },
    },
    (request) => getOnboardingSummary(ctx, currentMerchantAccess(request)),
  );
};
