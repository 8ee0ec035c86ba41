import type { RenderAnswer } from '@paylane/shared/contracts/message-templates';
import { messages } from '@paylane/shared/messages';
import {
  mergeSnippet,
  renderBody,
  usedMergeFields,
  type BodyType,
  type SystemTemplateType,
} from '@paylane/shared/messaging';
import type { AppContext } from '../../context';
import { fieldError } from '../../kit/errors';
import { mergeValuesOf, pickBody, sampleMergeValues } from './merge-field-values.service';
import { getTemplate } from './message-templates.service';
import { findSystemTemplate } from './system-templates.repository';
import { findFirstPaymentMethod, findRenderAccount, findRenderCustomer } from './template-render.repository';
import { isUuid } from '@paylane/shared/validation';
import { isLinkableAccount, payLinkUrl } from '../pay-links/pay-link-tokens.service';

const PAYMENT_LINK_PLACEHOLDER = mergeSnippet('payment_link');

/**
 * What a system text's event says itself, filled in place of the account's values: {{due_date}},
 * {{amount_due}} and {{payment_method}} of a promise are its date, amount and method. Null or absent: the
 * account's.
 */
export type EventMergeValues = {
  dueDate?: string | null;
  amountDueCents?: number | null;
  paymentMethod?: {
    nickname: string;
    maskedCardNumber: string | null;
    maskedAccountNumber: string | null;
  } | null;
};

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
    /**
     * {{payment_link}}: the link made for this send; when left out (a preview) the placeholder stays as
     * written, so a body copied from the preview into the chat still gets a fresh link when it is sent.
     */
    paymentLink?: (() => Promise<string>) | undefined;
    /** The values of the event being texted, over the account's (a promise's date, amount and method). */
    event?: EventMergeValues | undefined;
  },
): Promise<RenderAnswer> {
  const template = await getTemplate(ctx.db, input.merchantId, input.templateId);
  const subject = await findRenderSubject(ctx, input);
  const body = pickBody(template.messageBodies, input.type, input.language ?? subject.customer.language);
  if (body === null) return { rendered_body: '' };
  const usesLink = usedMergeFields(body.message_body).includes('payment_link');
  const paymentLink =
    usesLink && subject.account
      ? input.paymentLink
        ? await input.paymentLink()
        : PAYMENT_LINK_PLACEHOLDER
      : '';
  return { rendered_body: fillForSubject(body.message_body, subject, { ...input, paymentLink }) };
}

/**
 * docs/product.md §7 customer render: a body as written (the compose modal's review of a mass text) filled for one
 * customer as the mass text fills it: their first active account, the sender as {{collector_name}}, and
 * {{payment_link}} as a sample link as long as a real one when the account can have one (each recipient's
 * own link is made when the batch is written).
 */
export async function renderBodyForCustomer(
  ctx: AppContext,
  input: { merchantId: string; body: string; customerId: string; collectorName: string },
): Promise<RenderAnswer> {
  const subject = await findRenderSubject(ctx, { ...input, accountId: null });
  const paymentLink =
    subject.account && isLinkableAccount(subject.account) ? payLinkUrl(ctx, SAMPLE_PAY_LINK_TOKEN) : '';
  return { rendered_body: fillForSubject(input.body, subject, { ...input, paymentLink }) };
}

// As long as a real token (43 characters of base64url), so the review counts the segments a real link costs.
const SAMPLE_PAY_LINK_TOKEN = 'SAMPLE-each-customer-gets-a-link-of-their-0';

type RenderSubject = Awaited<ReturnType<typeof findRenderSubject>>;

/** The customer (of the merchant) and the account to render with; refuses a customer or account of no one. */
async function findRenderSubject(
  ctx: AppContext,
  input: {
    merchantId: string;
    customerId: string;
    accountId: string | null;
    event?: EventMergeValues | undefined;
  },
) {
  const { merchantId } = input;
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
  const paymentMethod =
    input.event?.paymentMethod ??
    (await findFirstPaymentMethod(ctx.db, { merchantId, customerId: customer.id }));
  return { customer, account, paymentMethod };
}

function fillForSubject(
  body: string,
  { customer, account, paymentMethod }: RenderSubject,
  input: { collectorName: string; paymentLink: string; event?: EventMergeValues | undefined },
): string {
  const values = mergeValuesOf({
    firstName: customer.firstName,
    lastName: customer.lastName,
    dueDate: input.event?.dueDate ?? account?.dueDate ?? null,
    amountDueCents: input.event?.amountDueCents ?? account?.amountDueCents ?? null,
    cadence: account?.cadence ?? null,
    accountNumber: account?.externalId ?? null,
    vehicleYear: account?.vehicleYear ?? null,
    vehicleMake: account?.vehicleMake ?? null,
    vehicleModel: account?.vehicleModel ?? null,
    locationName: account?.locationName ?? customer.locationName,
    paymentMethod,
    collectorName: input.collectorName,
    paymentLink: input.paymentLink,
  });
  return renderBody(body, values);
}

/**
 * The text of a system template (docs/product.md §3 system types: THANKS, PAYMENT_FAILED, PAYMENTREQUEST …) for
 * one customer and account, as it is sent: null when the merchant turned the template off or it has no text.
 * `ctx.db` may be the caller's transaction.
 */
export async function renderSystemText(
  ctx: AppContext,
  input: {
    merchantId: string;
    type: SystemTemplateType;
    customerId: string;
    accountId: string | null;
    paymentLink: () => Promise<string>;
    event?: EventMergeValues;
  },
): Promise<{ templateId: string; body: string } | null> {
  const template = await findSystemTemplate(ctx.db, input.merchantId, input.type);
  if (!template?.active) return null;
  const { rendered_body } = await renderForCustomer(ctx, {
    merchantId: input.merchantId,
    templateId: template.id,
    customerId: input.customerId,
    accountId: input.accountId,
    type: 'TEXT',
    collectorName: '',
    paymentLink: input.paymentLink,
    event: input.event,
  });
  return rendered_body.trim() === '' ? null : { templateId: template.id, body: rendered_body };
}
