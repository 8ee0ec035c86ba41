import type { SystemTemplateType } from '@paylane/shared/messaging';
import type { AppContext } from '../../context';
import { renderSystemText } from '../message-templates/template-render.service';
import { insertPendingMessages } from '../messaging/outgoing-messages.service';
import { createPayLink } from '../pay-links/pay-link-tokens.service';
import { findActiveMethod, findAutopayRecipient, type EnrolmentRow } from './autopay.repository';

// The texts of an enrolment (issue 18 item 1). The system templates as built (message-templates/
// system-templates.ts, docs/product.md §3) say who acted: AUTOPAY / AUTOPAY_DISABLED when the customer's side
// turned it on or off (no staff user: the customer, or their bank revoking the authorization), and the
// _MERCHANT variants ("… by Dealer": "{{location}} set up autopay for account …") when staff did. Both are
// addressed to the customer — the copy of the authorization the customer must get (payments.md, Reg E).
// Queued in the transaction that records the change, under `autopay:{enrolment}:{TYPE}`, so each is written
// once; the dispatcher then applies opt-out and quiet hours as for every text.

export type AutopayTextType = Extract<
  SystemTemplateType,
  'AUTOPAY' | 'AUTOPAY_DISABLED' | 'AUTOPAY_MERCHANT' | 'AUTOPAY_DISABLED_MERCHANT'
>;

export function autopayTextType(kind: 'enabled' | 'disabled', byStaff: boolean): AutopayTextType {
  if (kind === 'enabled') return byStaff ? 'AUTOPAY_MERCHANT' : 'AUTOPAY';
  return byStaff ? 'AUTOPAY_DISABLED_MERCHANT' : 'AUTOPAY_DISABLED';
}

/** `ctx.db` is the caller's transaction; true when a text was written (dispatch after the commit). */
export async function queueAutopayText(
  ctx: AppContext,
  enrolment: EnrolmentRow,
  type: AutopayTextType,
  account: { amountDueCents: number; dueDate: string | null },
): Promise<boolean> {
  const { merchantId, customerId, accountId } = enrolment;
  const recipient = await findAutopayRecipient(ctx.db, { merchantId, customerId });
  if (!recipient?.smsPhoneNumber || recipient.voidedAt) return false;
  const method = await findActiveMethod(ctx.db, { merchantId, customerId, id: enrolment.paymentMethodId });
  const rendered = await renderSystemText(ctx, {
    merchantId,
    type,
    customerId,
    accountId,
    event: { dueDate: account.dueDate, amountDueCents: account.amountDueCents, paymentMethod: method },
    paymentLink: async () =>
      (await createPayLink(ctx, ctx.db, { merchantId, customerId, accountId, createdByUserId: null })).url,
  });
  if (!rendered) return false;
  const inserted = await insertPendingMessages(ctx.db, [
    {
      merchantId,
      customerId,
      accountId,
      templateId: rendered.templateId,
      kind: 'system',
      body: rendered.body,
      language: recipient.language,
      toAddress: recipient.smsPhoneNumber,
      idempotencyKey: `autopay:${enrolment.id}:${type}`,
    },
  ]);
  return inserted.length > 0;
}
