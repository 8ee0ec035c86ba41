import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { ProcessorBankReturn, ProcessorEvent } from '../../providers/payments/payment-processor';
import { recordCharge } from './payment-outcomes';
import type { PaymentRow } from './payments.repository';
import {
  findPaymentOfProcessor,
  findPaymentOfProcessorCharge,
  isProcessorEventSeen,
  recordProcessorEvent,
} from './processor-events.repository';

type Processor = 'sandbox' | 'stripe';

/**
 * A checked processor event (docs/reference/payments.md §3: events come late, twice and out of order). An
 * event id seen before changes nothing; a PaymentIntent event moves its payment forward only (a late
 * "processing" after "succeeded" is ignored by recordCharge), and a success posts the ledger once. A bank
 * return reported after success (a Stripe ACH dispute) returns the payment through the same path.
 */
export async function receiveProcessorEvent(
  ctx: AppContext,
  processor: Processor,
  event: ProcessorEvent,
): Promise<'recorded' | 'duplicate'> {
  if (await isProcessorEventSeen(ctx.db, { processor, eventId: event.eventId })) return 'duplicate';
  const reference = event.charge?.reference ?? '';
  const payment =
    event.charge && isUuid(reference)
      ? await findPaymentOfProcessor(ctx.db, {
          id: reference,
          processor,
          processorAccountId: event.processorAccountId,
        })
      : null;
  if (payment && event.charge) await recordCharge(ctx, payment, event.charge);
  const returned = event.bankReturn
    ? await receiveBankReturn(ctx, processor, event.processorAccountId, event.bankReturn)
    : null;
  await recordProcessorEvent(ctx.db, {
    processor,
    eventId: event.eventId,
    type: event.type,
    paymentId: payment?.id ?? returned?.id ?? null,
    receivedAt: ctx.now(),
  });
  return 'recorded';
}

/**
 * The bank sent a debit back after it succeeded: the payment becomes 'returned' as a sandbox return does
 * (recordCharge: ledger reversal, the return rules, a failed action). Only a bank debit we hold: a card
 * payment's dispute is a chargeback, which this does not handle. A payment already returned (a second event
 * about the same dispute) does not move again.
 */
async function receiveBankReturn(
  ctx: AppContext,
  processor: Processor,
  processorAccountId: string,
  bankReturn: ProcessorBankReturn,
): Promise<PaymentRow | null> {
  const payment = await findPaymentOfProcessorCharge(ctx.db, {
    processor,
    processorAccountId,
    processorChargeId: bankReturn.processorChargeId,
  });
  if (!payment || payment.methodKind !== 'bank' || payment.kind === 'refund') return null;
  await recordCharge(ctx, payment, {
    processorChargeId: bankReturn.processorChargeId,
    reference: payment.id,
    amountCents: bankReturn.amountCents,
    status: 'returned',
    failureCode: bankReturn.failureCode,
    failureMessage: bankReturn.failureMessage,
  });
  return payment;
}
