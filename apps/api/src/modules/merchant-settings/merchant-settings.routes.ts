import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  merchantSettingsSchema,
  merchantSettingsUpdateSchema,
} from '@paylane/shared/contracts/merchant-settings';
import type { AppContext } from '../../context';
import { getMerchantSettings, updateMerchantSettings } from './merchant-settings.service';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

/** docs/product.md §2 settings/general: the merchant's contact details, quiet hours and payment limits. */
export const merchantSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const access = { access: { merchant: 'manageMerchantSettings' } } as const;

  app.get(
    '/api/merchants/:merchant_id/settings/',
    { config: access, schema: { merchantParams, response: { 200: merchantSettingsSchema } } },
    (request) => getMerchantSettings(ctx, merchantIdOf(request)),
  );

  app.put(
    '/api/merchants/:merchant_id/settings/',
    {
      config: access,
      schema: {
        merchantParams,
        body: merchantSettingsUpdateSchema,
        response: { 200: merchantSettingsSchema },
      },
    },
    (request) => updateMerchantSettings(ctx, actorOf(request), request.body),
  );
};
