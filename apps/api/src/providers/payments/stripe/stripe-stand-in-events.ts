import Stripe from 'stripe';
import type { StandInPaymentIntent } from './stripe-stand-in';

type Delivery = { id: string; type: string; account: string; secret: string; at: Date };

/**
 * A webhook delivery as Stripe makes it, for the stand-in's tests: the event JSON about a PaymentIntent
 * (a Connect event names its account) and its `Stripe-Signature` header, signed by the SDK's own test helper
 * with the endpoint's secret at the given time.
 */
export function signedStripeEvent(input: Delivery & { intent: StandInPaymentIntent }): {
  body: string;
  signature: string;
} {
  return signed(input, input.intent);
}

/**
 * `charge.dispute.created` about a PaymentIntent's charge, as Stripe sends it when a bank debit comes back after
 * it succeeded (or a card's holder disputes it): a dispute object naming the charge and the PaymentIntent, for
 * the whole amount, with Stripe's `reason`. ACH disputes are final: status `lost`.
 */
export function signedStripeDispute(
  input: Omit<Delivery, 'type'> & { intent: StandInPaymentIntent; reason: string },
): { body: string; signature: string } {
  const { intent } = input;
  const isCard = intent.payment_method_types.includes('card');
  const dispute = {
    id: `dp_${input.id}`,
    object: 'dispute',
    amount: intent.amount,
    currency: intent.currency,
    charge: intent.latest_charge,
    payment_intent: intent.id,
    reason: input.reason,
    status: isCard ? 'needs_response' : 'lost',
    is_charge_refundable: false,
    payment_method_details: isCard ? { type: 'card' } : { type: 'us_bank_account' },
    metadata: {},
    created: Math.floor(input.at.getTime() / 1000),
    livemode: false,
  };
  return signed({ ...input, type: 'charge.dispute.created' }, dispute);
}

function signed(input: Delivery, object: object): { body: string; signature: string } {
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
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: input.secret,
    timestamp: created,
  });
  return { body, signature };
}
