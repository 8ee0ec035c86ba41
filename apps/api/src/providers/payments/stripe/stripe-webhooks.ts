import Stripe from 'stripe';
import type { ProcessorEvent } from '../payment-processor';
import { bankReturnOfDispute } from './stripe-disputes';
import { toCharge } from './stripe-processor';

/** Stripe's default tolerance between the signature's timestamp and now, against replayed deliveries. */
const TOLERANCE_SECONDS = 300;

/**
 * Checks a delivery's `Stripe-Signature` over the raw body with the endpoint's secret (the SDK's own check:
 * HMAC-SHA256 of "timestamp.body", at most 5 minutes old) and reads the event; null when the check fails, so
 * nothing from an unsigned or tampered body is ever acted on (docs/reference/payments.md §3 webhooks).
 */
export function verifyStripeEvent(input: {
  rawBody: string;
  signature: string | undefined;
  secret: string;
  now: Date;
}): ProcessorEvent | null {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      input.rawBody,
      input.signature ?? '',
      input.secret,
      TOLERANCE_SECONDS,
      undefined,
      Math.floor(input.now.getTime() / 1000),
    );
  } catch {
    return null;
  }
  const object = event.data.object as { object?: string };
  return {
    eventId: event.id,
    type: event.type,
    processorAccountId: event.account ?? '',
    charge: object.object === 'payment_intent' ? toCharge(object as Stripe.PaymentIntent) : null,
    // A bank debit that came back after it succeeded (stripe-disputes.ts); a later update of the same dispute
    // (charge.dispute.updated, .closed) has nothing more to say.
    bankReturn:
      event.type === 'charge.dispute.created' && object.object === 'dispute'
        ? bankReturnOfDispute(object as Stripe.Dispute)
        : null,
  };
}
