import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGO_FIELD, merchantSchema } from '@paylane/shared/contracts/merchants';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { currentMerchantAccess } from '../../plugins/access';
import { sendStoredMedia } from '../../lib/media-response';
import { multipartFile } from '../../lib/multipart-file';
import { findLogoFile, updateMerchantLogo } from './merchant-logos.service';
import { userActorOf } from '../../kit/actor';
import { toMerchant } from './merchants.service';
import { merchantParams } from '../../kit/path-params';

export const merchantLogoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/merchants/:merchant_id/upload_logo/',
    {
      config: { access: { merchant: 'manageMerchants' } },
      schema: { params: merchantParams, response: { 200: merchantSchema } },
    },
    async (request) => {
      const before = toMerchant(currentMerchantAccess(request).merchant);
      const file = await multipartFile(request, LOGO_FIELD);
      return updateMerchantLogo(ctx, userActorOf(request), { before, file });
    },
  );

  // Public, outside /api/: <img> tags send no bearer token, and the names are random and unguessable.
  app.get(
    '/media/logos/:file',
    { schema: { params: z.object({ file: z.string().max(64) }) } },
    async (request, reply) => {
      const logo = await findLogoFile(ctx, request.params.file);
      if (!logo) throw notFound();
      return sendStoredMedia(reply, { ...logo, fileName: request.params.file });
    },
  );
};
