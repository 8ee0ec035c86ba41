import { messages as catalogue } from '@paylane/shared/messages';
import type { FailedAction } from '@paylane/shared/contracts/failed-actions';
import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { notFound, refused } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { findAutopay } from '../autopay/autopay.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { findOutgoingMessageByKey, insertPendingMessages } from '../messaging/outgoing-messages.service';
import { takeAccountPayment } from '../payments/take-payment.service';
import { retryKeyOf } from './failed-action-records.service';
import {
  findActionMessage,
  findActionPayment,
  findLiveMethod,
  findNewestLiveMethod,
  updateOpenAction,
  type FailedActionRow,
} from './failed-actions.repository';
import { failedActionsOf, getFailedAction } from './failed-actions.service';

// Retrying a failed action (docs/product.md §7 failed-actions/{id}/retry/; issue 18 item 4). A payment or an
// autopay charge is charged again, the same amount, under `retry:{actionId}` (`:{n}` for attempt n after a
// decline), so a double click or two people at once charge once; a message is sent again once through the
// outbox under the same key. Where a retry cannot help the answer is 'This action must be manually resolved'.

export type RetryTaker = { actor: Actor; canExceedRoleLimits: boolean };

/** Retries an open action; one already closed answers as it stands (retrying twice is a no-op). */
export async function retryFailedAction(
  ctx: AppContext,
  taker: RetryTaker,
  id: string,
): Promise<FailedAction> {
  const { merchantId } = taker.actor;
  const action = await getFailedAction(ctx, { merchantId, id });
  if (!action.resolvedAt) {
    if (!action.isRetryable) throw refused(catalogue.manualResolve);
    if (action.kind === 'payment' || action.kind === 'autopay') await retryPayment(ctx, taker, action);
    else if (action.kind === 'message') await resendMessage(ctx, taker, action);
    else throw refused(catalogue.manualResolve);
  }
  const [answer] = await failedActionsOf(ctx, merchantId, [id]);
  if (!answer) throw notFound();
  return answer;
}

async function retryPayment(ctx: AppContext, taker: RetryTaker, action: FailedActionRow) {
  const { merchantId } = action;
  const payment = action.paymentId
    ? await findActionPayment(ctx.db, { merchantId, id: action.paymentId })
    : null;
  if (!payment?.customerId || !payment.accountId) throw refused(catalogue.manualResolve);
  const methodId = await methodToCharge(ctx, action, {
    customerId: payment.customerId,
    accountId: payment.accountId,
    failedMethodId: payment.paymentMethodId,
  });
  if (!methodId) throw refused(catalogue.manualResolve);
  await takeAccountPayment(
    ctx,
    {
      actor: taker.actor,
      canWaiveFee: false,
      canExceedRoleLimits: taker.canExceedRoleLimits,
      // A retried autopay charge is still a recurring payment: no convenience fee (issue 18 item 2).
      isRecurring: action.kind === 'autopay',
    },
    {
      customerId: payment.customerId,
      accountId: payment.accountId,
      amount: payment.amountCents,
      payment_method: methodId,
      note: '',
      waive_fee: false,
      idempotencyKey: retryKeyOf(action.id, action.retryCount + 1),
    },
  );
}

/**
 * The method a retry charges: an autopay charge goes on the account's current autopay method (the card may
 * have been replaced since), any other payment on the method that failed; when that method is gone (removed,
 * or retired by an R02–R04 bank return), the customer's newest chargeable method replaces it; with none, null.
 */
async function methodToCharge(
  ctx: AppContext,
  action: FailedActionRow,
  payment: { customerId: string; accountId: string; failedMethodId: string | null },
): Promise<string | null> {
  const key = { merchantId: action.merchantId, customerId: payment.customerId };
  const autopayMethodId =
    action.kind === 'autopay'
      ? ((await findAutopay(ctx, { merchantId: action.merchantId, accountId: payment.accountId }))
          ?.paymentMethodId ?? null)
      : null;
  for (const id of [autopayMethodId, payment.failedMethodId]) {
    const live = id ? await findLiveMethod(ctx.db, { ...key, id }) : null;
    if (live) return live;
  }
  return findNewestLiveMethod(ctx.db, key);
}

async function resendMessage(ctx: AppContext, taker: RetryTaker, action: FailedActionRow) {
  const { merchantId } = action;
  const message = action.messageId
    ? await findActionMessage(ctx.db, { merchantId, id: action.messageId })
    : null;
  if (!message) throw refused(catalogue.manualResolve);
  const { kind } = message;
  if (kind === 'inbound') throw refused(catalogue.manualResolve);
  const isEmail = message.channel === 'email';
  const optedOutAt = isEmail ? message.emailOptedOutAt : message.smsOptedOutAt;
  const toAddress = isEmail ? message.email : message.smsPhoneNumber;
  if (optedOutAt || !toAddress) throw refused(catalogue.manualResolve);
  const attempt = action.retryCount + 1;
  const idempotencyKey = retryKeyOf(action.id, attempt);
  await inTransaction(ctx.db, async (tx) => {
    const [inserted] = await insertPendingMessages(tx, [
      {
        merchantId,
        customerId: message.customerId,
        accountId: message.accountId,
        templateId: message.templateId,
        // A resend stands alone (no batch), and only a STOP's own confirmation may go after an opt-out.
        kind: kind === 'batch' || kind === 'keyword_reply' ? 'system' : kind,
        channel: message.channel,
        body: message.body,
        subject: message.subject,
        language: message.language,
        attachments: message.attachments,
        toAddress,
        senderUserId: taker.actor.userId,
        idempotencyKey,
      },
    ]);
    // Not inserted: another retry of the same attempt won; its transaction resolved the action.
    if (!inserted) return;
    await updateOpenAction(
      tx,
      { merchantId, id: action.id },
      {
        resolvedAt: ctx.now(),
        resolvedByUserId: taker.actor.userId,
        resolution: 'retried',
        retryCount: attempt,
        retryMessageId: inserted.id,
      },
    );
  });
  if (await findOutgoingMessageByKey(ctx.db, { merchantId, idempotencyKey })) await requestDispatch(ctx);
}
