import { renderAnswerSchema } from '@paylane/shared/contracts/message-templates';
import type { BodyType } from '@paylane/shared/messaging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageTemplatePath, messageTemplatesKey, messageTemplatesPath } from './keys';

/** POST .../message_templates/random_render/: a body filled with sample values (the Text and Email tabs). */
export function randomRender(merchantId: string, body: string, type: BodyType) {
  return apiRequest(`${messageTemplatesPath(merchantId)}random_render/`, {
    method: 'POST',
    body: { message_template_body: body, type },
    schema: renderAnswerSchema,
  });
}

/** The preview of a body as typed; asked only while its tab shows. */
export function useRandomRender(merchantId: string, body: string, type: BodyType, enabled: boolean) {
  return useQuery({
    queryKey: [...messageTemplatesKey(merchantId), 'random-render', type, body],
    queryFn: () => randomRender(merchantId, body, type),
    enabled: enabled && body.trim() !== '',
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export type RenderTarget = { customerId: string; accountId: string | null };

/** POST .../message_templates/{template_id}/render/: the saved template for a real customer and account. */
export function renderForCustomer(
  merchantId: string,
  templateId: string,
  target: RenderTarget,
  type: BodyType,
) {
  return apiRequest(`${messageTemplatePath(merchantId, templateId)}render/`, {
    method: 'POST',
    body: { customer: target.customerId, account: target.accountId, type },
    schema: renderAnswerSchema,
  });
}

export function useRenderForCustomer(
  merchantId: string,
  templateId: string | null,
  target: RenderTarget | null,
  type: BodyType,
) {
  return useQuery({
    queryKey: [...messageTemplatesKey(merchantId), 'render', templateId, target, type],
    queryFn: () =>
      templateId && target ? renderForCustomer(merchantId, templateId, target, type) : Promise.reject(),
    enabled: templateId !== null && target !== null,
  });
}

/**
 * POST .../message_templates/customer_render/: a body as written filled for one real customer as a mass text
 * fills it, {{payment_link}} as a sample link (the compose modal's review).
 */
export function customerRender(merchantId: string, body: string, customerId: string) {
  return apiRequest(`${messageTemplatesPath(merchantId)}customer_render/`, {
    method: 'POST',
    body: { message_template_body: body, customer: customerId },
    schema: renderAnswerSchema,
  });
}

export function useCustomerRender(merchantId: string, body: string, customerId: string | null) {
  return useQuery({
    queryKey: [...messageTemplatesKey(merchantId), 'customer-render', customerId, body],
    queryFn: () => (customerId ? customerRender(merchantId, body, customerId) : Promise.reject()),
    enabled: customerId !== null,
    staleTime: Infinity,
  });
}
