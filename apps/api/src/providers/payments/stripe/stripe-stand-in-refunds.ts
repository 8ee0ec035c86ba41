import { text, stringsOf, type Form } from './stripe-form';
import { failure, invalid, missing, newId, type Answer } from './stripe-stand-in-common';
import type { StandInPaymentIntent } from './stripe-stand-in';
import type { Created } from './stripe-stand-in-setup';

// The stand-in's refunds (POST /v1/refunds, GET /v1/refunds?payment_intent=…), with Stripe's rules
// (docs/reference/payments.md §3 Refunds): a succeeded PaymentIntent is refunded in part, repeatedly, up to
// what is left of it; more than is left, or a fully refunded one, is refused. Idempotency is the stand-in's
// own (createOnce in stripe-stand-in.ts): a replayed key answers the same refund, other parameters are refused.

export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded';
  reason: string | null;
  failure_reason: null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function createRefundBooks(intentsOf: (account: string) => StandInPaymentIntent[]) {
  const refunds = new Map<string, StandInRefund[]>();
  const refundsOf = (account: string) => refunds.get(account) ?? refunds.set(account, []).get(account)!;
  const refundedOn = (account: string, intentId: string) =>
    refundsOf(account)
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + refund.amount, 0);

  const refused = (status: number, body: Parameters<typeof failure>[1]): Created => ({
    answer: failure(status, body),
    ran: false,
  });

  const createRefund = (account: string, form: Form): Created => {
    const intentId = text(form.payment_intent);
    if (!intentId)
      return refused(
        400,
        invalid('payment_intent', 'parameter_missing', 'Missing required param: payment_intent.'),
      );
    const intent = intentsOf(account).find((candidate) => candidate.id === intentId);
    if (!intent)
      return { answer: missing('payment_intent', `No such payment_intent: '${intentId}'`), ran: false };
    if (intent.status !== 'succeeded')
      return refused(
        400,
        invalid(
          'payment_intent',
          'charge_not_refundable',
          `PaymentIntent ${intentId} has no successful charge to refund.`,
        ),
      );
    const left = intent.amount_received - refundedOn(account, intentId);
    if (left <= 0)
      return refused(
        400,
        invalid(
          'payment_intent',
          'charge_already_refunded',
          `Charge ${intent.latest_charge} has already been refunded.`,
        ),
      );
    const given = text(form.amount);
    if (given !== '' && !/^[1-9]\d*$/.test(given))
      return refused(400, invalid('amount', 'parameter_invalid_integer', 'Invalid positive integer'));
    const amount = given === '' ? left : Number(given);
    if (amount > left)
      return refused(
        400,
        invalid(
          'amount',
          'amount_too_large',
          `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        ),
      );
    const refund: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: text(form.reason) || null,
      failure_reason: null,
      metadata: stringsOf(form.metadata),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    refundsOf(account).push(refund);
    return { answer: { status: 200, body: structuredClone(refund) }, ran: true };
  };

  const listRefunds = (account: string, query: URLSearchParams): Answer => {
    const intentId = query.get('payment_intent');
    const data = refundsOf(account)
      .filter((refund) => !intentId || refund.payment_intent === intentId)
      .reverse();
    return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
  };

  return { createRefund, listRefunds, refundsOf: (account: string) => [...refundsOf(account)] };
}
