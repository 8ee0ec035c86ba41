import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { ProcessorEvent } from '../../providers/payments/payment-processor';
import { recordCharge } from './payment-outcomes';
import { findPaymentOfProcessor, isProcessorEventSeen, recordProcessorEvent } from './payments.repository';

/**
 * A checked processor event (docs/reference/payments.md §3: events come late, twice and out of order). An
 * event id seen before changes nothing; a PaymentIntent event moves its payment forward only (a late
 * "processing" after "succeeded" is ignored by recordCharge), and a success posts the ledger once.
 */
export async function receiveProcessorEvent(
  ctx: AppContext,
  processor: 'sandbox' | 'stripe',
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
  await recordProcessorEvent(ctx.db, {
    processor,
    eventId: event.eventId,
    type: event.type,
    paymentId: payment?.id ?? null,
    receivedAt: ctx.now(),
  });
  return 'recorded';
}
