import type { RenderAnswer } from '@paylane/shared/contracts/message-templates';
import { messages } from '@paylane/shared/messages';
import { renderBody, type BodyType } from '@paylane/shared/messaging';
import type { AppContext } from '../../context';
import { fieldError } from '../../kit/errors';
import { mergeValuesOf, pickBody, sampleMergeValues } from './merge-field-values.service';
import { getTemplate } from './message-templates.service';
import { findFirstPaymentMethod, findRenderAccount, findRenderCustomer } from './template-render.repository';
import { isUuid } from '@paylane/shared/validation';

/** docs/product.md §7 random render: the body as written, filled with sample values (the template page's preview). */
export function renderWithSampleValues(input: { message_template_body: string }): RenderAnswer {
  return { rendered_body: renderBody(input.message_template_body, sampleMergeValues) };
}

/**
 * docs/product.md §7 render: the template's body of the asked type filled for one of the merchant's customers and one
 * of their accounts (the first active one when none is named); collector_name is the requesting user. A
 * template without a body of that type renders ''.
 */
export async function renderForCustomer(
  ctx: AppContext,
  input: {
    merchantId: string;
    templateId: string;
    customerId: string;
    accountId: string | null;
    type: BodyType;
    language?: string | undefined;
    collectorName: string;
  },
): Promise<RenderAnswer> {
  const { merchantId } = input;
  const template = await getTemplate(ctx.db, merchantId, input.templateId);
  const customer = isUuid(input.customerId)
    ? await findRenderCustomer(ctx.db, { merchantId, id: input.customerId })
    : null;
  if (!customer) throw fieldError('customer', messages.coBorrowerUnknown);
  const accountId = input.accountId || null;
  const account =
    accountId !== null && !isUuid(accountId)
      ? null
      : await findRenderAccount(ctx.db, { merchantId, customerId: customer.id, accountId });
  if (accountId !== null && !account) throw fieldError('account', messages.noteAccountUnknown);
  const paymentMethod = await findFirstPaymentMethod(ctx.db, { merchantId, customerId: customer.id });
  const body = pickBody(template.messageBodies, input.type, input.language ?? customer.language);
  if (body === null) return { rendered_body: '' };
  const values = mergeValuesOf({
    firstName: customer.firstName,
    lastName: customer.lastName,
    dueDate: account?.dueDate ?? null,
    amountDueCents: account?.amountDueCents ?? null,
    cadence: account?.cadence ?? null,
    accountNumber: account?.externalId ?? null,
    vehicleYear: account?.vehicleYear ?? null,
    vehicleMake: account?.vehicleMake ?? null,
    vehicleModel: account?.vehicleModel ?? null,
    locationName: account?.locationName ?? customer.locationName,
    paymentMethod,
    collectorName: input.collectorName,
  });
  return { rendered_body: renderBody(body.message_body, values) };
}
