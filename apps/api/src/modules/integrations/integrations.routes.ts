import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  integrationPageSchema,
  integrationSchema,
  ituranCredentialsSchema,
  ituranCredentialsUpdateSchema,
  passtimeCredentialsSchema,
  passtimeCredentialsUpdateSchema,
} from '@paylane/shared/contracts/integrations';
import type { AppContext } from '../../context';
import { getIntegrationCredentials, updateIntegrationCredentials } from './integration-credentials.service';
import { listIntegrations, setIntegrationEnabled } from './integrations.service';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

const typeParams = merchantParams.extend({ integration_type: z.string() });
const base = '/api/merchants/:merchant_id/integrations';

/**
 * Settings → Integrations (super admins, docs/product.md §6) and the PassTime / Ituran credential pages (admins or the
 * matching custom-role flag). The credential paths are literal routes, so they never reach the
 * :integration_type routes, whose last segment is enable/ or disable/.
 */
export const integrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const manage = { access: { merchant: 'manageIntegrations' } } as const;

  app.get(
    `${base}/`,
    { config: manage, schema: { params: merchantParams, response: { 200: integrationPageSchema } } },
    (request) => listIntegrations(ctx, merchantIdOf(request)),
  );

  for (const [action, isEnabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `${base}/:integration_type/${action}/`,
      { config: manage, schema: { params: typeParams, response: { 200: integrationSchema } } },
      (request) =>
        setIntegrationEnabled(ctx, actorOf(request), {
          integrationType: request.params.integration_type,
          isEnabled,
        }),
    );
  }

  const passtime = { access: { merchant: 'managePasstime' } } as const;
  app.get(
    `${base}/passtime/credentials/`,
    { config: passtime, schema: { params: merchantParams, response: { 200: passtimeCredentialsSchema } } },
    (request) => getIntegrationCredentials(ctx, merchantIdOf(request), 'passtime'),
  );
  app.put(
    `${base}/passtime/credentials/`,
    {
      config: passtime,
      schema: {
        params: merchantParams,
        body: passtimeCredentialsUpdateSchema,
        response: { 200: passtimeCredentialsSchema },
      },
    },
    (request) => updateIntegrationCredentials(ctx, actorOf(request), 'passtime', request.body),
  );

  const ituran = { access: { merchant: 'manageIturan' } } as const;
  app.get(
    `${base}/ituran/credentials/`,
    { config: ituran, schema: { params: merchantParams, response: { 200: ituranCredentialsSchema } } },
    (request) => getIntegrationCredentials(ctx, merchantIdOf(request), 'ituran'),
  );
  app.put(
    `${base}/ituran/credentials/`,
    {
      config: ituran,
      schema: {
        params: merchantParams,
        body: ituranCredentialsUpdateSchema,
        response: { 200: ituranCredentialsSchema },
      },
    },
    (request) => updateIntegrationCredentials(ctx, actorOf(request), 'ituran', request.body),
  );
};
