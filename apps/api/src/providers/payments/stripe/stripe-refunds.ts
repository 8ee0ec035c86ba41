import type Stripe from 'stripe';
import type { PaymentProcessor, ProcessorRefund, RefundStatus } from '../payment-processor';
import { toProcessorError } from './stripe-processor';

/** Stripe-Account names the merchant's connected account; '' is the platform's own. */
const onAccount = (processorAccountId: string) =>
  processorAccountId === '' ? {} : { stripeAccount: processorAccountId };

/** requires_action (a bank refund waiting for the customer's details) is still on its way: pending. */
function refundStatusOf(status: string | null): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

export function toRefund(refund: Stripe.Refund): ProcessorRefund {
  const status = refundStatusOf(refund.status);
  return {
    processorRefundId: refund.id,
    reference: refund.metadata?.reference ?? '',
    amountCents: refund.amount,
    status,
    failureCode: status === 'failed' ? (refund.failure_reason ?? 'refund_failed') : null,
    failureMessage: status === 'failed' ? 'The processor could not return the money.' : null,
  };
}

/**
 * Refunds through Stripe's `POST /v1/refunds` (payment_intent, amount, metadata[reference]) with our key as
 * Idempotency-Key, on the merchant's connected account. An ambiguous answer is looked up with
 * `GET /v1/refunds?payment_intent=…` by our reference before anything is sent again (a list, not the
 * eventually consistent search, so a refund made a moment ago is found).
 */
export function stripeRefunds(client: Stripe): Pick<PaymentProcessor, 'refund' | 'findRefund'> {
  return {
    async refund(request) {
      try {
        const refund = await client.refunds.create(
          {
            payment_intent: request.processorChargeId,
            amount: request.amountCents,
            metadata: { reference: request.reference },
          },
          { idempotencyKey: request.idempotencyKey, ...onAccount(request.processorAccountId) },
        );
        return toRefund(refund);
      } catch (error) {
        throw toProcessorError(error);
      }
    },

    async findRefund({ processorAccountId, processorChargeId, reference }) {
      try {
        const page = await client.refunds.list(
          { payment_intent: processorChargeId, limit: 100 },
          onAccount(processorAccountId),
        );
        const found = page.data.find((refund) => refund.metadata?.reference === reference);
        return found ? toRefund(found) : null;
      } catch (error) {
        throw toProcessorError(error);
      }
    },
  };
}
