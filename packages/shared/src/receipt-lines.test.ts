import { describe, expect, it } from 'vitest';
import type { PaymentReceipt } from './contracts/receipts';
import { receiptLines } from './receipt-lines';

const receipt = (overrides: Partial<PaymentReceipt> = {}): PaymentReceipt => ({
  merchant: { name: 'Demo Motors', logo_url: null, phone: '+12145550100', time_zone: 'America/Chicago' },
  merchant_name: 'Demo Motors',
  customer_name: 'Ada Lovelace',
  account_number: 'A-1',
  transaction: {
    id: '5f0c6e1e-0000-4000-8000-000000000001',
    status: 'PAID',
    created: '2026-07-04T20:05:00.000Z',
    payment: {
      id: '5f0c6e1e-0000-4000-8000-000000000001',
      customer_id: 'cust-1',
      account_id: 'acct-1',
      method_kind: 'card',
      method_label: 'VISA •••• 4242',
      note: '',
      amount_cents: 10_000,
      fee_cents: 295,
      fee_waived: false,
      total_amount_cents: 10_295,
      failure_code: null,
      failure_message: null,
      paid_at: '2026-07-04T20:05:00.000Z',
      refunded_cents: 0,
      fee_refunded_cents: 0,
      refund_of: null,
    },
  },
  refunds: [],
  refunded_cents: 0,
  ...overrides,
});

describe('receipt lines', () => {
  it('prints the fee as its own line and the date on the merchant’s clock', () => {
    expect(receiptLines(receipt())).toEqual([
      { label: 'Paid to', value: 'Demo Motors' },
      { label: 'Phone', value: '(214) 555-0100' },
      { label: 'Name', value: 'Ada Lovelace' },
      { label: 'Account', value: 'A-1' },
      { label: 'Payment method', value: 'VISA •••• 4242' },
      { label: 'Payment', value: '$100.00' },
      { label: 'Convenience fee', value: '$2.95' },
      { label: 'Total', value: '$102.95' },
      { label: 'Date', value: '07/04/2026, 3:05 PM CDT' },
      { label: 'Status', value: 'Paid' },
      { label: 'Confirmation', value: '5F0C6E1E' },
    ]);
  });

  it('prints each refund in parentheses with its date, then what was refunded and what is left', () => {
    const lines = receiptLines(
      receipt({
        refunds: [
          { amount_cents: 2_000, fee_cents: 295, occurred_at: '2026-07-06T15:00:00.000Z' },
          { amount_cents: 1_000, fee_cents: 0, occurred_at: '2026-07-08T15:00:00.000Z' },
        ],
        refunded_cents: 3_295,
      }),
    );
    expect(lines.slice(-5)).toEqual([
      { label: 'Refund 07/06/2026, 10:00 AM CDT', value: '($20.00)' },
      { label: 'Convenience fee refund 07/06/2026, 10:00 AM CDT', value: '($2.95)' },
      { label: 'Refund 07/08/2026, 10:00 AM CDT', value: '($10.00)' },
      { label: 'Total refunded', value: '($32.95)' },
      { label: 'Total after refunds', value: '$70.00' },
    ]);
  });

  it('says a waived fee was waived, and prints no fee line for a payment without one', () => {
    const waived = receipt();
    waived.transaction.payment = { ...waived.transaction.payment, fee_cents: 0, fee_waived: true };
    expect(receiptLines(waived)).toContainEqual({ label: 'Convenience fee', value: 'Waived' });
    const cash = receipt();
    cash.transaction.payment = { ...cash.transaction.payment, fee_cents: 0, method_label: 'Cash' };
    expect(receiptLines(cash).map((line) => line.label)).not.toContain('Convenience fee');
  });
});
