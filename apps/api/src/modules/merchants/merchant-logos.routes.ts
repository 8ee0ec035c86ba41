import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGO_FIELD, logoMessages, merchantSchema } from '@paylane/shared/contracts/merchants';
import { validationMessages } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { currentMerchantAccess } from '../../plugins/access';
import { sendStoredMedia } from '../../lib/media-response';
import { findLogoFile, updateMerchantLogo } from './merchant-logos.service';
import { userActorOf } from '../../kit/actor';
import { toMerchant } from './merchants.service';
import { merchantParams } from '../../kit/path-params';

/**
 * The one file of the request, read into memory: @fastify/multipart stops reading at
 * config.uploadLimitBytes (1 MB), so a larger file costs at most that much before it is refused.
 */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  const part = request.isMultipart() ? await request.file() : undefined;
  if (!part || part.fieldname !== LOGO_FIELD) throw fieldError(LOGO_FIELD, validationMessages.required);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError(LOGO_FIELD, logoMessages.tooLarge);
    throw error;
  }
}

export const merchantLogoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/merchants/:merchant_id/upload_logo/',
    {
      config: { access: { merchant: 'manageMerchants' } },
      schema: { params: merchantParams, response: { 200: merchantSchema } },
    },
    async (request) => {
      const before = toMerchant(currentMerchantAccess(request).merchant);
      const bytes = await readLogoUpload(request);
      return updateMerchantLogo(ctx, userActorOf(request), { before, bytes });
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
