import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordPaymentMove } from '../failed-actions/failed-action-records.service';
import { spendPayLinkOfPayment } from '../pay-links/pay-link-tokens.service';
import { queuePaymentOutcomeText } from '../pay-links/payment-texts.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import type { PaymentRow } from './payments.repository';

// What follows a payment's status move, in the transaction that moved it, so it happens exactly when the move
// does, once: the pay link it was made through is spent (paid or processing), and the customer is texted
// THANKS or PAYMENT_FAILED (pay-links/payment-texts.service.ts); a failure becomes a failed action and a
// retry's outcome updates its action (failed-actions/failed-action-records.service.ts).

/** Run inside the transaction that moved `payment`; true when a text was queued (dispatch after commit). */
export async function followPaymentMove(ctx: AppContext, tx: Db, payment: PaymentRow): Promise<boolean> {
  if (payment.status === 'paid' || payment.status === 'processing')
    await spendPayLinkOfPayment(tx, payment, ctx.now());
  await recordPaymentMove(tx, payment, ctx.now());
  return queuePaymentOutcomeText({ ...ctx, db: tx }, payment);
}

/** After the commit: a queued text goes out with the dispatcher's next run. */
export async function dispatchIfQueued(ctx: AppContext, isQueued: boolean): Promise<void> {
  if (isQueued) await requestDispatch(ctx);
}
