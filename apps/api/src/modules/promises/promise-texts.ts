import type { SystemTemplateType } from '@paylane/shared/messaging';
import type { AppContext } from '../../context';
import { renderSystemText } from '../message-templates/template-render.service';
import { insertPendingMessages } from '../messaging/outgoing-messages.service';
import { createPayLink } from '../pay-links/pay-link-tokens.service';
import { findPromiseRecipient, type PromiseRow } from './promises.repository';

// The texts of a promise (issue 17 item 4): PAYMENT_PROMISE when a plain promise is made, PAYMENT_SCHEDULED
// when a scheduled payment is, PAYMENT_PROMISE_CONFIRMED on confirm and UNCONFIRMED_PROMISE before the time of
// one still unconfirmed. Queued in the transaction that records the event, under `promise:{id}:{TYPE}`, so each
// is written once whichever request or sweep got there; the dispatcher then applies opt-out (the consent
// recorded on the customer) and quiet hours as for every text, like the payment texts.

export type PromiseTextType = Extract<
  SystemTemplateType,
  'PAYMENT_PROMISE' | 'PAYMENT_SCHEDULED' | 'PAYMENT_PROMISE_CONFIRMED' | 'UNCONFIRMED_PROMISE'
>;

/** `ctx.db` is the caller's transaction; true when a text was written (dispatch after the commit). */
export async function queuePromiseText(
  ctx: AppContext,
  promise: PromiseRow,
  type: PromiseTextType,
): Promise<boolean> {
  const { merchantId, customerId, accountId } = promise;
  const recipient = await findPromiseRecipient(ctx.db, { merchantId, customerId });
  if (!recipient?.smsPhoneNumber || recipient.voidedAt) return false;
  const rendered = await renderSystemText(ctx, {
    merchantId,
    type,
    customerId,
    accountId,
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
      idempotencyKey: `promise:${promise.id}:${type}`,
    },
  ]);
  return inserted.length > 0;
}
