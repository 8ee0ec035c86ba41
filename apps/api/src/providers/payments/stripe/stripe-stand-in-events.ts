import Stripe from 'stripe';
import type { StandInPaymentIntent } from './stripe-stand-in';

/**
 * A webhook delivery as Stripe makes it, for the stand-in's tests: the event JSON about a PaymentIntent
 * (a Connect event names its account) and its `Stripe-Signature` header, signed by the SDK's own test helper
 * with the endpoint's secret at the given time.
 */
export function signedStripeEvent(input: {
  id: string;
  type: string;
  intent: StandInPaymentIntent;
  account: string;
  secret: string;
  at: Date;
}): { body: string; signature: string } {
  const created = Math.floor(input.at.getTime() / 1000);
  const body = JSON.stringify({
    id: input.id,
    object: 'event',
    created,
    type: input.type,
    ...(input.account ? { account: input.account } : {}),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: input.intent },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: input.secret,
    timestamp: created,
  });
  return { body, signature };
}
