import type { HistoryEvent } from '@paylane/shared/contracts/customer-history';
import { describe, expect, it } from 'vitest';
import { describeEvent } from './history-text';

const event = (kind: string, details: Record<string, unknown>): HistoryEvent => ({
  id: 'e1',
  kind,
  account_id: 'acct-1',
  actor: null,
  details,
  created: '2026-07-04T20:05:00.000Z',
});
const account = (external_id: string, first_name: string, last_name: string) => ({
  id: `acct-${external_id}`,
  external_id,
  customer: { id: `cust-${first_name}`, first_name, last_name },
});
const moved = {
  payment_id: 'pay-7',
  amount_cents: 6_000,
  total_amount_cents: 6_000,
  method_label: 'Cash',
  from_account: account('A-1', 'Ada', 'Lovelace'),
  to_account: account('ACC-2', 'Cy', 'Park'),
};

describe('issue 17 payment events in the history', () => {
  it('tells a move from the side of the customer whose timeline it is', () => {
    expect(
      describeEvent(event('payment.moved', { ...moved, direction: 'out' }), 'Account A-1').sentence,
    ).toBe('Moved a payment of $60.00 (Cash) from Account A-1 to Account ACC-2 (Cy Park)');
    expect(describeEvent(event('payment.moved', { ...moved, direction: 'in' }), null).sentence).toBe(
      'Moved a payment of $60.00 (Cash) from Account A-1 (Ada Lovelace) to Account ACC-2',
    );
    expect(describeEvent(event('payment.moved', { ...moved, direction: 'within' }), null).sentence).toBe(
      'Moved a payment of $60.00 (Cash) from Account A-1 to Account ACC-2',
    );
  });

  it('says which receipt went where', () => {
    const sent = { payment_id: 'pay-7', total_amount_cents: 10_295 };
    expect(
      describeEvent(event('receipt.sent', { ...sent, channel: 'email', to: 'ada@example.com' }), null)
        .sentence,
    ).toBe('Sent the receipt of a $102.95 payment by email to ada@example.com');
    expect(
      describeEvent(event('receipt.sent', { ...sent, channel: 'text', to: '+12145550123' }), null).sentence,
    ).toBe('Sent the receipt of a $102.95 payment by text to (214) 555-0123');
  });
});
