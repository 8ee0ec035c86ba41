import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  merchantSettingsSchema,
  merchantSettingsUpdateSchema,
} from '@paylane/shared/contracts/merchant-settings';
import type { AppContext } from '../../context';
import { currentMerchantAccess } from '../../plugins/access';
import { getMerchantSettings, updateMerchantSettings } from './merchant-settings.service';

const params = z.object({ merchant_id: z.string() });

/** Spec §2 settings/general: the merchant's contact details, quiet hours and payment limits. */
export const merchantSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const access = { access: { merchant: 'manageMerchantSettings' } } as const;

  app.get(
    '/api/merchants/:merchant_id/settings/',
    { config: access, schema: { params, response: { 200: merchantSettingsSchema } } },
    (request) => getMerchantSettings(ctx, currentMerchantAccess(request).merchant.id),
  );

  app.put(
    '/api/merchants/:merchant_id/settings/',
    {
      config: access,
      schema: { params, body: merchantSettingsUpdateSchema, response: { 200: merchantSettingsSchema } },
    },
    (request) =>
      updateMerchantSettings(
        ctx,
        {
          merchantId: currentMerchantAccess(request).merchant.id,
          userId: request.user?.id ?? null,
          ip: request.ip,
        },
        request.body,
      ),
  );
};
