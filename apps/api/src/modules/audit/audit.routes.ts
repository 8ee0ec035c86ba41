import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditEntrySchema,
  auditFilterOptionsSchema,
  auditLogQuerySchema,
} from '@paylane/shared/contracts/audit';
import { pageOf } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { currentMerchantAccess } from '../../plugins/access';
import { getAuditFilterOptions, listAuditLog } from './audit.service';
import { pageAnswer } from '../../kit/paging';
import { merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

// The audit log is part of the merchant's own setup, for admins (manageMerchantSettings, issue 3).
const manageMerchantSettings = { access: { merchant: 'manageMerchantSettings' } } as const;

export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/audit-log/',
    {
      config: manageMerchantSettings,
      schema: {
        params: merchantParams,
        querystring: auditLogQuerySchema,
        response: { 200: pageOf(auditEntrySchema) },
      },
    },
    async (request) =>
      pageAnswer(request, await listAuditLog(ctx, currentMerchantAccess(request).merchant, request.query)),
  );

  app.get(
    '/api/merchants/:merchant_id/audit-log/filter_options/',
    {
      config: manageMerchantSettings,
      schema: { params: merchantParams, response: { 200: auditFilterOptionsSchema } },
    },
    (request) => getAuditFilterOptions(ctx, merchantIdOf(request)),
  );
};
