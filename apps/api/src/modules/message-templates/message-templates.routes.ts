import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerRenderSchema,
  messageTemplateListQuerySchema,
  messageTemplatePageSchema,
  messageTemplateSchema,
  messageTemplateWriteSchema,
  randomRenderSchema,
  renderAnswerSchema,
  templateRenderSchema,
} from '@paylane/shared/contracts/message-templates';
import type { AppContext } from '../../context';
import {
  checkTemplatePath,
  createMessageTemplate,
  deleteMessageTemplate,
  getMessageTemplate,
  listMessageTemplates,
  updateMessageTemplate,
} from './message-templates.service';
import { renderBodyForCustomer, renderForCustomer, renderWithSampleValues } from './template-render.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

const templateParams = merchantParams.extend({ template_id: z.string() });

const fullNameOf = (request: FastifyRequest) =>
  request.user ? `${request.user.firstName} ${request.user.lastName}`.trim() : '';

/**
 * docs/product.md §2 template list and edit, §7 message templates: every member reads and previews; writing needs
 * manageTemplates (docs/product.md §6 'Save as template, template pages': is_template_update_allowed or staff).
 */
export const messageTemplateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;
  const write = { access: { merchant: 'manageTemplates' } } as const;
  const base = '/api/merchants/:merchant_id/message_templates/';
  const one = `${base}:template_id/`;
  // Runs before validation: another merchant's template is refused whatever the body says.
  const checkPath = async (request: FastifyRequest) => {
    await checkTemplatePath(
      ctx,
      merchantIdOf(request),
      (request.params as { template_id: string }).template_id,
    );
  };

  app.get(
    base,
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: messageTemplateListQuerySchema,
        response: { 200: messageTemplatePageSchema },
      },
    },
    async (request) =>
      pageAnswer(request, await listMessageTemplates(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    base,
    {
      config: write,
      schema: {
        params: merchantParams,
        body: messageTemplateWriteSchema,
        response: { 201: messageTemplateSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMessageTemplate(ctx, actorOf(request), request.body)),
  );

  app.post(
    `${base}random_render/`,
    {
      config: member,
      schema: { params: merchantParams, body: randomRenderSchema, response: { 200: renderAnswerSchema } },
    },
    (request) => renderWithSampleValues(request.body),
  );

  app.post(
    `${base}customer_render/`,
    {
      config: member,
      schema: { params: merchantParams, body: customerRenderSchema, response: { 200: renderAnswerSchema } },
    },
    (request) =>
      renderBodyForCustomer(ctx, {
        merchantId: merchantIdOf(request),
        body: request.body.message_template_body,
        customerId: request.body.customer,
        collectorName: fullNameOf(request),
      }),
  );

  app.get(
    one,
    {
      config: member,
      preValidation: checkPath,
      schema: { params: templateParams, response: { 200: messageTemplateSchema } },
    },
    (request) => getMessageTemplate(ctx, merchantIdOf(request), request.params.template_id),
  );

  app.put(
    one,
    {
      config: write,
      preValidation: checkPath,
      schema: {
        params: templateParams,
        body: messageTemplateWriteSchema,
        response: { 200: messageTemplateSchema },
      },
    },
    (request) => updateMessageTemplate(ctx, actorOf(request), request.params.template_id, request.body),
  );

  app.delete(
    one,
    { config: write, preValidation: checkPath, schema: { params: templateParams } },
    async (request, reply) => {
      await deleteMessageTemplate(ctx, merchantIdOf(request), request.params.template_id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${one}render/`,
    {
      config: member,
      preValidation: checkPath,
      schema: { params: templateParams, body: templateRenderSchema, response: { 200: renderAnswerSchema } },
    },
    (request) =>
      renderForCustomer(ctx, {
        merchantId: merchantIdOf(request),
        templateId: request.params.template_id,
        customerId: request.body.customer,
        accountId: request.body.account ?? null,
        type: request.body.type,
        language: request.body.language,
        collectorName: fullNameOf(request),
      }),
  );
};
