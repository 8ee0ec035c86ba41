import type { SystemTemplateType } from '@paylane/shared/messaging';
import type { AppContext } from '../../context';
import { renderSystemText } from '../message-templates/template-render.service';
import { insertPendingMessages } from '../messaging/outgoing-messages.service';
import { createPayLink } from './pay-link-tokens.service';
import { findTextRecipient } from './pay-links.repository';

// The texts after a payment (issue 16 item 6): THANKS when it is paid, PAYMENT_FAILED when it fails or comes
// back. Queued in the transaction that records the outcome, under a key per (payment, template), so each is
// written once whichever path decided it (the request, a retry, the reconciler, a webhook). The dispatcher
// then applies opt-out and quiet hours as for every text.

type DecidedPayment = {
  id: string;
  merchantId: string;
  customerId: string | null;
  accountId: string | null;
  status: 'pending' | 'processing' | 'paid' | 'failed' | 'returned' | 'refunded';
};

const textOfStatus: Partial<Record<DecidedPayment['status'], SystemTemplateType>> = {
  paid: 'THANKS',
  failed: 'PAYMENT_FAILED',
  returned: 'PAYMENT_FAILED',
};

/**
 * Queues the text a payment's outcome calls for; `ctx.db` is the transaction that recorded the outcome. True
 * when a text was written (the caller asks the dispatcher to run after its commit).
 */
export async function queuePaymentOutcomeText(ctx: AppContext, payment: DecidedPayment): Promise<boolean> {
  const type = textOfStatus[payment.status];
  if (!type) return false;
  return queuePaymentText(ctx, payment, type);
}

/**
 * Queues a system text about a payment (with a fresh pay link for {{payment_link}}), once per (payment,
 * template); `ctx.db` is the caller's transaction. Also UNCONFIRMED_PAYMENT_METHOD after a bank return retires
 * the method (issue 18). True when a text was written.
 */
export async function queuePaymentText(
  ctx: AppContext,
  payment: Pick<DecidedPayment, 'id' | 'merchantId' | 'customerId' | 'accountId'>,
  type: SystemTemplateType,
): Promise<boolean> {
  const { merchantId, customerId, accountId } = payment;
  if (!customerId) return false;
  const recipient = await findTextRecipient(ctx.db, { merchantId, customerId });
  if (!recipient?.smsPhoneNumber || recipient.voidedAt) return false;
  const rendered = await renderSystemText(ctx, {
    merchantId,
    type,
    customerId,
    accountId,
    // PAYMENT_FAILED offers a fresh link to pay again.
    paymentLink: async () =>
      accountId
        ? (await createPayLink(ctx, ctx.db, { merchantId, customerId, accountId, createdByUserId: null })).url
        : '',
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
      idempotencyKey: `payment:${payment.id}:${type}`,
    },
  ]);
  return inserted.length > 0;
}
