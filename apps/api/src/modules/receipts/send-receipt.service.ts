import { randomUUID } from 'node:crypto';
import { receiptMessages, type ReceiptChannel, type SentReceipt } from '@paylane/shared/contracts/receipts';
import { formatPhone } from '@paylane/shared/format';
import { messages as catalogue } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { fieldError, invalid } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { insertPendingMessages } from '../messaging/outgoing-messages.service';
import { receiptEmail, receiptText } from './receipt-texts';
import { findReceiptMessage, findReceiptRecipient } from './receipts.repository';
import { findReceiptWithFacts } from './receipts.service';

// send_receipt (docs/product.md §7, issue 17 item 2): the receipt goes to the email or phone on file through
// the outbox like every message (the dispatcher applies opt-outs and quiet hours again at send time). It is
// queued under a key of (payment, channel, Idempotency-Key), so a double click or a retried request sends it
// once; the customer's history records it in the same transaction.

/** A payment whose outcome is unknown or that was never taken has nothing to confirm. */
const NO_RECEIPT_STATUSES = new Set(['PENDING', 'FAILED']);

export type SendReceiptInput = {
  customerId: string;
  accountId: string;
  paymentId: string;
  channel: ReceiptChannel;
  idempotencyKey: string | null;
};

export async function sendReceipt(
  ctx: AppContext,
  actor: Actor,
  input: SendReceiptInput,
): Promise<SentReceipt> {
  const { merchantId } = actor;
  const { receipt } = await findReceiptWithFacts(ctx, { merchantId, ...input });
  const key = `receipt:${input.paymentId}:${input.channel}:${input.idempotencyKey ?? randomUUID()}`;
  const earlier = await findReceiptMessage(ctx.db, { merchantId, idempotencyKey: key });
  if (earlier) return answer(input.channel, earlier);
  if (NO_RECEIPT_STATUSES.has(receipt.transaction.status))
    throw fieldError('non_field_errors', receiptMessages.notTaken);

  const to = await addressOf(ctx, merchantId, input);
  const email = input.channel === 'email' ? receiptEmail(receipt) : null;
  const messageId = await inTransaction(ctx.db, async (tx) => {
    const [inserted] = await insertPendingMessages(tx, [
      {
        merchantId,
        customerId: input.customerId,
        accountId: input.accountId,
        kind: 'system',
        channel: input.channel === 'email' ? 'email' : 'sms',
        body: email ? email.text : receiptText(receipt),
        subject: email?.subject ?? null,
        toAddress: to.address,
        language: to.language,
        senderUserId: actor.userId,
        idempotencyKey: key,
      },
    ]);
    if (!inserted) return null;
    await insertCustomerEvents(tx, [
      {
        merchantId,
        customerId: input.customerId,
        accountId: input.accountId,
        kind: 'receipt.sent',
        actorUserId: actor.userId,
        details: {
          payment_id: input.paymentId,
          channel: input.channel,
          to: to.address,
          total_amount_cents: receipt.transaction.payment.total_amount_cents,
        },
        at: ctx.now(),
      },
    ]);
    return inserted.id;
  });
  if (messageId) {
    await requestDispatch(ctx);
    return answer(input.channel, { id: messageId, toAddress: to.address });
  }
  // Nothing inserted: a concurrent request with the same key won; answer its message.
  const winner = await findReceiptMessage(ctx.db, { merchantId, idempotencyKey: key });
  if (!winner) throw new Error('receipt message was not stored');
  return answer(input.channel, winner);
}

const answer = (channel: ReceiptChannel, message: { id: string; toAddress: string }): SentReceipt => ({
  channel,
  to: channel === 'text' ? formatPhone(message.toAddress) : message.toAddress,
  message_id: message.id,
});

/** The customer's address for the channel; refused in the spec's words when they opted out of it. */
async function addressOf(ctx: AppContext, merchantId: string, input: SendReceiptInput) {
  const recipient = await findReceiptRecipient(ctx.db, { merchantId, customerId: input.customerId });
  if (!recipient || recipient.voidedAt) throw fieldError('non_field_errors', catalogue.customerVoided);
  const isEmail = input.channel === 'email';
  if (isEmail ? recipient.emailOptedOutAt : recipient.smsOptedOutAt)
    throw invalid({ non_field_errors: [catalogue.optedOut] });
  const address = isEmail ? recipient.email : recipient.smsPhoneNumber;
  if (!address) throw fieldError('channel', isEmail ? receiptMessages.noEmail : receiptMessages.noPhone);
  return { address, language: recipient.language };
}
